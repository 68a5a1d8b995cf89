import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificacionesPage } from '../../../contract/notificaciones';
import { NOTIFICACIONES_API } from '../../../contract/notificaciones-endpoints';
import { call } from '../../lib/api';

/** The bell's calls (docs/product.md §12): list with the unread count, mark one read, mark all read. */

export const notificacionesKeys = {
  all: ['notificaciones'] as const,
  page: (page: number, noLeidas: boolean, limit: number) => ['notificaciones', { page, noLeidas, limit }] as const,
};

/** How often the bell asks for news while the dashboard is open (and on focus). */
export const BELL_REFRESH_MS = 60_000;
export const BELL_ITEMS = 6;

export const notificacionesQuery = (page = 1, noLeidas = false, limit = 20) =>
  queryOptions({
    queryKey: notificacionesKeys.page(page, noLeidas, limit),
    queryFn: ({ signal }) =>
      call(NOTIFICACIONES_API.listar, {
        query: { page, limit, noLeidas: noLeidas ? 'true' : undefined },
        signal,
      }).then((r) => r.data),
  });

/** The latest few and the unread count, kept fresh: every minute and whenever the window regains focus. */
export const useBell = (enabled: boolean) =>
  useQuery({
    ...notificacionesQuery(1, false, BELL_ITEMS),
    enabled,
    refetchInterval: BELL_REFRESH_MS,
    refetchOnWindowFocus: 'always',
    staleTime: 15_000,
  });

export const useNotificacionesPage = (page: number, noLeidas: boolean) =>
  useQuery({ ...notificacionesQuery(page, noLeidas), placeholderData: keepPreviousData });

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(NOTIFICACIONES_API.leida, { params: { id } }).then((r) => r.data),
    // The item and the count change at once; the server's answer confirms them.
    onMutate: (id) => {
      const now = new Date().toISOString();
      qc.setQueriesData<NotificacionesPage>({ queryKey: notificacionesKeys.all }, (old) => {
        if (!old) return old;
        const hit = old.notificaciones.find((n) => n.id === id && !n.leidaAt);
        if (!hit) return old;
        return {
          ...old,
          noLeidas: Math.max(0, old.noLeidas - 1),
          notificaciones: old.notificaciones.map((n) => (n.id === id ? { ...n, leidaAt: now } : n)),
        };
      });
    },
    onSettled: () => qc.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}

export function useMarkAllRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(NOTIFICACIONES_API.leidas),
    onSettled: () => qc.invalidateQueries({ queryKey: notificacionesKeys.all }),
  });
}
