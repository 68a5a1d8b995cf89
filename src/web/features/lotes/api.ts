import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Lote, LoteInput, LotesTarjetasPage } from '../../../contract/lotes';
import {
  CERTIFICACIONES,
  LOTE_LIMITS,
  LOTE_SORTS,
  LOTE_STATUS,
  PAISES,
  POSICIONES,
  PROCESOS,
} from '../../../contract/lotes-codes';
import { LOTES_API } from '../../../contract/lotes-endpoints';
import { LOTE_DELETE_ERROR, LOTE_UPDATE_ERROR } from '../../../contract/errors-base';
import { call } from '../../lib/api';
import { toast } from '../../lib/toast';

/*
 * Lot data for the catalogue, the detail page and the producer's dashboard. Types come from the contract
 * with `import type` only: the zod schemas stay out of the public routes' bundle (see catalogo.ts).
 */

/** The catalogue's URL search parameters that the API understands; anything else in the URL is ignored. */
export const CATALOGO_PARAMS = [
  'q',
  'pais',
  'region',
  'proceso',
  'variedad',
  'certificacion',
  'posicion',
  'status',
  'puntajeMin',
  'puntajeMax',
  'precioMin',
  'precioMax',
  'sacosMin',
  'agotados',
  'eudr',
  'productor',
  'orden',
  'page',
  'limit',
] as const;
export type CatalogoParam = (typeof CATALOGO_PARAMS)[number];

const codes =
  (allowed: readonly string[], upper = false) =>
  (v: string) =>
    [
      ...new Set(
        v
          .split(',')
          .map((s) => (upper ? s.trim().toUpperCase() : s.trim()))
          .filter((s) => allowed.includes(s)),
      ),
    ].join(',');
const inRange =
  (min: number, max: number, integer = false) =>
  (v: string) => {
    const n = Number(v);
    return v !== '' && Number.isFinite(n) && n >= min && n <= max && (!integer || Number.isInteger(n)) ? v : '';
  };
const text = (max: number) => (v: string) => (v.includes('\u0000') ? '' : v.slice(0, max).trim());
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/*
 * What each parameter may hold for the API to accept it (the rules of LotesQuerySchema, without zod). A page URL
 * can carry anything (an old link, a hand-edited address): an unknown code or a number out of range is dropped, so
 * the catalogue falls back to its default instead of answering "Error al obtener lotes" on every retry.
 */
const CLEAN: Record<CatalogoParam, (v: string) => string> = {
  q: text(100),
  pais: codes(
    PAISES.map((p) => p.code),
    true,
  ),
  region: text(100),
  proceso: codes(PROCESOS),
  variedad: text(60),
  certificacion: codes(CERTIFICACIONES),
  posicion: codes(POSICIONES),
  status: codes(LOTE_STATUS),
  puntajeMin: inRange(0, 100),
  puntajeMax: inRange(0, 100),
  precioMin: inRange(0, LOTE_LIMITS.precioKgMax),
  precioMax: inRange(0, LOTE_LIMITS.precioKgMax),
  sacosMin: inRange(0, LOTE_LIMITS.sacosMax, true),
  agotados: (v) => (v === 'true' || v === '1' ? 'true' : ''),
  eudr: (v) => (v === 'true' || v === '1' ? 'true' : ''),
  productor: (v) => (UUID.test(v) ? v : ''),
  orden: codes(LOTE_SORTS),
  page: inRange(1, Number.MAX_SAFE_INTEGER, true),
  limit: inRange(1, LOTE_LIMITS.pageLimitMax, true),
};

/**
 * A stable query string (known keys, sorted, empty and invalid values dropped) so that equal searches share a
 * cache entry and the API never refuses what the page asks for.
 */
export function catalogoQueryString(params: URLSearchParams): string {
  const out = new URLSearchParams();
  for (const key of [...CATALOGO_PARAMS].sort()) {
    const value = CLEAN[key](params.get(key)?.trim() ?? '');
    if (value) out.set(key, value);
  }
  // An inverted range is refused by the API: the minimum gives way, as the filter panel would flag it.
  const inverted = (min: string, max: string) =>
    out.has(min) && out.has(max) && Number(out.get(min)) > Number(out.get(max));
  if (inverted('puntajeMin', 'puntajeMax')) out.delete('puntajeMin');
  if (inverted('precioMin', 'precioMax')) out.delete('precioMin');
  return out.toString();
}

export const lotesKeys = {
  all: ['lotes'] as const,
  list: (qs: string) => ['lotes', 'list', qs] as const,
  detail: (id: string) => ['lotes', 'detail', id] as const,
  mine: () => ['lotes', 'mine'] as const,
};

/** A catalogue page: the lots as cards (`vista=tarjeta`), all the cards show, a fifth of the whole lots' bytes. */
export const lotesQuery = (qs: string) =>
  queryOptions({
    queryKey: lotesKeys.list(qs),
    queryFn: ({ signal }): Promise<LotesTarjetasPage> =>
      call(LOTES_API.catalogo, {
        query: { ...Object.fromEntries(new URLSearchParams(qs)), vista: 'tarjeta' },
        signal,
        auth: false,
      }).then((r) => r.data),
  });

/** The previous page stays on screen while the next one loads (no layout jump when paging). */
export const useLotes = (qs: string) => useQuery({ ...lotesQuery(qs), placeholderData: keepPreviousData });

export const loteQuery = (id: string) =>
  queryOptions({
    queryKey: lotesKeys.detail(id),
    queryFn: ({ signal }) => call(LOTES_API.ficha, { params: { id }, signal }).then((r) => r.data.lote),
  });

export const useLote = (id: string) => useQuery(loteQuery(id));

const PRODUCTOR_PAGE = 100;

/** Every lot of the signed-in producer, hidden ones included (the dashboard's three views derive from it). */
async function fetchOwnLotes(signal?: AbortSignal): Promise<Lote[]> {
  const first = await call(LOTES_API.mios, { query: { page: 1, limit: PRODUCTOR_PAGE }, signal });
  const lotes = [...first.data.lotes];
  for (let page = 2; page <= first.data.pagination.totalPages; page++) {
    const next = await call(LOTES_API.mios, { query: { page, limit: PRODUCTOR_PAGE }, signal });
    lotes.push(...next.data.lotes);
  }
  return lotes;
}

export const ownLotesQuery = () =>
  queryOptions({ queryKey: lotesKeys.mine(), queryFn: ({ signal }) => fetchOwnLotes(signal) });

export const useOwnLotes = () => useQuery(ownLotesQuery());

/** Lists and details elsewhere are stale after any write (the catalogue, the public detail). */
function invalidatePublic(qc: ReturnType<typeof useQueryClient>, id?: string) {
  void qc.invalidateQueries({ queryKey: ['lotes', 'list'] });
  if (id) void qc.invalidateQueries({ queryKey: lotesKeys.detail(id) });
}

/** What the lot form sends: the contract's create body (an edit sends the whole lot too). */
export type LoteBody = LoteInput;

export function useCreateLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoteBody) => call(LOTES_API.crear, { body }),
    onSuccess: (res) => {
      qc.setQueryData<Lote[]>(lotesKeys.mine(), (old) => (old ? [res.data.lote, ...old] : old));
      qc.setQueryData(lotesKeys.detail(res.data.lote.id), res.data.lote);
      void qc.invalidateQueries({ queryKey: lotesKeys.mine() });
      invalidatePublic(qc);
    },
  });
}

/** A full edit from the form: the producer's list and the detail get the server's answer. */
export function useUpdateLote(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: LoteBody) => call(LOTES_API.actualizar, { params: { id }, body }),
    onSuccess: (res) => {
      qc.setQueryData<Lote[]>(lotesKeys.mine(), (old) => old?.map((l) => (l.id === id ? res.data.lote : l)));
      qc.setQueryData(lotesKeys.detail(id), res.data.lote);
      invalidatePublic(qc, id);
    },
  });
}

type QuickPatch = Partial<Pick<Lote, 'ocultar' | 'sacosDisponibles'>>;

/**
 * Quick changes from the dashboard (hide/show, available bags): applied to the list at once, undone with the
 * catalogue's "Error al actualizar lote" (docs/product.md §8) when the server refuses.
 */
export function usePatchLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: QuickPatch }) =>
      call(LOTES_API.actualizar, { params: { id }, body: patch }),
    onMutate: async ({ id, patch }) => {
      await qc.cancelQueries({ queryKey: lotesKeys.mine() });
      const previous = qc.getQueryData<Lote[]>(lotesKeys.mine());
      qc.setQueryData<Lote[]>(lotesKeys.mine(), (old) => old?.map((l) => (l.id === id ? { ...l, ...patch } : l)));
      return { previous };
    },
    onError: (_err, _vars, ctx) => {
      if (ctx?.previous) qc.setQueryData(lotesKeys.mine(), ctx.previous);
      toast.error(LOTE_UPDATE_ERROR);
    },
    onSuccess: (res, { id }) => {
      qc.setQueryData<Lote[]>(lotesKeys.mine(), (old) => old?.map((l) => (l.id === id ? res.data.lote : l)));
      qc.setQueryData(lotesKeys.detail(id), res.data.lote);
      if (res.message) toast.success(res.message);
      invalidatePublic(qc, id);
    },
  });
}

export function useDeleteLote() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(LOTES_API.eliminar, { params: { id } }),
    onSuccess: (res, id) => {
      qc.setQueryData<Lote[]>(lotesKeys.mine(), (old) => old?.filter((l) => l.id !== id));
      qc.removeQueries({ queryKey: lotesKeys.detail(id) });
      if (res?.message) toast.success(res.message);
      invalidatePublic(qc);
    },
    onError: () => toast.error(LOTE_DELETE_ERROR),
  });
}
