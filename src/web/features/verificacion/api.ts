import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EnviarVerificacionInput, MiVerificacion } from '../../../contract/verificacion';
import { api } from '../../lib/api';

/** The producer's organisation check (KYB, docs/decisions/052): his request and the badge it earns. */
export const VERIFICACION_PATH = '/api/productor/verificacion';

export const miVerificacionQuery = () =>
  queryOptions({
    queryKey: ['verificacion', 'mia'],
    queryFn: ({ signal }) => api<{ data: MiVerificacion }>(VERIFICACION_PATH, { signal }).then((r) => r.data),
  });

export const useMiVerificacion = () => useQuery(miVerificacionQuery());

export function useEnviarVerificacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: EnviarVerificacionInput) =>
      api<{ data: MiVerificacion; message?: string }>(VERIFICACION_PATH, { method: 'POST', body }),
    onSuccess: (res) => qc.setQueryData(miVerificacionQuery().queryKey, res.data),
  });
}
