import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Linea, LineaInput, Plan, Plazo } from '../../../contract/planificadores';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

/** Purchase planners (issue 13). */
export interface Planificadores {
  planes: Plan[];
  plazos: (Plazo & { porDefecto: boolean })[];
}
const KEY = ['planificadores'] as const;
type Msg<T> = { data: T; message: string };

export const usePlanificadores = () =>
  useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => api<{ data: Planificadores }>(API.planificadores, { signal }).then((r) => r.data),
  });

function useM<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: KEY }) });
}

export const useCrearPlan = () =>
  useM((body: { anio: number; nombre: string }) =>
    api<Msg<{ plan: Plan }>>(API.planificadores, { method: 'POST', body }),
  );
export const useGuardarLinea = () =>
  useM(({ planId, id, body }: { planId: string; id?: string; body: LineaInput }) =>
    api<Msg<{ linea: Linea }>>(id ? API.planLinea(id) : API.planLineas(planId), { method: id ? 'PUT' : 'POST', body }),
  );
export const useEliminarLinea = () =>
  useM((id: string) => api<Msg<{ id: string }>>(API.planLinea(id), { method: 'DELETE' }));
export const useGuardarPlazos = () =>
  useM((plazos: Plazo[]) => api<Msg<Planificadores>>(API.planPlazos, { method: 'PUT', body: { plazos } }));
export const useVincularPedido = () =>
  useM(({ lineaId, pedidoId, quitar }: { lineaId: string; pedidoId: string; quitar?: boolean }) =>
    quitar
      ? api<Msg<{ linea: Linea }>>(API.planLineaPedido(lineaId, pedidoId), { method: 'DELETE' })
      : api<Msg<{ linea: Linea }>>(API.planLineaPedidos(lineaId), { method: 'POST', body: { pedidoId } }),
  );

/** The buyer's orders to link (number, lot, kg). */
export const usePedidosParaVincular = (enabled: boolean) =>
  useQuery({
    queryKey: ['pedidos', 'para-vincular'],
    queryFn: ({ signal }) =>
      api<{
        data: { pedidos: { id: string; numero: string; kg: number; estado: string; lote: { nombre: string } }[] };
      }>(`${API.pedidos}?rol=comprador&limit=50`, { signal }).then((r) => r.data.pedidos),
    enabled,
  });
