import { AUTH_API } from '../../../contract/auth-endpoints';
import { call } from '../../lib/api';
import { session } from '../../lib/session';

/** Logout revokes the tokens, clears all stored data and cookies, resets state and reloads (docs/product.md §4). */
export async function logout() {
  try {
    if (session.get().token) await call(AUTH_API.logout, { keepSessionOn401: true });
  } catch {
    // the local session ends anyway
  }
  session.clear();
  location.assign('/');
}
