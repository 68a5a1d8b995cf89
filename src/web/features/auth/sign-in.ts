import { useNavigate, useSearchParams } from 'react-router';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { toRol } from '../../../contract/roles';
import type { DataUser } from '../../../contract/users';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';

/** What a route wants loaded right after sign-in (docs/product.md §4: public lots, and the producer's own lots). */
export type WarmUp = (queryClient: QueryClient, user: DataUser) => void;

/** Only same-site paths are followed after login; anything else could send the user to another site. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  if (/^\/auth\//i.test(next)) return null;
  return next;
}

/**
 * Saves the session (token and dataUser with timestamp), toasts, warms the data the next page needs and
 * navigates: to `?next=` when the user was sent to login, else to /dashboard/{userType} (docs/product.md §4).
 * The complete-profile modal appears by itself when perfilBase is false (ProfileModals watches the session).
 */
export function useCompleteSignIn(warm?: WarmUp) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  return (token: string, dataUser: DataUser, message: string) => {
    session.signIn(token, dataUser);
    toast.success(message);
    const rol = toRol(dataUser.tipoUser);
    warm?.(queryClient, dataUser);
    navigate(safeNext(params.get('next')) ?? `/dashboard/${rol}`, { replace: true });
  };
}
