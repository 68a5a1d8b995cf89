import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerOf, BodyOf, Endpoint, PathParamNames } from '../../../contract/endpoint';
import { ENTIDADES_AUDITORIA, type EntidadAuditoria } from '../../../contract/operador';
import type { EstadoPedido } from '../../../contract/pedidos';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { call } from '../../lib/api';

/*
 * The operator's back office (issue 28, docs/decisions/045): every call under /api/operador, through its
 * declaration (contract/operador-endpoints.ts, decision 077), so every answer's type is the one the server checks
 * its answer with. Every action sends the reason the operator typed.
 */

export const OP = '/api/operador';
const A = OPERADOR_API;

export const operadorKeys = { all: ['operador'] as const };
const q = <T>(key: unknown[], read: (signal: AbortSignal) => Promise<{ data: T }>) =>
  queryOptions({ queryKey: ['operador', ...key], queryFn: ({ signal }) => read(signal).then((r) => r.data) });

export const useResumen = () => useQuery(q(['resumen'], (signal) => call(A.resumen, { signal })));
export const useCuentas = (texto: string) =>
  useQuery(q(['cuentas', texto], (signal) => call(A.cuentas, { query: { q: texto }, signal })));
export const useCuenta = (id: string | null) =>
  useQuery({
    ...q(['cuenta', id], (signal) => call(A.cuenta, { params: { id: id ?? '' }, signal })),
    enabled: !!id,
  });
export const useLotes = (texto: string) =>
  useQuery(q(['lotes', texto], (signal) => call(A.lotes, { query: { q: texto }, signal })));
export const useLote = (id: string | null) =>
  useQuery({ ...q(['lote', id], (signal) => call(A.lote, { params: { id: id ?? '' }, signal })), enabled: !!id });
export const useReportes = (estado: 'ABIERTO' | 'REVISADO' | '') =>
  useQuery(q(['reportes', estado], (signal) => call(A.reportes, { query: { estado: estado || undefined }, signal })));
export const useReclamos = () => useQuery(q(['reclamos'], (signal) => call(A.reclamos, { signal })));
export const usePedidos = (texto: string, estado: EstadoPedido | '') =>
  useQuery(
    q(['pedidos', texto, estado], (signal) =>
      call(A.pedidos, { query: { q: texto, estado: estado || undefined }, signal }),
    ),
  );
export const usePedido = (id: string | null) =>
  useQuery({
    ...q(['pedido', id], (signal) => call(A.pedido, { params: { id: id ?? '' }, signal })),
    enabled: !!id,
  });
export const useReclamo = (id: string | null) =>
  useQuery({
    ...q(['reclamo', id], (signal) => call(A.reclamo, { params: { id: id ?? '' }, signal })),
    enabled: !!id,
  });
export const useVerificaciones = (estado: 'ENVIADA' | 'RESUELTAS') =>
  useQuery(q(['verificaciones', estado], (signal) => call(A.verificaciones, { query: { estado }, signal })));
export const useVerificacion = (id: string | null) =>
  useQuery({
    ...q(['verificacion', id], (signal) => call(A.verificacion, { params: { id: id ?? '' }, signal })),
    enabled: !!id,
  });
export const useDireccionLaboratorio = () =>
  useQuery(q(['direccion-laboratorio'], (signal) => call(A.direccionLaboratorio, { signal })));
export const useLaboratorio = () => useQuery(q(['laboratorio'], (signal) => call(A.laboratorio, { signal })));

/** The audit page's filters and the page (keyset: `antesDe` is the last number of the page before). */
export interface FiltroAuditoria {
  q: string;
  accion: string;
  entidad: string;
  entidadId: string;
  antesDe?: number;
}
/** The object kinds the server filters by; any other text (an empty choice) filters by none. */
const entidadDe = (s: string): EntidadAuditoria | undefined => ENTIDADES_AUDITORIA.find((e) => e === s);
export const useAuditoria = (f: FiltroAuditoria) =>
  useQuery({
    ...q(['auditoria', 'buscar', f], (signal) =>
      call(A.auditoria, {
        query: {
          q: f.q,
          accion: f.accion,
          entidad: entidadDe(f.entidad),
          entidadId: f.entidadId,
          antesDe: f.antesDe || undefined,
          limit: 25,
        },
        signal,
      }),
    ),
    placeholderData: (prev) => prev,
  });
export const useAccionesAuditoria = () =>
  useQuery(q(['auditoria', 'acciones'], (signal) => call(A.accionesAuditoria, { signal })));

/** What operators did to one object (an account's history in Cuentas), newest first. */
export const useAuditoriaDe = (entidad: EntidadAuditoria, entidadId: string) =>
  useQuery(
    q(['auditoria', entidad, entidadId], (signal) => call(A.auditoria, { query: { entidad, entidadId }, signal })),
  );

/**
 * Any operator action (a POST or PUT with its reason), through its declaration: the body and the answer are the
 * declared ones. Every operator query is read again after it.
 */
export function useAccion<E extends Endpoint>(declared: E, params?: Record<PathParamNames<E['path']>, string>) {
  const qc = useQueryClient();
  // `call`'s own signature picks params and body by the endpoint's shape; here both are given as the caller typed them.
  const send = call as (d: E, input: { params?: Record<string, string>; body: BodyOf<E> }) => Promise<AnswerOf<E>>;
  return useMutation({
    mutationFn: (body: BodyOf<E>) => send(declared, { params, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: operadorKeys.all }),
  });
}

/** Reading a reported thread is an audited POST, made only when the operator opens it. */
export const readReporte = (id: string) => call(A.readReporte, { params: { id } }).then((r) => r.data);

// Collecting through Cereza (issue 29): the statement import, the waiting entries and the client-money balance.
export const useCobros = () => useQuery(q(['cobros'], (signal) => call(A.cobros, { signal })));

export function useImportExtracto() {
  const qc = useQueryClient();
  return useMutation({
    // The statement goes as its own XML body, not a JSON one.
    mutationFn: (file: File) =>
      call(A.importExtracto, {
        query: { nombre: file.name },
        body: file,
        headers: { 'content-type': 'application/xml' },
      }).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: operadorKeys.all }),
  });
}
