import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  faltantesInformacionComercial,
  type ChangePasswordInput,
  type InformacionComercialInput,
  type UpdateMeInput,
} from '../../../contract/auth';
import type { PreferenciasNotificacion as Notificaciones } from '../../../contract/notificaciones';
import { USERS_API } from '../../../contract/users-endpoints';
import { call } from '../../lib/api';
import { session } from '../../lib/session';

/** Account settings calls (types only from the contract; the schemas load with the forms). */

export const accountKeys = {
  notificaciones: ['cuenta', 'notificaciones'] as const,
  informacionComercial: ['cuenta', 'informacion-comercial'] as const,
};

export function useUpdateMe() {
  return useMutation({
    mutationFn: (body: UpdateMeInput) => call(USERS_API.actualizar, { body }),
    onSuccess: (r) => session.setUser(r.dataUser),
  });
}

export function useChangePassword() {
  return useMutation({
    // A wrong current password is a 400 from the server, so the session is never ended by a typo.
    mutationFn: (body: ChangePasswordInput) => call(USERS_API.password, { body }),
    // Every older token was revoked: keep working with the one the answer brings.
    onSuccess: (r) => session.signIn(r.token, r.dataUser),
  });
}

/** What keeps the account from being deleted (docs/decisions/046); fetched fresh every time the page opens. */
export const useOperacionesAbiertas = () =>
  useQuery({
    queryKey: ['cuenta', 'operaciones-abiertas'] as const,
    queryFn: ({ signal }) => call(USERS_API.operacionesAbiertas, { signal }).then((r) => r.operaciones),
    staleTime: 0,
    gcTime: 0,
  });

export const deleteAccountRequest = (body: { password?: string; credential?: string }) =>
  call(USERS_API.eliminar, { body, keepSessionOn401: true });

export const notificacionesQuery = () =>
  queryOptions({
    queryKey: accountKeys.notificaciones,
    queryFn: ({ signal }) => call(USERS_API.notificaciones, { signal }).then((r) => r.notificaciones),
  });
export const useNotificaciones = () => useQuery(notificacionesQuery());

export function useSaveNotificaciones() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<Notificaciones>) => call(USERS_API.guardarNotificaciones, { body: patch }),
    // The switch moves at once; a refusal puts the saved value back.
    onMutate: async (patch) => {
      await qc.cancelQueries({ queryKey: accountKeys.notificaciones });
      const previous = qc.getQueryData<Notificaciones>(accountKeys.notificaciones);
      if (previous) qc.setQueryData(accountKeys.notificaciones, { ...previous, ...patch });
      return { previous };
    },
    onError: (_err, _patch, context) => {
      if (context?.previous) qc.setQueryData(accountKeys.notificaciones, context.previous);
    },
    onSuccess: (r) => qc.setQueryData(accountKeys.notificaciones, r.notificaciones),
  });
}

export const informacionComercialQuery = () =>
  queryOptions({
    queryKey: accountKeys.informacionComercial,
    queryFn: ({ signal }) => call(USERS_API.informacionComercial, { signal }).then((r) => r.informacionComercial),
  });
export const useInformacionComercial = () => useQuery(informacionComercialQuery());

export function useSaveInformacionComercial() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: InformacionComercialInput) => call(USERS_API.guardarInformacionComercial, { body }),
    onSuccess: (r) => {
      qc.setQueryData(accountKeys.informacionComercial, r.informacionComercial);
      // The profile's progress and the buyer's warnings read what is still missing from the session's user.
      const user = session.get().user;
      if (user) {
        session.setUser({ ...user, faltaInformacionComercial: faltantesInformacionComercial(r.informacionComercial) });
      }
    },
  });
}
