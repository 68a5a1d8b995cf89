import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstadoPagoProductor, EstadoRemesa } from '../../../contract/liquidaciones';
import { API_LIQUIDACIONES as API } from '../../../contract/liquidaciones-paths';
import { api } from '../../lib/api';

/* The operator's payout batches (issue 29, docs/decisions/056): types as modules/liquidaciones answers them. */

const liquidacionesKeys = {
  operador: ['liquidaciones', 'operador'] as const,
  remesa: (id: string) => ['liquidaciones', 'remesa', id] as const,
};

export interface DebidoProductor {
  productorId: string;
  nombre: string;
  moneda: string;
  pendienteCentavos: number;
  lineas: number;
  cuenta: string | null;
  retenidaHasta: string | null;
  listo: boolean;
}
export interface RemesaFila {
  id: string;
  msgId: string;
  estado: EstadoRemesa;
  numeroOperaciones: number;
  totales: Record<string, number>;
  creadaPorEmail: string;
  createdAt: string;
  enviadaAt: string | null;
  confirmados: number;
}
export interface LiquidacionesOperador {
  debido: DebidoProductor[];
  remesas: RemesaFila[];
  pagadoPorMoneda: Record<string, number>;
}
export interface PagoDeRemesa {
  id: string;
  productorId: string;
  titular: string;
  moneda: string;
  importeCentavos: number;
  endToEndId: string;
  estado: EstadoPagoProductor;
  confirmadoAt: string | null;
}

export const liquidacionesOperadorQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.operador,
    queryFn: ({ signal }) =>
      api<{ data: LiquidacionesOperador }>(API.operadorLiquidaciones, { signal }).then((r) => r.data),
  });
export const useLiquidacionesOperador = () => useQuery(liquidacionesOperadorQuery());

export const pagosDeRemesaQuery = (id: string | null) =>
  queryOptions({
    queryKey: liquidacionesKeys.remesa(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      api<{ data: { pagos: PagoDeRemesa[] } }>(API.operadorRemesa(id!), { signal }).then((r) => r.data.pagos),
  });
export const usePagosDeRemesa = (id: string | null) => useQuery(pagosDeRemesaQuery(id));

export function useGenerarRemesa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { motivo: string; productorIds?: string[] }) =>
      api<{ data: { id: string; msgId: string }; message: string }>(API.operadorRemesas, { method: 'POST', body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}

export function useMarcarEnviada() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      api<{ message: string }>(API.operadorRemesaEnviada(id), { method: 'POST', body: { motivo } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}

export function useAnularRemesa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      api<{ message: string }>(API.operadorRemesaAnulada(id), { method: 'POST', body: { motivo } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}
