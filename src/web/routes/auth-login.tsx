import { useState } from 'react';
import { Navigate } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { DataUser } from '../../contract/users';
import { LoginPage } from '../features/auth/login-page';
import { lotesQuery, ownLotesQuery } from '../features/lotes/api';
import { dashboardPath, rolOf, session } from '../lib/session';

/**
 * docs/product.md §4: after sign-in the public lots are loaded, and the producer's own lots for producers (only once
 * they have a profile: before that the lot calls are refused, docs/product.md §6).
 */
export function warmLotes(queryClient: QueryClient, user: DataUser) {
  void queryClient.prefetchQuery(lotesQuery(''));
  if (user.tipoUser === 'PRODUCTOR' && user.perfilBase) void queryClient.prefetchQuery(ownLotesQuery());
}

export function Component() {
  // Checked once on entry: signing in on this page navigates by itself (to ?next= or the dashboard).
  const [{ token, user }] = useState(session.get);
  if (token && user) return <Navigate to={dashboardPath(rolOf(user)!)} replace />;
  return <LoginPage warm={warmLotes} />;
}
