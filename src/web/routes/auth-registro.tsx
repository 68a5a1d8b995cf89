import { useState } from 'react';
import { Navigate } from 'react-router';
import { RegisterPage } from '../features/auth/register-page';
import { dashboardPath, rolOf, session } from '../lib/session';
import { warmLotes } from './auth-login';

export function Component() {
  // Checked once on entry: signing in on this page navigates by itself (to ?next= or the dashboard).
  const [{ token, user }] = useState(session.get);
  if (token && user) return <Navigate to={dashboardPath(rolOf(user)!)} replace />;
  return <RegisterPage warm={warmLotes} />;
}
