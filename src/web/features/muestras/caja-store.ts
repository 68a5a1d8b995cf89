import { useSyncExternalStore } from 'react';
import { CAJA_LOCAL_KEY } from '../../../contract/cajas-paths';
import { CAJAS_API } from '../../../contract/cajas-endpoints';
import type { CajaLote } from '../../../contract/muestras';
import { call } from '../../lib/api';

/*
 * The sample box's lots as every "Añadir a la caja de muestras" button sees them (decision 070). This file is on the
 * public pages' first load: it is kept to a few lines. A visitor's box lives in localStorage; a buyer's on the
 * server (TanStack Query key CAJA_KEY), and whatever his browser kept as a visitor joins it on the first read after
 * signing in.
 */

export const CAJA_KEY = ['caja-muestras'] as const;

const subs = new Set<() => void>();
let cache: string | null | undefined;

function read(): string {
  try {
    return (cache ??= localStorage.getItem(CAJA_LOCAL_KEY)) ?? '[]';
  } catch {
    return '[]';
  }
}

/** The visitor's lot ids, kept in the browser. */
export const idsLocales = (): string[] => {
  try {
    const v = JSON.parse(read());
    return Array.isArray(v) ? v.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
};

export function saveLocales(ids: string[]) {
  try {
    if (ids.length) localStorage.setItem(CAJA_LOCAL_KEY, JSON.stringify(ids));
    else localStorage.removeItem(CAJA_LOCAL_KEY);
  } catch {
    // A browser that refuses storage keeps the box for this page only.
  }
  cache = undefined;
  subs.forEach((f) => f());
}

/** The visitor's box as a string snapshot (stable between reads; '[]' on the server). */
export const useLocales = () =>
  useSyncExternalStore(
    (f) => (subs.add(f), () => subs.delete(f)),
    read,
    () => '[]',
  );

/** GET the buyer's box; the visitor's box of this browser is merged in first, then forgotten. */
export async function readCajaServidor(signal?: AbortSignal): Promise<CajaLote[]> {
  const locales = idsLocales();
  if (locales.length) {
    const r = await call(CAJAS_API.fusionar, { body: { loteIds: locales } });
    saveLocales([]);
    return r.data.lotes;
  }
  return (await call(CAJAS_API.caja, { signal })).data.lotes;
}
