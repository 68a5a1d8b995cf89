import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../contract/endpoint';
import type { EstadoMuestra, HojaCata, MuestraAccion, MuestraInput } from '../../../contract/muestras';
import { MUESTRAS_API } from '../../../contract/muestras-endpoints';
import { call } from '../../lib/api';

/** Samples and cupping (docs/product.md §10–11): the buyer's and the producer's calls. */

/** One page of samples, as the contract declares it (with the per-state counts over every page). */
export type MuestrasPage = AnswerOf<typeof MUESTRAS_API.listar>['data'];

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
    queryFn: ({ signal }) =>
      call(MUESTRAS_API.listar, {
        query: { rol, page: String(page), limit: String(MUESTRAS_POR_PAGINA), estado, loteId },
        signal,
      }).then((r) => r.data),
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
    queryFn: ({ signal }) => call(MUESTRAS_API.ver, { params: { id: id! }, signal }).then((r) => r.data),
    enabled: !!id,
  });

export const useCatasRecibidas = (loteId?: string) =>
  useQuery({
    queryKey: muestrasKeys.catas(loteId),
    queryFn: ({ signal }) => call(MUESTRAS_API.catasRecibidas, { query: { loteId }, signal }).then((r) => r.data),
  });

export function useSolicitarMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: MuestraInput; idempotencyKey: string }) =>
      call(MUESTRAS_API.solicitar, { body, idempotencyKey }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}

export function useMoveMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: MuestraAccion }) =>
      call(MUESTRAS_API.mover, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}

export function useCatarMuestra() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, hoja }: { id: string; hoja: HojaCata }) =>
      call(MUESTRAS_API.catar, { params: { id }, body: hoja }),
    onSettled: () => qc.invalidateQueries({ queryKey: muestrasKeys.all }),
  });
}
