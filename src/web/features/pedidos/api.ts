import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../contract/endpoint';
import type {
  DocumentoPedido,
  EstadoPedido,
  PedidoAccionInput,
  PedidoInput,
  ResenaInput,
} from '../../../contract/pedidos';
import { PEDIDOS_API } from '../../../contract/pedidos-endpoints';
import type { RespuestaReclamoInput } from '../../../contract/reclamos';
import { call } from '../../lib/api';

/** Orders as contracts (docs/TRADE.md): the buyer's and the producer's calls. */

export type RolPedido = 'comprador' | 'productor';
/** An order's detail as the contract declares it (terms, timeline, documents, invoices, reviews, PSS). */
export type PedidoDetalle = AnswerOf<typeof PEDIDOS_API.ver>['data'];
/** The producer's sales overview, as the contract declares it. */
export type VentasResumen = AnswerOf<typeof PEDIDOS_API.ventas>['data'];

export const pedidosKeys = {
  all: ['pedidos'] as const,
  list: (rol: RolPedido, estado?: EstadoPedido, loteId?: string, page = 1) =>
    ['pedidos', 'list', { rol, estado, loteId, page }] as const,
  detail: (id: string) => ['pedidos', 'detail', id] as const,
  ventas: ['pedidos', 'ventas'] as const,
};

export const pedidosQuery = (rol: RolPedido, estado?: EstadoPedido, loteId?: string) =>
  queryOptions({
    queryKey: pedidosKeys.list(rol, estado, loteId),
    queryFn: ({ signal }) =>
      call(PEDIDOS_API.listar, { query: { rol, limit: '50', estado, loteId }, signal }).then((r) => r.data),
  });

export const usePedidos = (rol: RolPedido, estado?: EstadoPedido, loteId?: string, enabled = true) =>
  useQuery({ ...pedidosQuery(rol, estado, loteId), placeholderData: keepPreviousData, enabled });

export const usePedidoDetalle = (id: string | null) =>
  useQuery({
    queryKey: pedidosKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(PEDIDOS_API.ver, { params: { id: id! }, signal }).then((r) => r.data),
    enabled: !!id,
  });

export const useVentasResumen = () =>
  useQuery({
    queryKey: pedidosKeys.ventas,
    queryFn: ({ signal }) => call(PEDIDOS_API.ventas, { signal }).then((r) => r.data),
  });

export const useResenasProductor = (productorId: string, enabled = true) =>
  useQuery({
    queryKey: ['resenas', productorId],
    queryFn: ({ signal }) =>
      call(PEDIDOS_API.resenasProductor, { params: { id: productorId }, signal, auth: false }).then((r) => r.data),
    enabled,
  });

export function useReservar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PedidoInput; idempotencyKey: string }) =>
      call(PEDIDOS_API.reservar, { body, idempotencyKey }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: pedidosKeys.all });
      void qc.invalidateQueries({ queryKey: ['lotes'] });
    },
  });
}

export function useMovePedido() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PedidoAccionInput }) =>
      call(PEDIDOS_API.mover, { params: { id }, body }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: pedidosKeys.all });
      void qc.invalidateQueries({ queryKey: ['lotes'] });
      void qc.invalidateQueries({ queryKey: ['muestras'] });
    },
  });
}

/** The producer's one answer to an open claim (issue 25 §3). */
export function useResponderReclamo() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: RespuestaReclamoInput }) =>
      call(PEDIDOS_API.responderReclamo, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
}

export function useResenar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResenaInput }) =>
      call(PEDIDOS_API.resenar, { params: { id }, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
}

/**
 * Downloads one of the order's documents with the session's token (they are not public files). Loaded on use:
 * this module is on the lot page's first load (the "Comprar" button), the download helper need not be.
 */
export const downloadDocumento = (doc: Pick<DocumentoPedido, 'url' | 'nombre'>) =>
  import('../../lib/download').then((m) => m.download(doc.url, doc.nombre));
