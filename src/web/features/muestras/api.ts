import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CataResponseSchema,
  CatasLoteResponseSchema,
  EstadoMuestra,
  HojaCata,
  MuestraAccion,
  MuestraDetalleResponseSchema,
  MuestraInput,
  MuestraResponseSchema,
  MuestrasResponseSchema,
} from '../../../contract/muestras';
import { API } from '../../../contract/paths';
import { api, type Answer } from '../../lib/api';

/** Samples and cupping (docs/product.md §10–11): the buyer's and the producer's calls. */

/** One page of samples, as the contract declares it (with the per-state counts over every page). */
export type MuestrasPage = Answer<typeof MuestrasResponseSchema>['data'];

/** How many samples a page of the lists shows. */
export const MUESTRAS_POR_PAGINA = 20;

export const muestrasKeys = {
  all: ['muestras'] as const,
  list: (rol: 'comprador' | 'productor', estado?: EstadoMuestra, loteId?: string, page = 1) =>
    ['muestras', 'list', { rol, estado, loteId, page }] as const,
  detail: (id: string) => ['muestras', 'detail', id] as const,
  catas: (loteId?: string) => ['muestras', 'catas', loteId ?? null] as const,
};

export const muestrasQuery = (rol: 'comprador' | 'productor', estado?: EstadoMuestra, loteId?: string, page = 1) =>
  queryOptions({
    queryKey: muestrasKeys.list(rol, estado, loteId, page),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ rol, page: String(page), limit: String(MUESTRAS_POR_PAGINA) });
      if (estado) qs.set('estado', estado);
      if (loteId) qs.set('loteId', loteId);
      return api<Answer<typeof MuestrasResponseSchema>>(`${API.muestras}?${qs}`, { signal }).then((r) => r.data);
    },
  });

/** One page of the viewer's samples (the lists page with the shared Pager; the server pages them). */
export const useMuestras = (rol: 'comprador' | 'productor', estado?: EstadoMuestra, page = 1) =>
  useQuery({ ...muestrasQuery(rol, estado, undefined, page), placeholderData: keepPreviousData });

/** The page a list shows, from its URL (`?page=`). */
export const pageFrom = (params: URLSearchParams) => Math.max(1, Math.trunc(Number(params.get('page'))) || 1);

/** The buyer's samples of one lot (the lot page shows where the last one is). */
export const useMuestrasDeLote = (loteId: string, enabled: boolean) =>
  useQuery({ ...muestrasQuery('comprador', undefined, loteId), enabled });

export const useMuestraDetalle = (id: string | null) =>
  useQuery({
    queryKey: muestrasKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      api<Answer<typeof MuestraDetalleResponseSchema>>(API.muestra(id!), { signal }).then((r) => r.data),
    enabled: !!id,
  });

export const useCatasRecibidas = (loteId?: string) =>
  useQuery({
    queryKey: muestrasKeys.catas(loteId),
    queryFn: ({ signal }) =>
      api<Answer<typeof CatasLoteResponseSchema>>(`${API.catasRecibidas}${loteId ? `?loteId=${loteId}` : ''}`, {
        signal,
      }).then((r) => r.data),
  });

export function useSolicitarMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MuestraInput; idempotencyKey: string }) =>
      api<Answer<typeof MuestraResponseSchema>>(API.muestras, { method: 'POST', body, idempotencyKey }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}

export function useMoveMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MuestraAccion }) =>
      api<Answer<typeof MuestraResponseSchema>>(API.muestraAcciones(id), { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}

export function useCatarMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hoja }: { id: string; hoja: HojaCata }) =>
      api<Answer<typeof CataResponseSchema>>(API.muestraCata(id), {
        method: 'POST',
        body: hoja,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}
