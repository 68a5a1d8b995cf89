import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf } from '../../../contract/endpoint';
import type { CuentaCobroInput } from '../../../contract/liquidaciones';
import { LIQUIDACIONES_API } from '../../../contract/liquidaciones-endpoints';
import { call } from '../../lib/api';

/*
 * Payouts to producers (issue 29, docs/decisions/056): the producer's payout account and "Cobros y liquidaciones".
 * Types as the server answers them (contract/liquidaciones-endpoints.ts).
 */
export type { LineaDebida, PagoProductor } from '../../../contract/liquidaciones';
export type CobrosYLiquidaciones = AnswerOf<typeof LIQUIDACIONES_API.mias>['data'];
export type CuentasCobro = AnswerOf<typeof LIQUIDACIONES_API.cuentaCobro>['data'];

export const liquidacionesKeys = {
  cuenta: ['liquidaciones', 'cuenta-cobro'] as const,
  mias: ['liquidaciones', 'mias'] as const,
};

export const cuentaCobroQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.cuenta,
    queryFn: ({ signal }) => call(LIQUIDACIONES_API.cuentaCobro, { signal }).then((r) => r.data),
  });
export const useCuentaCobro = () => useQuery(cuentaCobroQuery());

export function useSaveCuentaCobro() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: CuentaCobroInput) => call(LIQUIDACIONES_API.saveCuentaCobro, { body }),
    onSuccess: () => {
      void qc.invalidateQueries({ queryKey: ['liquidaciones'] });
    },
  });
}

export const cobrosYLiquidacionesQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.mias,
    queryFn: ({ signal }) => call(LIQUIDACIONES_API.mias, { signal }).then((r) => r.data),
  });
export const useCobrosYLiquidaciones = () => useQuery(cobrosYLiquidacionesQuery());
