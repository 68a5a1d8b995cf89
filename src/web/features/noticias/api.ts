import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Noticia, NoticiaInput, NoticiaUpdate } from '../../../contract/noticias';
import { NOTICIAS_API } from '../../../contract/noticias-endpoints';
import { call } from '../../lib/api';
import { toast } from '../../lib/toast';

export const NOTICIAS_LIMIT = 10;

export const noticiasKeys = {
  all: ['noticias'] as const,
  publicas: (productorId: string, page: number) => ['noticias', 'publicas', productorId, page] as const,
  mias: ['noticias', 'mias'] as const,
};

export const publicNoticiasQuery = (productorId: string, page: number) =>
  queryOptions({
    queryKey: noticiasKeys.publicas(productorId, page),
    queryFn: ({ signal }) =>
      call(NOTICIAS_API.deProductor, {
        params: { id: productorId },
        query: { page, limit: NOTICIAS_LIMIT },
        signal,
        auth: false,
      }).then((r) => r.data),
  });

export const usePublicNoticias = (productorId: string, page: number) =>
  useQuery({ ...publicNoticiasQuery(productorId, page), placeholderData: keepPreviousData });

const OWN_LIMIT = 50;

/** The signed-in producer's news, drafts included (every page, newest first). */
async function fetchOwnNoticias(signal?: AbortSignal): Promise<Noticia[]> {
  const first = await call(NOTICIAS_API.mias, { query: { page: 1, limit: OWN_LIMIT }, signal });
  const out = [...first.data.noticias];
  for (let page = 2; page <= first.data.pagination.totalPages; page++) {
    const next = await call(NOTICIAS_API.mias, { query: { page, limit: OWN_LIMIT }, signal });
    out.push(...next.data.noticias);
  }
  return out;
}

export const useOwnNoticias = () =>
  useQuery({ queryKey: noticiasKeys.mias, queryFn: ({ signal }) => fetchOwnNoticias(signal) });

function useInvalidateNoticias() {
  const qc = useQueryClient();
  return () => {
    void qc.invalidateQueries({ queryKey: noticiasKeys.all });
    void qc.invalidateQueries({ queryKey: ['inicio'] });
  };
}

export function useCreateNoticia() {
  const invalidate = useInvalidateNoticias();
  return useMutation({
    mutationFn: (body: NoticiaInput) => call(NOTICIAS_API.crear, { body }),
    onSuccess: (r) => {
      if (r.message) toast.success(r.message);
      invalidate();
    },
  });
}

export function useUpdateNoticia() {
  const invalidate = useInvalidateNoticias();
  return useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: NoticiaUpdate }) =>
      call(NOTICIAS_API.actualizar, { params: { id }, body: patch }),
    onSuccess: (r) => {
      if (r.message) toast.success(r.message);
      invalidate();
    },
  });
}

export function useDeleteNoticia() {
  const invalidate = useInvalidateNoticias();
  return useMutation({
    mutationFn: (id: string) => call(NOTICIAS_API.eliminar, { params: { id } }),
    onSuccess: (r) => {
      if (r.message) toast.success(r.message);
      invalidate();
    },
  });
}
