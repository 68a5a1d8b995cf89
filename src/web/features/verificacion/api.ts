import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BodyOf } from '../../../contract/endpoint';
import { VERIFICACION_API } from '../../../contract/verificacion-endpoints';
import { call } from '../../lib/api';

/** The producer's organisation check (KYB, docs/decisions/052): his request and the badge it earns. */
export const miVerificacionQuery = () =>
  queryOptions({
    queryKey: ['verificacion', 'mia'],
    queryFn: ({ signal }) => call(VERIFICACION_API.mia, { signal }).then((r) => r.data),
  });

export const useMiVerificacion = () => useQuery(miVerificacionQuery());

export function useEnviarVerificacion() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<typeof VERIFICACION_API.enviar>) => call(VERIFICACION_API.enviar, { body }),
    onSuccess: (res) => qc.setQueryData(miVerificacionQuery().queryKey, res.data),
  });
}
