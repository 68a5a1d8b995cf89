import type { DireccionLaboratorioResponseSchema } from './ajustes';
import type {
  ConciliadoResponseSchema,
  ConciliarManualSchema,
  ExtractoQuerySchema,
  ImportacionResponseSchema,
  PanelCobrosResponseSchema,
} from './cobros';
import type { OkMessageOnlyResponseSchema } from './common';
import { endpoint, shapes } from './endpoint';
import type {
  AccionConMotivoSchema,
  AuditoriaQuerySchema,
  BusquedaSchema,
  CreateCuentaLaboratorioSchema,
  DireccionLaboratorioCambioSchema,
  PedidosQuerySchema,
  ReportesQuerySchema,
  ResolverReporteSchema,
  VerificacionesQuerySchema,
} from './operador';
import type {
  AccionesAuditoriaResponseSchema,
  AuditoriaResponseSchema,
  CuentaDetalleResponseSchema,
  CuentaLaboratorioCreadaResponseSchema,
  CuentaReactivadaResponseSchema,
  CuentasResponseSchema,
  CuentaSuspendidaResponseSchema,
  DireccionLaboratorioGuardadaResponseSchema,
  LaboratorioResumenResponseSchema,
  LoteDetalleResponseSchema,
  LotesResponseSchema,
  PedidoCanceladoResponseSchema,
  PedidoDetalleResponseSchema,
  PedidosResponseSchema,
  ReclamoDetalleResponseSchema,
  ReclamoResueltoResponseSchema,
  ReclamosResponseSchema,
  ReporteHiloResponseSchema,
  ReportesResponseSchema,
  ResumenResponseSchema,
  VerificacionDetalleResponseSchema,
  VerificacionesResponseSchema,
  VerificacionResueltaResponseSchema,
} from './operador-answers';
import type { ResolverReclamoSchema } from './pedidos';
import type { ResolverVerificacionSchema } from './verificacion';

type Motivo = typeof AccionConMotivoSchema;

/**
 * The operator's back office (issue 28, docs/decisions/045; contract/endpoint.ts, decision 077): every call under
 * /api/operador, each action with the reason the operator typed. The payouts are in LIQUIDACIONES_API.
 */
export const OPERADOR_API = {
  resumen: endpoint('GET', '/api/operador/resumen', shapes<{ answer: typeof ResumenResponseSchema }>()),

  cuentas: endpoint(
    'GET',
    '/api/operador/cuentas',
    shapes<{ query: typeof BusquedaSchema; answer: typeof CuentasResponseSchema }>(),
  ),
  cuenta: endpoint('GET', '/api/operador/cuentas/:id', shapes<{ answer: typeof CuentaDetalleResponseSchema }>()),
  suspenderCuenta: endpoint(
    'POST',
    '/api/operador/cuentas/:id/suspender',
    shapes<{ body: Motivo; answer: typeof CuentaSuspendidaResponseSchema }>(),
  ),
  reactivarCuenta: endpoint(
    'POST',
    '/api/operador/cuentas/:id/reactivar',
    shapes<{ body: Motivo; answer: typeof CuentaReactivadaResponseSchema }>(),
  ),
  retirarVerificacion: endpoint(
    'POST',
    '/api/operador/cuentas/:id/retirar-verificacion',
    shapes<{ body: Motivo; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),

  lotes: endpoint(
    'GET',
    '/api/operador/lotes',
    shapes<{ query: typeof BusquedaSchema; answer: typeof LotesResponseSchema }>(),
  ),
  lote: endpoint('GET', '/api/operador/lotes/:id', shapes<{ answer: typeof LoteDetalleResponseSchema }>()),
  ocultarLote: endpoint(
    'POST',
    '/api/operador/lotes/:id/ocultar',
    shapes<{ body: Motivo; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),
  showLote: endpoint(
    'POST',
    '/api/operador/lotes/:id/mostrar',
    shapes<{ body: Motivo; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),

  reportes: endpoint(
    'GET',
    '/api/operador/reportes',
    shapes<{ query: typeof ReportesQuerySchema; answer: typeof ReportesResponseSchema }>(),
  ),
  /** A POST: reading a reported thread is itself an audited action. */
  readReporte: endpoint(
    'POST',
    '/api/operador/reportes/:id/leer',
    shapes<{ answer: typeof ReporteHiloResponseSchema }>(),
  ),
  resolverReporte: endpoint(
    'POST',
    '/api/operador/reportes/:id/resolver',
    shapes<{ body: typeof ResolverReporteSchema; answer: typeof OkMessageOnlyResponseSchema }>(),
  ),

  reclamos: endpoint('GET', '/api/operador/reclamos', shapes<{ answer: typeof ReclamosResponseSchema }>()),
  reclamo: endpoint('GET', '/api/operador/reclamos/:id', shapes<{ answer: typeof ReclamoDetalleResponseSchema }>()),
  resolverReclamo: endpoint(
    'POST',
    '/api/operador/reclamos/:numero/resolver',
    shapes<{ body: typeof ResolverReclamoSchema; answer: typeof ReclamoResueltoResponseSchema }>(),
  ),

  verificaciones: endpoint(
    'GET',
    '/api/operador/verificaciones',
    shapes<{ query: typeof VerificacionesQuerySchema; answer: typeof VerificacionesResponseSchema }>(),
  ),
  verificacion: endpoint(
    'GET',
    '/api/operador/verificaciones/:id',
    shapes<{ answer: typeof VerificacionDetalleResponseSchema }>(),
  ),
  resolverVerificacion: endpoint(
    'POST',
    '/api/operador/verificaciones/:id/resolver',
    shapes<{ body: typeof ResolverVerificacionSchema; answer: typeof VerificacionResueltaResponseSchema }>(),
  ),

  pedidos: endpoint(
    'GET',
    '/api/operador/pedidos',
    shapes<{ query: typeof PedidosQuerySchema; answer: typeof PedidosResponseSchema }>(),
  ),
  pedido: endpoint('GET', '/api/operador/pedidos/:id', shapes<{ answer: typeof PedidoDetalleResponseSchema }>()),
  cancelarPedido: endpoint(
    'POST',
    '/api/operador/pedidos/:id/cancelar',
    shapes<{ body: Motivo; answer: typeof PedidoCanceladoResponseSchema }>(),
  ),

  laboratorio: endpoint(
    'GET',
    '/api/operador/laboratorio',
    shapes<{ answer: typeof LaboratorioResumenResponseSchema }>(),
  ),
  createCuentaLaboratorio: endpoint(
    'POST',
    '/api/operador/laboratorio/cuentas',
    shapes<{ body: typeof CreateCuentaLaboratorioSchema; answer: typeof CuentaLaboratorioCreadaResponseSchema }>(),
  ),
  direccionLaboratorio: endpoint(
    'GET',
    '/api/operador/laboratorio/direccion',
    shapes<{ answer: typeof DireccionLaboratorioResponseSchema }>(),
  ),
  saveDireccionLaboratorio: endpoint(
    'PUT',
    '/api/operador/laboratorio/direccion',
    shapes<{
      body: typeof DireccionLaboratorioCambioSchema;
      answer: typeof DireccionLaboratorioGuardadaResponseSchema;
    }>(),
  ),

  auditoria: endpoint(
    'GET',
    '/api/operador/auditoria',
    shapes<{ query: typeof AuditoriaQuerySchema; answer: typeof AuditoriaResponseSchema }>(),
  ),
  accionesAuditoria: endpoint(
    'GET',
    '/api/operador/auditoria/acciones',
    shapes<{ answer: typeof AccionesAuditoriaResponseSchema }>(),
  ),

  /** Collecting through Cereza (issue 29): the panel, and an entry matched by hand (audited). */
  cobros: endpoint('GET', '/api/operador/cobros', shapes<{ answer: typeof PanelCobrosResponseSchema }>()),
  /** A camt.053 statement: its XML is the body (Content-Type application/xml), `?nombre=` the file's name. */
  importExtracto: endpoint(
    'POST',
    '/api/operador/cobros/extractos',
    shapes<{ query: typeof ExtractoQuerySchema; file: true; answer: typeof ImportacionResponseSchema }>(),
  ),
  conciliar: endpoint(
    'POST',
    '/api/operador/cobros/apuntes/:id/conciliar',
    shapes<{ body: typeof ConciliarManualSchema; answer: typeof ConciliadoResponseSchema }>(),
  ),
};
