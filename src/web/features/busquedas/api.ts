import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Busqueda, BusquedaUpdate } from '../../../contract/busquedas';
import { BUSQUEDAS_API } from '../../../contract/busquedas-endpoints';
import { call, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';

export const busquedasKey = ['busquedas'] as const;

export const busquedasQuery = () =>
  queryOptions({
    queryKey: busquedasKey,
    queryFn: ({ signal }): Promise<Busqueda[]> => call(BUSQUEDAS_API.listar, { signal }).then((r) => r.data.busquedas),
  });

export const useBusquedas = () => useQuery(busquedasQuery());

/** Saves the catalogue's current filters in one click; the server names the search by what it looks for. */
export function useSaveBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (consulta: string) => call(BUSQUEDAS_API.guardar, { body: { consulta } }),
    onSuccess: (res) => {
      toast.success(res.message ?? 'Búsqueda guardada.');
      void qc.invalidateQueries({ queryKey: busquedasKey });
    },
    onError: (err) => toast.error(errorMessage(err, 'No se pudo guardar la búsqueda.')),
  });
}

export function useUpdateBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: BusquedaUpdate }) =>
      call(BUSQUEDAS_API.actualizar, { params: { id }, body: patch }),
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

export function useDeleteBusqueda() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(BUSQUEDAS_API.eliminar, { params: { id } }),
    onSuccess: (res) => {
      toast.success(res.message);
      void qc.invalidateQueries({ queryKey: busquedasKey });
    },
    onError: (err) => toast.error(errorMessage(err, 'No se pudo eliminar la búsqueda.')),
  });
}

/** The e-mail's unsubscribe link, posted by its page: no session, the token is the proof. */
export function useDarDeBaja() {
  return useMutation({
    mutationFn: (token: string) => call(BUSQUEDAS_API.baja, { body: { token }, auth: false }),
  });
}
