import { useState } from 'react';
import { Navigate } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Rol } from '../../contract/roles';
import { LoginPage } from '../features/auth/login-page';
import { lotesQuery, misLotesQuery } from '../features/lotes/api';
import { dashboardPath, rolOf, session } from '../lib/session';

/** Spec §4: after sign-in the public lots are loaded, and the producer's own lots for producers. */
export function warmLotes(queryClient: QueryClient, rol: Rol) {
  void queryClient.prefetchQuery(lotesQuery(''));
  if (rol === 'productor') void queryClient.prefetchQuery(misLotesQuery());
}

export function Component() {
  // Checked once on entry: signing in on this page navigates by itself (to ?next= or the dashboard).
  const [{ token, user }] = useState(session.get);
  if (token && user) return <Navigate to={dashboardPath(rolOf(user)!)} replace />;
  return <LoginPage warm={warmLotes} />;
}
