import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '../../../contract/endpoint';
import { LIQUIDACIONES_API } from '../../../contract/liquidaciones-endpoints';
import { call } from '../../lib/api';

/* The operator's payout batches (issue 29, docs/decisions/056): types as modules/liquidaciones answers them. */

const liquidacionesKeys = {
  operador: ['liquidaciones', 'operador'] as const,
  remesa: (id: string) => ['liquidaciones', 'remesa', id] as const,
};

export type { DebidoProductor, PagoDeRemesa, RemesaFila } from '../../../contract/liquidaciones';
export type LiquidacionesOperador = AnswerOf<typeof LIQUIDACIONES_API.operador>['data'];

export const liquidacionesOperadorQuery = () =>
  queryOptions({
    queryKey: liquidacionesKeys.operador,
    queryFn: ({ signal }) => call(LIQUIDACIONES_API.operador, { signal }).then((r) => r.data),
  });
export const useLiquidacionesOperador = () => useQuery(liquidacionesOperadorQuery());

export const pagosDeRemesaQuery = (id: string | null) =>
  queryOptions({
    queryKey: liquidacionesKeys.remesa(id ?? ''),
    enabled: !!id,
    queryFn: ({ signal }) =>
      call(LIQUIDACIONES_API.pagosDeRemesa, { params: { id: id! }, signal }).then((r) => r.data.pagos),
  });
export const usePagosDeRemesa = (id: string | null) => useQuery(pagosDeRemesaQuery(id));

export function useGenerateRemesa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof LIQUIDACIONES_API.generateRemesa>) =>
      call(LIQUIDACIONES_API.generateRemesa, { body }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}

export function useMarkEnviada() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      call(LIQUIDACIONES_API.remesaEnviada, { params: { id }, body: { motivo } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}

export function useAnularRemesa() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, motivo }: { id: string; motivo: string }) =>
      call(LIQUIDACIONES_API.remesaAnulada, { params: { id }, body: { motivo } }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: ['liquidaciones'] }),
  });
}
