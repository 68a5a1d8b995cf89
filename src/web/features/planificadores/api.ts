import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  IdResponseSchema,
  LineaInput,
  LineaResponseSchema,
  PlanificadoresResponseSchema,
  PlanResponseSchema,
  Plazo,
  PlazosResponseSchema,
} from '../../../contract/planificadores';
import type { PedidosResponseSchema } from '../../../contract/pedidos';
import { API } from '../../../contract/paths';
import { api, type Answer } from '../../lib/api';

/** Purchase planners (issue 13). */
const KEY = ['planificadores'] as const;

export const usePlanificadores = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) =>
      api<Answer<typeof PlanificadoresResponseSchema>>(API.planificadores, { signal }).then((r) => r.data),
  });

function useM<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useCreatePlan = () =>
  useM((body: { anio: number; nombre: string }) =>
    api<Answer<typeof PlanResponseSchema>>(API.planificadores, { method: 'POST', body }),
  );
export const useSaveLinea = () =>
  useM(({ planId, id, body }: { planId: string; id?: string; body: LineaInput }) =>
    api<Answer<typeof LineaResponseSchema>>(id ? API.planLinea(id) : API.planLineas(planId), {
      method: id ? 'PUT' : 'POST',
      body,
    }),
  );
export const useDeleteLinea = () =>
  useM((id: string) => api<Answer<typeof IdResponseSchema>>(API.planLinea(id), { method: 'DELETE' }));
export const useSavePlazos = () =>
  useM((plazos: Plazo[]) =>
    api<Answer<typeof PlazosResponseSchema>>(API.planPlazos, { method: 'PUT', body: { plazos } }),
  );
export const useVincularPedido = () =>
  useM(({ lineaId, pedidoId, quitar: remove }: { lineaId: string; pedidoId: string; quitar?: boolean }) =>
    remove
      ? api<Answer<typeof LineaResponseSchema>>(API.planLineaPedido(lineaId, pedidoId), { method: 'DELETE' })
      : api<Answer<typeof LineaResponseSchema>>(API.planLineaPedidos(lineaId), { method: 'POST', body: { pedidoId } }),
  );

/** The buyer's orders to link (number, lot, kg). */
export const usePedidosParaVincular = (enabled: boolean) =>
  useQuery({
    queryKey: ['pedidos', 'para-vincular'],
    queryFn: ({ signal }) =>
      api<Answer<typeof PedidosResponseSchema>>(`${API.pedidos}?rol=comprador&limit=50`, { signal }).then(
        (r) => r.data.pedidos,
      ),
    enabled,
  });
