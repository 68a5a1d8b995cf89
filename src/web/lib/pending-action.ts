/*
 * An action a visitor started and could not finish without an account: a heart, later "Solicitar muestra" or
 * "Comprar". It is written down when the person goes to sign in (or register), and the control that started
 * it finishes it when it appears again with a session (the sign-in pages send the person back with ?next=).
 * Kept for this tab only, and for half an hour: an old intention is not carried out by surprise.
 */
export interface PendingAction {
  /** What to do: 'favorito', and later 'muestra', 'comprar'. */
  kind: string;
  /** On what (the lot's id). */
  id: string;
}

const KEY = 'cereza:accion-pendiente';
const MAX_AGE_MS = 30 * 60_000;

export const pendingAction = {
  set(action: PendingAction) {
    try {
      sessionStorage.setItem(KEY, JSON.stringify({ ...action, at: Date.now() }));
    } catch {
      // Storage unavailable (private mode quota): the person signs in and clicks again, as before.
    }
  },
  /** True once (the action is removed) when this action is the pending one. */
  take(kind: string, id: string): boolean {
    try {
      const raw = sessionStorage.getItem(KEY);
      if (!raw) return false;
      const a = JSON.parse(raw) as PendingAction & { at?: number };
      if (!a.at || Date.now() - a.at > MAX_AGE_MS) {
        sessionStorage.removeItem(KEY);
        return false;
      }
      if (a.kind !== kind || a.id !== id) return false;
      sessionStorage.removeItem(KEY);
      return true;
    } catch {
      return false;
    }
  },
};
