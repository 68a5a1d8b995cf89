import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ProductorPerfil, ProductorPerfilUpdate } from '../../../contract/perfiles';
import { PERFILES_API } from '../../../contract/perfiles-endpoints';
import { call } from '../../lib/api';
import { session } from '../../lib/session';
import { productoresKeys } from './api';

/** The signed-in producer's own profile as stored (GET /api/productor/perfil): the contract's answer. */
export type OwnPerfil = ProductorPerfil;

export const ownPerfilKey = ['productor', 'perfil', 'mio'] as const;

export const useOwnPerfil = (enabled = true) =>
  useQuery({
    queryKey: ownPerfilKey,
    queryFn: ({ signal }) => call(PERFILES_API.productor, { signal }).then((r) => r.perfil),
    enabled,
  });

/** PUT /api/productor/perfil with any subset; refreshes the stored user and the public pages' data. */
export function useUpdatePerfil() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProductorPerfilUpdate) => call(PERFILES_API.actualizarProductor, { body: patch }),
    onSuccess: (r) => {
      session.setUser(r.dataUser);
      qc.setQueryData(ownPerfilKey, r.perfil);
      void qc.invalidateQueries({ queryKey: productoresKeys.all });
      void qc.invalidateQueries({ queryKey: productoresKeys.inicio });
      void qc.invalidateQueries({ queryKey: ['lotes'] });
    },
  });
}
