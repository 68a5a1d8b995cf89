import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EstadoSolicitud, RespuestaAccion, RespuestaInput, SolicitudInput } from '../../../contract/solicitudes';
import type { BodyOf } from '../../../contract/endpoint';
import { SOLICITUDES_API } from '../../../contract/solicitudes-endpoints';
import { LOTES_API } from '../../../contract/lotes-endpoints';
import { call } from '../../lib/api';

/** Sourcing requests (issue 13): the buyer's and the producer's calls. */
export const solicitudesKeys = {
  all: ['solicitudes'] as const,
  list: (estado?: EstadoSolicitud) => ['solicitudes', 'list', estado ?? null] as const,
  detail: (id: string) => ['solicitudes', 'detail', id] as const,
};

export const useSolicitudes = (estado?: EstadoSolicitud) =>
  useQuery({
    queryKey: solicitudesKeys.list(estado),
    queryFn: ({ signal }) =>
      call(SOLICITUDES_API.listar, { query: { limit: '50', estado }, signal }).then((r) => r.data),
  });

export const useSolicitudDetalle = (id: string | null) =>
  useQuery({
    queryKey: solicitudesKeys.detail(id ?? ''),
    queryFn: ({ signal }) => call(SOLICITUDES_API.ver, { params: { id: id! }, signal }).then((r) => r.data),
    enabled: !!id,
  });

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: solicitudesKeys.all }) });
}

export const useSaveSolicitud = () =>
  useInvalidating(({ id, body, idempotencyKey }: { id?: string; body: SolicitudInput; idempotencyKey?: string }) =>
    id
      ? call(SOLICITUDES_API.editar, { params: { id }, body, idempotencyKey })
      : call(SOLICITUDES_API.crear, { body, idempotencyKey }),
  );

export const useMoveSolicitud = () =>
  useInvalidating(({ id, accion, desde }: { id: string } & BodyOf<typeof SOLICITUDES_API.mover>) =>
    call(SOLICITUDES_API.mover, { params: { id }, body: { accion, desde } }),
  );

export const useResponder = () =>
  useInvalidating(
    ({
      solicitudId,
      id,
      body,
      idempotencyKey,
    }: {
      solicitudId: string;
      id?: string;
      body: RespuestaInput;
      idempotencyKey?: string;
    }) =>
      id
        ? call(SOLICITUDES_API.editarRespuesta, { params: { id }, body, idempotencyKey })
        : call(SOLICITUDES_API.responder, { params: { id: solicitudId }, body, idempotencyKey }),
  );

/** ACEPTAR creates the order: it carries an Idempotency-Key (one per answer, so a retry after a lost reply reuses it). */
const claves = new Map<string, string>();
export const useMoveRespuesta = () =>
  useInvalidating(async ({ id, body }: { id: string; body: RespuestaAccion }) => {
    let idempotencyKey: string | undefined;
    if (body.accion === 'ACEPTAR') {
      idempotencyKey = claves.get(id) ?? crypto.randomUUID();
      claves.set(id, idempotencyKey);
    }
    const r = await call(SOLICITUDES_API.moverRespuesta, { params: { id }, body, idempotencyKey });
    claves.delete(id);
    return r;
  });

/** The producer's lots to answer with (the first 100; a producer answering picks among his current offer). */
export const useLotesParaResponder = () =>
  useQuery({
    queryKey: ['lotes', 'mine', 'para-responder'],
    queryFn: ({ signal }) =>
      call(LOTES_API.mios, { query: { page: '1', limit: '100' }, signal }).then((r) => r.data.lotes),
  });
