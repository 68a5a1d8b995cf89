import { useSyncExternalStore } from 'react';

/** Toasts close after 3000 ms and collapse in 300 ms (docs/product.md §9). */
export const TOAST_DURATION_MS = 3000;
export const TOAST_COLLAPSE_MS = 300;

export type ToastKind = 'success' | 'error' | 'info';
export interface ToastItem {
  id: number;
  kind: ToastKind;
  message: string;
  createdAt: number;
  closing: boolean;
}

/** Progress of a toast's countdown, clamped between 0 and 1 (docs/product.md §5). */
export function clampProgress(value: number): number {
  if (Number.isNaN(value)) return 0;
  return Math.min(1, Math.max(0, value));
}

/** No toasts: one array, also the server's snapshot, so hydration sees no change when there are none. */
const NONE: ToastItem[] = [];
let items: ToastItem[] = NONE;
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

function dismiss(id: number) {
  const item = items.find((t) => t.id === id);
  if (!item || item.closing) return;
  items = items.map((t) => (t.id === id ? { ...t, closing: true } : t));
  emit();
  setTimeout(() => {
    items = items.filter((t) => t.id !== id);
    emit();
  }, TOAST_COLLAPSE_MS);
}

function show(kind: ToastKind, message: string) {
  // The same message twice in a row (e.g. several failing calls) shows once.
  const dup = items.find((t) => t.message === message && !t.closing);
  if (dup) return dup.id;
  const id = nextId++;
  items = [...items, { id, kind, message, createdAt: Date.now(), closing: false }];
  emit();
  setTimeout(() => dismiss(id), TOAST_DURATION_MS);
  return id;
}

export const toast = {
  success: (m: string) => show('success', m),
  error: (m: string) => show('error', m),
  info: (m: string) => show('info', m),
  dismiss,
  subscribe(l: () => void) {
    listeners.add(l);
    return () => listeners.delete(l);
  },
  get: () => items,
};

/** The server renders no toasts, so hydration starts from none. */
export const useToasts = () => useSyncExternalStore(toast.subscribe, toast.get, () => NONE);
