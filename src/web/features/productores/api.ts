import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { PRODUCTORES_API } from '../../../contract/productores-endpoints';
import { call } from '../../lib/api';

export const productoresKeys = {
  all: ['productores'] as const,
  detail: (id: string) => ['productores', 'detail', id] as const,
  lotes: (id: string, page: number) => ['productores', 'lotes', id, page] as const,
  inicio: ['inicio'] as const,
};

export const productorQuery = (id: string) =>
  queryOptions({
    queryKey: productoresKeys.detail(id),
    queryFn: ({ signal }) =>
      call(PRODUCTORES_API.ficha, { params: { id }, signal, auth: false }).then((r) => r.data.productor),
  });

/** The public profile; the perfil layout reads it once and hands it to its three pages. */
export const useProductor = (id: string) => useQuery(productorQuery(id));

export const PERFIL_LOTES_LIMIT = 12;

export const productorLotesQuery = (id: string, page: number) =>
  queryOptions({
    queryKey: productoresKeys.lotes(id, page),
    queryFn: ({ signal }) =>
      call(PRODUCTORES_API.lotes, {
        params: { id },
        query: { page, limit: PERFIL_LOTES_LIMIT },
        signal,
        auth: false,
      }).then((r) => r.data),
  });

export const useProductorLotes = (id: string, page: number) =>
  useQuery({ ...productorLotesQuery(id, page), placeholderData: keepPreviousData });

export type { Home as HomeData } from '../../../contract/productores';

/** Everything the home page shows below the hero, in one call. */
export const homeQuery = () =>
  queryOptions({
    queryKey: productoresKeys.inicio,
    queryFn: ({ signal }) => call(PRODUCTORES_API.inicio, { signal, auth: false }).then((r) => r.data),
  });

export const useHome = () => useQuery(homeQuery());
