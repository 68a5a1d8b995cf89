import { useInfiniteQuery, useMutation, useQuery, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import type { AnswerOf, BodyOf } from '../../../contract/endpoint';
import { MENSAJE_LIMITS } from '../../../contract/mensajes';
import { MENSAJES_API } from '../../../contract/mensajes-endpoints';
import { call } from '../../lib/api';

/** Conversations (issue 17): the inbox, a thread that polls while open, and the writes. */

/** One page of a thread, as the contract declares it (the cache of `useHilo` holds these). */
type MensajesPage = AnswerOf<typeof MENSAJES_API.mensajes>['data'];

export const mensajesKeys = {
  all: ['conversaciones'] as const,
  bandeja: (q: string, archivadas: boolean, page: number) =>
    ['conversaciones', 'bandeja', { q, archivadas, page }] as const,
  hilo: (id: string) => ['conversaciones', 'hilo', id] as const,
};

/** The inbox asks for news less often than an open thread. */
export const INBOX_REFRESH_MS = 15_000;

export function useBandeja(q: string, archivadas: boolean, page: number) {
  return useQuery({
    queryKey: mensajesKeys.bandeja(q, archivadas, page),
    queryFn: ({ signal }) =>
      call(MENSAJES_API.conversaciones, {
        query: { page: String(page), q, archivadas: archivadas ? 'true' : undefined },
        signal,
      }).then((r) => r.data),
    placeholderData: (previous) => previous,
    refetchInterval: INBOX_REFRESH_MS,
    refetchOnWindowFocus: 'always',
  });
}

/**
 * A thread, newest page first (keyset on the message number). Polled every few seconds while open: a refetch
 * reloads the newest page and derives each older page's cursor from the page before it, so no message is
 * skipped whatever arrived meanwhile (docs/decisions/021).
 */
export function useHilo(id: string) {
  return useInfiniteQuery({
    queryKey: mensajesKeys.hilo(id),
    queryFn: ({ pageParam, signal }) =>
      call(MENSAJES_API.mensajes, { params: { id }, query: { antesDe: pageParam || undefined }, signal }).then(
        (r) => r.data,
      ),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.antesDe ?? undefined,
    refetchInterval: MENSAJE_LIMITS.pollMs,
    refetchOnWindowFocus: 'always',
    retry: (count, err) => (err as { status?: number }).status !== 404 && count < 2,
  });
}

export function useSendMensaje(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: BodyOf<typeof MENSAJES_API.enviar> & { idempotencyKey: string }) =>
      call(MENSAJES_API.enviar, { params: { id }, body, idempotencyKey }).then((r) => r.data.mensaje),
    onSuccess: (mensaje) => {
      // Shown at once; the next poll confirms it.
      qc.setQueryData<InfiniteData<MensajesPage, number | undefined>>(mensajesKeys.hilo(id), (old) => {
        if (!old?.pages.length) return old;
        const [first, ...rest] = old.pages;
        if (first.mensajes.some((m) => m.id === mensaje.id)) return old;
        return { ...old, pages: [{ ...first, mensajes: [...first.mensajes, mensaje] }, ...rest] };
      });
      void qc.invalidateQueries({ queryKey: mensajesKeys.all });
    },
  });
}

export function useMarkConversacionRead(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: () => call(MENSAJES_API.leida, { params: { id } }),
    onSettled: () => {
      void qc.invalidateQueries({ queryKey: mensajesKeys.all });
      void qc.invalidateQueries({ queryKey: ['notificaciones'] });
    },
  });
}

export function useArchivar(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (archivada: boolean) => call(MENSAJES_API.archivar, { params: { id }, body: { archivada } }),
    onSettled: () => qc.invalidateQueries({ queryKey: mensajesKeys.all }),
  });
}

export function useReportar(id: string) {
  return useMutation({
    mutationFn: (body: BodyOf<typeof MENSAJES_API.reportar>) => call(MENSAJES_API.reportar, { params: { id }, body }),
  });
}

/** The signed-in buyer's conversation about a lot, if there is one (the "Escribir al productor" dialog). */
export function useConversacionDelLote(loteId: string | undefined) {
  return useQuery({
    queryKey: ['conversaciones', 'lote', loteId] as const,
    queryFn: ({ signal }) =>
      call(MENSAJES_API.conversaciones, { query: { loteId, limit: '1' }, signal }).then(
        (r) => r.data.conversaciones[0] ?? null,
      ),
    enabled: !!loteId,
  });
}

/** The signed-in account's conversation about a sample, or null ("Mensajes" on a sample). */
export function findConversacionDeMuestra(muestraId: string) {
  return call(MENSAJES_API.conversaciones, { query: { muestraId, limit: '1' } }).then(
    (r) => r.data.conversaciones[0] ?? null,
  );
}

/** POST /api/conversaciones: finds or starts the conversation and sends the first message. */
export function startConversacion(body: BodyOf<typeof MENSAJES_API.iniciar>, idempotencyKey: string) {
  return call(MENSAJES_API.iniciar, { body, idempotencyKey }).then((r) => r.data.conversacion);
}
