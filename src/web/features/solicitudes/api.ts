import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Pagination } from '../../../contract/common';
import type {
  EstadoSolicitud,
  Respuesta,
  RespuestaAccion,
  RespuestaInput,
  Solicitud,
  SolicitudInput,
} from '../../../contract/solicitudes';
import type { LotesListResponse } from '../../../contract/lotes';
import { API } from '../../../contract/paths';
import { api } from '../../lib/api';

/** Sourcing requests (issue 13): the buyer's and the producer's calls. */
export const solicitudesKeys = {
  all: ['solicitudes'] as const,
  list: (estado?: EstadoSolicitud) => ['solicitudes', 'list', estado ?? null] as const,
  detail: (id: string) => ['solicitudes', 'detail', id] as const,
};

export interface SolicitudDetalle {
  solicitud: Solicitud;
  respuestas: Respuesta[];
  eventos: {
    id: string;
    entidad: string;
    accion: string;
    desde: string | null;
    hacia: string;
    actor: string;
    createdAt: string;
  }[];
}
type Msg<T> = { data: T; message: string };

export const useSolicitudes = (estado?: EstadoSolicitud) =>
  useQuery({
    queryKey: solicitudesKeys.list(estado),
    queryFn: ({ signal }) => {
      const qs = new URLSearchParams({ limit: '50' });
      if (estado) qs.set('estado', estado);
      return api<{ data: { solicitudes: Solicitud[]; pagination: Pagination } }>(`${API.solicitudes}?${qs}`, {
        signal,
      }).then((r) => r.data);
    },
  });

export const useSolicitudDetalle = (id: string | null) =>
  useQuery({
    queryKey: solicitudesKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api<{ data: SolicitudDetalle }>(API.solicitud(id!), { signal }).then((r) => r.data),
    enabled: !!id,
  });

function useInvalidating<V, R>(fn: (v: V) => Promise<R>) {
  const qc = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => qc.invalidateQueries({ queryKey: solicitudesKeys.all }) });
}

export const useGuardarSolicitud = () =>
  useInvalidating(({ id, body, idempotencyKey }: { id?: string; body: SolicitudInput; idempotencyKey?: string }) =>
    api<Msg<{ solicitud: Solicitud }>>(id ? API.solicitud(id) : API.solicitudes, {
      method: id ? 'PUT' : 'POST',
      body,
      idempotencyKey,
    }),
  );

export const useMoverSolicitud = () =>
  useInvalidating(({ id, accion, desde }: { id: string; accion: string; desde?: string }) =>
    api<Msg<{ solicitud: Solicitud }>>(API.solicitudAcciones(id), { method: 'POST', body: { accion, desde } }),
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
      api<Msg<{ respuesta: Respuesta }>>(id ? API.respuesta(id) : API.solicitudRespuestas(solicitudId), {
        method: id ? 'PUT' : 'POST',
        body,
        idempotencyKey,
      }),
  );

/** ACEPTAR creates the order: it carries an Idempotency-Key (one per answer, so a retry after a lost reply reuses it). */
const claves = new Map<string, string>();
export const useMoverRespuesta = () =>
  useInvalidating(async ({ id, body }: { id: string; body: RespuestaAccion }) => {
    let idempotencyKey: string | undefined;
    if (body.accion === 'ACEPTAR') {
      idempotencyKey = claves.get(id) ?? crypto.randomUUID();
      claves.set(id, idempotencyKey);
    }
    const r = await api<Msg<{ respuesta: Respuesta }>>(API.respuestaAcciones(id), {
      method: 'POST',
      body,
      idempotencyKey,
    });
    claves.delete(id);
    return r;
  });

/** The producer's lots to answer with (the first 100; a producer answering picks among his current offer). */
export const useLotesParaResponder = () =>
  useQuery({
    queryKey: ['lotes', 'mine', 'para-responder'],
    queryFn: ({ signal }) =>
      api<LotesListResponse>(`${API.productorLotes}?page=1&limit=100`, { signal }).then((r) => r.data.lotes),
  });
