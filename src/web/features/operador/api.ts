import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DireccionLaboratorio } from '../../../contract/ajustes';
import type { AporteReclamo } from '../../../contract/reclamos';
import type { TipoDocumentoKyb } from '../../../contract/verificacion';
import { api } from '../../lib/api';
import type { Importacion, PanelCobros } from '../../../contract/cobros';

/*
 * The operator's back office (issue 28, docs/decisions/045): every call under /api/operador. Types written here
 * as the server answers them; every action sends the reason the operator typed.
 */

export const OP = '/api/operador';

export interface Pendiente {
  n: number;
  diasMasAntiguo?: number | null;
}
export interface Resumen {
  pendientes: {
    reclamos: Pendiente;
    reportes: Pendiente;
    laboratorio: Pendiente;
    verificaciones: Pendiente;
    pagosVencidos: Pendiente;
  };
  cifras: {
    /** The last twelve months, 'YYYY-MM', oldest first. */
    meses: string[];
    monedas: string[];
    pedidos: Array<{ mes: string; moneda: string; estado: string; n: number; kg: number; valorCentavos: number }>;
    muestras: Array<{ mes: string; solicitadas: number; enviadas: number; catadas: number; tasaCata: number | null }>;
    altas: Array<{ mes: string; compradores: number; productores: number }>;
    lotesNuevos: Array<{ mes: string; n: number }>;
    lotesActivos: number;
  };
}
export interface CuentaFila {
  id: string;
  email: string;
  nombre: string;
  tipoUser: string;
  organizacion: string | null;
  taxId: string | null;
  suspendida: boolean;
  productorVerificado: boolean;
  createdAt: string;
}
export interface CuentaDetalle {
  id: string;
  email: string;
  nombre: string;
  tipoUser: string;
  verificado: boolean;
  productorVerificado: boolean;
  suspendida: boolean;
  suspendidaAt: string | null;
  motivoSuspension: string | null;
  segundoFactor: boolean;
  createdAt: string;
  informacionComercial: { razonSocial: string; taxId: string } | null;
  perfil: { tipo: string; nombre: string; pais: string; region: string } | null;
  pedidos: Array<{ id: string; numero: string; estado: string; totalCentavos: number; moneda: string; rol: string }>;
  lotes: Array<{ id: string; nombre: string; codigo: string; status: string; ocultar: boolean }>;
  muestras: number;
}
export interface LoteFila {
  id: string;
  nombre: string;
  codigo: string;
  status: string;
  ocultar: boolean;
  motivoOcultoOperador: string | null;
  productor: string | null;
  sacosDisponibles: number;
}
export interface LoteDetalle extends LoteFila {
  sacosReservados: number;
  pedidos: Array<{ id: string; numero: string; estado: string; sacos: number; totalCentavos: number; moneda: string }>;
  muestras: Array<{ id: string; estado: string; createdAt: string }>;
  historial: Array<{ accion: string; desde: string | null; hacia: string; actorRol: string; createdAt: string }>;
}
export interface ReporteFila {
  id: string;
  conversacionId: string;
  asunto: string;
  motivo: string;
  estado: 'ABIERTO' | 'REVISADO';
  reportadoPor: string | null;
  createdAt: string;
  diasAbierto: number;
}
export interface ReporteHilo {
  id: string;
  estado: 'ABIERTO' | 'REVISADO';
  motivo: string;
  partes: Array<{ id: string; rol: string; nombre: string }>;
  mensajes: Array<{ id: string; numero: number; autor: string; texto: string; reportado: boolean; createdAt: string }>;
}
export interface ReclamoFila {
  id: string;
  numero: string;
  comprador: string;
  productor: string;
  motivo: string | null;
  totalCentavos: number;
  moneda: string;
  abiertoAt: string;
  diasAbierto: number;
}
export interface PedidoFila {
  id: string;
  numero: string;
  estado: string;
  estadoPago: string;
  comprador: string;
  productor: string;
  sacos: number;
  totalCentavos: number;
  moneda: string;
  motivoReclamo: string | null;
  createdAt: string;
}
export interface PedidoDetalle extends PedidoFila {
  historial: Array<{
    accion: string;
    desde: string | null;
    hacia: string;
    actorRol: string;
    datos: Record<string, unknown>;
    createdAt: string;
  }>;
}
export interface LaboratorioResumen {
  cuentas: Array<{ id: string; email: string; nombre: string; activa: boolean; segundoFactor: boolean }>;
  cola: Array<{ id: string; nombre: string; codigo: string; status: string; dias: number }>;
}
export interface EntradaAuditoria {
  id: string;
  n: number;
  operadorEmail: string;
  accion: string;
  entidad: string;
  entidadId: string;
  motivo: string;
  antes: Record<string, unknown> | null;
  despues: Record<string, unknown> | null;
  createdAt: string;
}

export interface VerificacionFila {
  id: string;
  productorId: string;
  email: string;
  productor: string;
  pais: string | null;
  razonSocial: string;
  estado: 'ENVIADA' | 'APROBADA' | 'RECHAZADA' | 'RETIRADA';
  createdAt: string;
  diasEsperando: number;
}
export interface VerificacionDetalle {
  id: string;
  estado: 'ENVIADA' | 'APROBADA' | 'RECHAZADA' | 'RETIRADA';
  razonSocial: string;
  identificacionFiscal: string;
  documentos: Array<{ tipo: TipoDocumentoKyb; nombre: string; url: string; bytes: number }>;
  motivo: string | null;
  createdAt: string;
  resueltaAt: string | null;
  productorId: string;
  productor: {
    email: string;
    nombre: string | null;
    pais: string | null;
    region: string | null;
    razonSocialFacturacion: string | null;
    taxIdFacturacion: string | null;
  };
  anteriores: Array<{ id: string; estado: string; motivo: string | null; createdAt: string }>;
}
export interface ReclamoDetalle {
  pedido: PedidoDetalle;
  reclamo: AporteReclamo | null;
  respuesta: AporteReclamo | null;
}

const get = <T>(path: string, signal?: AbortSignal) => api<{ data: T }>(path, { signal }).then((r) => r.data);
const qs = (params: Record<string, string | undefined>) => {
  const s = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => !!e[1]));
  return s.size ? `?${s}` : '';
};

export const operadorKeys = { all: ['operador'] as const };
const q = <T>(key: unknown[], path: string) =>
  queryOptions({ queryKey: ['operador', ...key], queryFn: ({ signal }) => get<T>(path, signal) });

export const useResumen = () => useQuery(q<Resumen>(['resumen'], `${OP}/resumen`));
export const useCuentas = (texto: string) =>
  useQuery(q<CuentaFila[]>(['cuentas', texto], `${OP}/cuentas${qs({ q: texto })}`));
export const useCuenta = (id: string | null) =>
  useQuery({ ...q<CuentaDetalle>(['cuenta', id], `${OP}/cuentas/${id}`), enabled: !!id });
export const useLotes = (texto: string) => useQuery(q<LoteFila[]>(['lotes', texto], `${OP}/lotes${qs({ q: texto })}`));
export const useLote = (id: string | null) =>
  useQuery({ ...q<LoteDetalle>(['lote', id], `${OP}/lotes/${id}`), enabled: !!id });
export const useReportes = (estado: string) =>
  useQuery(q<ReporteFila[]>(['reportes', estado], `${OP}/reportes${qs({ estado })}`));
export const useReclamos = () => useQuery(q<ReclamoFila[]>(['reclamos'], `${OP}/reclamos`));
export const usePedidos = (texto: string, estado: string) =>
  useQuery(q<PedidoFila[]>(['pedidos', texto, estado], `${OP}/pedidos${qs({ q: texto, estado })}`));
export const usePedido = (id: string | null) =>
  useQuery({ ...q<PedidoDetalle>(['pedido', id], `${OP}/pedidos/${id}`), enabled: !!id });
export const useReclamo = (id: string | null) =>
  useQuery({ ...q<ReclamoDetalle>(['reclamo', id], `${OP}/reclamos/${id}`), enabled: !!id });
export const useVerificaciones = (estado: 'ENVIADA' | 'RESUELTAS') =>
  useQuery(q<VerificacionFila[]>(['verificaciones', estado], `${OP}/verificaciones${qs({ estado })}`));
export const useVerificacion = (id: string | null) =>
  useQuery({ ...q<VerificacionDetalle>(['verificacion', id], `${OP}/verificaciones/${id}`), enabled: !!id });
export const useDireccionLaboratorio = () =>
  useQuery(q<{ direccion: DireccionLaboratorio }>(['direccion-laboratorio'], `${OP}/laboratorio/direccion`));
export const useLaboratorio = () => useQuery(q<LaboratorioResumen>(['laboratorio'], `${OP}/laboratorio`));
/** The audit page's filters and the page (keyset: `antesDe` is the last number of the page before). */
export interface FiltroAuditoria {
  q: string;
  accion: string;
  entidad: string;
  entidadId: string;
  antesDe?: number;
}
export const useAuditoria = (f: FiltroAuditoria) =>
  useQuery({
    ...q<{ entradas: EntradaAuditoria[]; siguiente: number | null }>(
      ['auditoria', 'buscar', f],
      `${OP}/auditoria${qs({ q: f.q, accion: f.accion, entidad: f.entidad, entidadId: f.entidadId, antesDe: f.antesDe ? String(f.antesDe) : '', limit: '25' })}`,
    ),
    placeholderData: (prev) => prev,
  });
export const useAccionesAuditoria = () =>
  useQuery(q<{ acciones: string[] }>(['auditoria', 'acciones'], `${OP}/auditoria/acciones`));

/** What operators did to one object (an account's history in Cuentas), newest first. */
export const useAuditoriaDe = (entidad: string, entidadId: string) =>
  useQuery(
    q<{ entradas: EntradaAuditoria[]; siguiente: number | null }>(
      ['auditoria', entidad, entidadId],
      `${OP}/auditoria${qs({ entidad, entidadId })}`,
    ),
  );

/** Any operator action (a POST with its reason): every operator query is read again after it. */
export function useAccion<B extends Record<string, unknown>, R = unknown>(
  path: (body: B) => string,
  method: 'POST' | 'PUT' = 'POST',
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => api<{ data?: R; message?: string }>(path(body), { method, body }),
    onSettled: () => qc.invalidateQueries({ queryKey: operadorKeys.all }),
  });
}

/** Reading a reported thread is an audited POST, made only when the operator opens it. */
export const readReporte = (id: string) =>
  api<{ data: ReporteHilo }>(`${OP}/reportes/${id}/leer`, { method: 'POST' }).then((r) => r.data);

// Collecting through Cereza (issue 29): the statement import, the waiting entries and the client-money balance.
export const useCobros = () => useQuery(q<PanelCobros>(['cobros'], `${OP}/cobros`));

export function useImportExtracto() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api<{ data: Importacion }>(`${OP}/cobros/extractos?nombre=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        body: file,
        headers: { 'content-type': 'application/xml' },
      }).then((r) => r.data),
    onSettled: () => qc.invalidateQueries({ queryKey: operadorKeys.all }),
  });
}
