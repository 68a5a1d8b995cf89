import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CuentaCobroInput,
  CuentaCobroView,
  EstadoPagoProductor,
  TipoDevengo,
} from '../../../contract/liquidaciones';
import { API_LIQUIDACIONES as API } from '../../../contract/liquidaciones-paths';
import { api } from '../../lib/api';

/*
 * Payouts to producers (issue 29, docs/decisions/056): the producer's payout account and "Cobros y liquidaciones",
 * and the operator's batches. Types as the server answers them (modules/liquidaciones).
 */

export interface LineaDebida {
  id: string;
  tipo: TipoDevengo;
  pedidoId: string;
  pedidoNumero: string;
  moneda: string;
  ventaNumero: string;
  ventaCentavos: number;
  comisionNumero: string | null;
  comisionCentavos: number;
  importeCentavos: number;
  createdAt: string;
}
export interface PagoProductor {
  id: string;
  moneda: string;
  importeCentavos: number;
  estado: EstadoPagoProductor;
  endToEndId: string;
  cuentaEnmascarada: string;
  enviadaAt: string | null;
  confirmadoAt: string | null;
  createdAt: string;
}
export interface CobrosYLiquidaciones {
  saldos: Array<{ moneda: string; pendienteCentavos: number; lineasPendientes: number }>;
  cuentaEnVigor: { cuentaEnmascarada: string; vigenteDesde: string } | null;
  pendientes: LineaDebida[];
  pagos: PagoProductor[];
}
export interface CuentasCobro {
  cuenta: CuentaCobroView | null;
  historial: CuentaCobroView[];
}

export const liquidacionesKeys = {
  cuenta: ['liquidaciones', 'cuenta-cobro'] as const,
  mias: ['liquidaciones', 'mias'] as const,
};

export const cuentaCobroQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.cuenta,
    queryFn: ({ signal }) => api<{ data: CuentasCobro }>(API.cuentaCobro, { signal }).then((r) => r.data),
  });
export const useCuentaCobro = () => useQuery(cuentaCobroQuery());

export function useGuardarCuentaCobro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CuentaCobroInput) =>
      api<{ data: { cuenta: CuentaCobroView }; message: string }>(API.cuentaCobro, { method: 'PUT', body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['liquidaciones'] });
    },
  });
}

export const cobrosYLiquidacionesQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.mias,
    queryFn: ({ signal }) => api<{ data: CobrosYLiquidaciones }>(API.liquidaciones, { signal }).then((r) => r.data),
  });
export const useCobrosYLiquidaciones = () => useQuery(cobrosYLiquidacionesQuery());
