import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Busqueda, BusquedaResponse, BusquedasResponse, BusquedaUpdate } from '../../../contract/busquedas';
import { API } from '../../../contract/paths';
import { api, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const busquedasKey = ['busquedas'] as const;

export const busquedasQuery = () =>
  queryOptions({
    queryKey: busquedasKey,
    queryFn: ({ signal }): Promise<Busqueda[]> =>
      api<BusquedasResponse>(API.busquedas, { signal }).then((r) => r.data.busquedas),
  });

export const useBusquedas = () => useQuery(busquedasQuery());

/** Saves the catalogue's current filters in one click; the server names the search by what it looks for. */
export function useGuardarBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (consulta: string) =>
      api<BusquedaResponse & { message?: string }>(API.busquedas, { method: 'POST', body: { consulta } }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Búsqueda guardada.');
      void qc.invalidateQueries({ queryKey: busquedasKey });
    },
    onError: (err) => toast.error(errorMessage(err, 'No se pudo guardar la búsqueda.')),
  });
}

export function useActualizarBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BusquedaUpdate }) =>
      api<BusquedaResponse & { message?: string }>(API.busqueda(id), { method: 'PATCH', body: patch }),
    // The switch moves at once; the list goes back if the server refuses.
    onMutate: async ({ id, patch }) => {
      await qc.cancelQueries({ queryKey: busquedasKey });
      const previous = qc.getQueryData<Busqueda[]>(busquedasKey);
      qc.setQueryData<Busqueda[]>(busquedasKey, (old = []) =>
        old.map((b) => (b.id === id ? { ...b, ...patch, nombre: patch.nombre ?? b.nombre } : b)),
      );
      return { previous };
    },
    onSuccess: (res) => toast.success(res.message ?? 'Búsqueda actualizada.'),
    onError: (err, _vars, ctx) => {
      qc.setQueryData(busquedasKey, ctx?.previous);
      toast.error(errorMessage(err, 'No se pudo actualizar la búsqueda.'));
    },
    onSettled: () => qc.invalidateQueries({ queryKey: busquedasKey }),
  });
}

export function useEliminarBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api<{ message?: string }>(API.busqueda(id), { method: 'DELETE' }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Búsqueda eliminada.');
      void qc.invalidateQueries({ queryKey: busquedasKey });
    },
    onError: (err) => toast.error(errorMessage(err, 'No se pudo eliminar la búsqueda.')),
  });
}

/** The e-mail's unsubscribe link, posted by its page: no session, the token is the proof. */
export function useDarDeBaja() {
  return useMutation({
    mutationFn: (token: string) =>
      api<{ message?: string }>(API.busquedasBaja, { method: 'POST', body: { token }, auth: false }),
  });
}
