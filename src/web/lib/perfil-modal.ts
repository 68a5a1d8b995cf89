import { useSyncExternalStore } from 'react';

/*
 * Whether the complete-profile modal was put off by the user ("later"): until the next page load, or until
 * something asks for it again (the dashboard's "Completar perfil" button, or the one beside "Completa tu
 * perfil antes de continuar."). In lib/ because pages of several features offer the way back to it.
 */
let postponed = false;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());
export const perfilModal = {
  open() {
    postponed = false;
    emit();
  },
  postpone() {
    postponed = true;
    emit();
  },
};

export const usePerfilModalPostponed = () =>
  useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => postponed,
    () => false,
  );
