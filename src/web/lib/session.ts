import { useSyncExternalStore } from 'react';
import type { DataUser } from '../../contract/users';
import { toRol, type Rol } from '../../contract/roles';
import { panel } from '../../contract/paginas-raiz';

/** Cached user data lives one hour (docs/product.md §9). */
export const USER_CACHE_MS = 3_600_000;

/** Also read by index.html's inline script, before first paint. */
const TOKEN_KEY = 'authToken';
const USER_KEY = 'dataUser';

export interface StoredUser {
  user: DataUser;
  timestamp: number;
  expiresIn: number;
}

export interface SessionState {
  token: string | null;
  user: DataUser | null;
  /** True when the cached user data is older than an hour and must be fetched again. */
  stale: boolean;
}

function setCookie(name: string, value: string, maxAgeSeconds?: number) {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  const age = maxAgeSeconds === undefined ? '' : `; Max-Age=${maxAgeSeconds}`;
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=/; SameSite=Lax${age}${secure}`;
}

/**
 * No session. One object: it is also what the server renders, and hydration compares snapshots by identity,
 * so a visitor without a session must get this very object or every reader re-renders at once.
 */
const ANONYMOUS: SessionState = Object.freeze({ token: null, user: null, stale: true });

function readStored(): SessionState {
  try {
    const token = localStorage.getItem(TOKEN_KEY);
    const raw = localStorage.getItem(USER_KEY);
    const stored = raw ? (JSON.parse(raw) as StoredUser) : null;
    const user = stored?.user ?? null;
    const stale = !stored || Date.now() - stored.timestamp > (stored.expiresIn || USER_CACHE_MS);
    if (!token && !user) return ANONYMOUS;
    return { token, user, stale };
  } catch {
    return ANONYMOUS;
  }
}

let state: SessionState = typeof window === 'undefined' ? ANONYMOUS : readStored();
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export const session = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Saves the token and the user data (with timestamp and expiresIn) and mirrors the cookies of docs/product.md §3. */
  signIn(token: string, user: DataUser) {
    localStorage.setItem(TOKEN_KEY, token);
    session.setUser(user, false);
    setCookie('authToken', token);
    state = { ...state, token };
    emit();
  },
  setUser(user: DataUser, notify = true) {
    const stored: StoredUser = { user, timestamp: Date.now(), expiresIn: USER_CACHE_MS };
    localStorage.setItem(USER_KEY, JSON.stringify(stored));
    setCookie('userType', toRol(user.tipoUser));
    setCookie('profileBase', String(user.perfilBase));
    state = { ...state, user, stale: false };
    if (notify) emit();
  },
  /** A refreshed token from any response replaces the stored one (docs/product.md §7). */
  setToken(token: string) {
    if (!state.token || token === state.token) return;
    localStorage.setItem(TOKEN_KEY, token);
    setCookie('authToken', token);
    state = { ...state, token };
    emit();
  },
  /** Clears every stored trace of the session: storage and the three cookies. */
  clear() {
    try {
      localStorage.removeItem(TOKEN_KEY);
      localStorage.removeItem(USER_KEY);
      sessionStorage.clear();
    } catch {
      // storage unavailable: nothing to clear
    }
    for (const c of ['authToken', 'userType', 'profileBase']) setCookie(c, '', 0);
    state = ANONYMOUS;
    emit();
  },
};

const anonymous = () => ANONYMOUS;

export function useSession(): SessionState {
  return useSyncExternalStore(session.subscribe, session.get, anonymous);
}

export function rolOf(user: DataUser | null): Rol | null {
  return user ? toRol(user.tipoUser) : null;
}

export const dashboardPath = (rol: Rol) => panel(rol);
