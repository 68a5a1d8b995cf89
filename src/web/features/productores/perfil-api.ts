import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataUser } from '../../../contract/users';
import type { ProductorPerfilUpdate } from '../../../contract/perfiles';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { productoresKeys } from './api';

/** The signed-in producer's own profile as stored (GET /api/productor/perfil). */
export interface OwnPerfil {
  tipoProductor: string;
  nombre: string;
  pais: string;
  region: string;
  municipio: string | null;
  altitud: number | null;
  hectareas: number | null;
  anioFundacion: number | null;
  descripcion: string | null;
  sitioWeb: string | null;
  telefono: string | null;
  avatar: string | null;
  portada: string | null;
  imagenes: string[];
  certificaciones: string[];
  createdAt: string;
  updatedAt: string;
}

export const ownPerfilKey = ['productor', 'perfil', 'mio'] as const;

export const useOwnPerfil = (enabled = true) =>
  useQuery({
    queryKey: ownPerfilKey,
    queryFn: ({ signal }) => api<{ perfil: OwnPerfil }>(API.productorPerfil, { signal }).then((r) => r.perfil),
    enabled,
  });

/** PUT /api/productor/perfil with any subset; refreshes the stored user and the public pages' data. */
export function useUpdatePerfil() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (patch: ProductorPerfilUpdate) =>
      api<{ dataUser: DataUser; message: string }>(API.productorPerfil, { method: 'PUT', body: patch }),
    onSuccess: (r) => {
      session.setUser(r.dataUser);
      if (r.dataUser.perfil) qc.setQueryData(ownPerfilKey, r.dataUser.perfil as unknown as OwnPerfil);
      void qc.invalidateQueries({ queryKey: productoresKeys.all });
      void qc.invalidateQueries({ queryKey: productoresKeys.inicio });
      void qc.invalidateQueries({ queryKey: ['lotes'] });
    },
  });
}

export const toastError = (err: unknown, fallback: string) =>
  toast.error(err instanceof Error && err.message ? err.message : fallback);
