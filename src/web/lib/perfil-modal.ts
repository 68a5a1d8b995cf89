import { useSyncExternalStore } from 'react';

/*
 * Whether the complete-profile modal was put off by the user ("later", Escape): for the rest of the browser
 * session (issue 32: it reopened on every page), or until something asks for it again (the dashboard's
 * "Completar perfil" reminder, or the button beside "Completa tu perfil antes de continuar."). In lib/ because
 * pages of several features offer the way back to it.
 */
const KEY = 'cereza:perfil-pospuesto';
let postponed: boolean | undefined;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function remember(value: boolean) {
  try {
    if (value) sessionStorage.setItem(KEY, '1');
    else sessionStorage.removeItem(KEY);
  } catch {
    // Storage refused (private mode): the choice holds until the page is reloaded.
  }
}

function read(): boolean {
  if (postponed === undefined) {
    try {
      postponed = sessionStorage.getItem(KEY) === '1';
    } catch {
      postponed = false;
    }
  }
  return postponed;
}

export const perfilModal = {
  open() {
    postponed = false;
    remember(false);
    emit();
  },
  postpone() {
    postponed = true;
    remember(true);
    emit();
  },
  /** Whether it is put off now (read from the session once). */
  get postponed() {
    return read();
  },
};

export const usePerfilModalPostponed = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    read,
    () => false,
  );
