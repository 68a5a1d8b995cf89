import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  DocumentoPedido,
  EstadoPedido,
  Pedido,
  PedidoAccionInput,
  PedidoDetalleResponseSchema,
  PedidoInput,
  Resena,
  ResenaInput,
} from '../../../contract/pedidos';
import type { Pagination } from '../../../contract/common';
import type { Reclamo, RespuestaReclamoInput } from '../../../contract/reclamos';
import type { z } from 'zod';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

/** Orders as contracts (docs/TRADE.md): the buyer's and the producer's calls. */

export type RolPedido = 'comprador' | 'productor';
export interface PedidosPage {
  pedidos: Pedido[];
  pagination: Pagination;
}
/** An order's detail as the contract declares it (terms, timeline, documents, invoices, reviews, PSS). */
export type PedidoDetalle = z.infer<typeof PedidoDetalleResponseSchema>['data'];
export interface VentasResumen {
  porEstado: Record<string, number>;
  porMes: { mes: string; sacos: number; valorCentavos: number; moneda: string }[];
  pendientes: Pedido[];
}
export interface ResenasProductor {
  resenas: Resena[];
  promedio: number | null;
  total: number;
}

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
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ rol, limit: '50' });
      if (estado) qs.set('estado', estado);
      if (loteId) qs.set('loteId', loteId);
      return api<{ data: PedidosPage }>(`${API.pedidos}?${qs}`, { signal }).then((r) => r.data);
    },
  });

export const usePedidos = (rol: RolPedido, estado?: EstadoPedido, loteId?: string, enabled = true) =>
  useQuery({ ...pedidosQuery(rol, estado, loteId), placeholderData: keepPreviousData, enabled });

export const usePedidoDetalle = (id: string | null) =>
  useQuery({
    queryKey: pedidosKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<{ data: PedidoDetalle }>(API.pedido(id!), { signal }).then((r) => r.data),
    enabled: !!id,
  });

export const useVentasResumen = () =>
  useQuery({
    queryKey: pedidosKeys.ventas,
    queryFn: ({ signal }) => api<{ data: VentasResumen }>(API.ventasResumen, { signal }).then((r) => r.data),
  });

export const useResenasProductor = (productorId: string, enabled = true) =>
  useQuery({
    queryKey: ['resenas', productorId],
    queryFn: ({ signal }) =>
      api<{ data: ResenasProductor }>(API.productorResenas(productorId), { signal, auth: false }).then((r) => r.data),
    enabled,
  });

export function useReservar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ body, idempotencyKey }: { body: PedidoInput; idempotencyKey: string }) =>
      api<{ data: { pedido: Pedido }; message: string }>(API.pedidos, { method: 'POST', body, idempotencyKey }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: pedidosKeys.all });
      void qc.invalidateQueries({ queryKey: ['lotes'] });
    },
  });
}

export function useMoverPedido() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PedidoAccionInput }) =>
      api<{ data: { pedido: Pedido }; message: string }>(API.pedidoAcciones(id), { method: 'POST', body }),
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
      api<{ data: { reclamo: Reclamo }; message: string }>(`/api/pedidos/${id}/reclamo/respuesta`, {
        method: 'POST',
        body,
      }),
    onSettled: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
}

export function useResenar() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ResenaInput }) =>
      api<{ data: { resena: Resena }; message: string }>(API.pedidoResena(id), { method: 'POST', body }),
    onSettled: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
}

/**
 * Downloads one of the order's documents with the session's token (they are not public files). Loaded on use:
 * this module is on the lot page's first load (the "Comprar" button), the download helper need not be.
 */
export const descargarDocumento = (doc: Pick<DocumentoPedido, 'url' | 'nombre'>) =>
  import('../../lib/download').then((m) => m.descargar(doc.url, doc.nombre));
