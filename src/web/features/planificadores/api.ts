import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../contract/endpoint';
import { PEDIDOS_API } from '../../../contract/pedidos-endpoints';
import type { LineaInput, Plazo } from '../../../contract/planificadores';
import { PLANIFICADORES_API } from '../../../contract/planificadores-endpoints';
import { call } from '../../lib/api';

/** Purchase planners (issue 13). */
const KEY = ['planificadores'] as const;

export const usePlanificadores = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => call(PLANIFICADORES_API.listar, { signal }).then((r) => r.data),
  });

function useM<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useCreatePlan = () =>
  useM((body: BodyOf<typeof PLANIFICADORES_API.crear>) => call(PLANIFICADORES_API.crear, { body }));
export const useSaveLinea = () =>
  useM(({ planId, id, body }: { planId: string; id?: string; body: LineaInput }) =>
    id
      ? call(PLANIFICADORES_API.editarLinea, { params: { id }, body })
      : call(PLANIFICADORES_API.crearLinea, { params: { id: planId }, body }),
  );
export const useDeleteLinea = () => useM((id: string) => call(PLANIFICADORES_API.eliminarLinea, { params: { id } }));
export const useSavePlazos = () => useM((plazos: Plazo[]) => call(PLANIFICADORES_API.plazos, { body: { plazos } }));
export const useVincularPedido = () =>
  useM(({ lineaId, pedidoId, quitar: remove }: { lineaId: string; pedidoId: string; quitar?: boolean }) =>
    remove
      ? call(PLANIFICADORES_API.desvincularPedido, { params: { id: lineaId, pedidoId } })
      : call(PLANIFICADORES_API.vincularPedido, { params: { id: lineaId }, body: { pedidoId } }),
  );

/** The buyer's orders to link (number, lot, kg). */
export const usePedidosParaVincular = (enabled: boolean) =>
  useQuery({
    queryKey: ['pedidos', 'para-vincular'],
    queryFn: ({ signal }) =>
      call(PEDIDOS_API.listar, { query: { rol: 'comprador', limit: 50 }, signal }).then((r) => r.data.pedidos),
    enabled,
  });
