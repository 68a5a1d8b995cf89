import { z } from 'zod';
import { DireccionLaboratorioSchema } from './ajustes';
import { okMessageResponse, okResponse } from './common';
import { ESTADOS_PAGO, ESTADOS_PEDIDO } from './pedidos';
import { AporteReclamoSchema } from './reclamos';
import { DocumentoKybVistaSchema, ESTADOS_VERIFICACION } from './verificacion';

/*
 * What the operator's back office answers (issue 28, docs/decisions/045; declared in ./operador-endpoints.ts,
 * decision 077). The server checks every answer against these and sends only the keys they name; the web reads the
 * types from them. Dates travel as ISO strings.
 */

/** A list's answer: `data` is the array itself (the refreshed token rides only beside it). */
const okList = <T extends z.ZodType>(item: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(item),
    message: z.string().optional(),
    refreshedToken: z.string().optional(),
  });

const PendienteSchema = z.object({ n: z.number().int(), diasMasAntiguo: z.number().int().nullable().optional() });

export const ResumenSchema = z.object({
  pendientes: z.object({
    reclamos: PendienteSchema,
    reportes: PendienteSchema,
    laboratorio: PendienteSchema,
    verificaciones: PendienteSchema,
    pagosVencidos: PendienteSchema,
  }),
  cifras: z.object({
    /** The last twelve months, 'YYYY-MM', oldest first. */
    meses: z.array(z.string()),
    monedas: z.array(z.string()),
    pedidos: z.array(
      z.object({
        mes: z.string(),
        moneda: z.string(),
        estado: z.string(),
        n: z.number(),
        kg: z.number(),
        valorCentavos: z.number(),
      }),
    ),
    muestras: z.array(
      z.object({
        mes: z.string(),
        solicitadas: z.number(),
        enviadas: z.number(),
        catadas: z.number(),
        tasaCata: z.number().nullable(),
      }),
    ),
    altas: z.array(z.object({ mes: z.string(), compradores: z.number(), productores: z.number() })),
    lotesNuevos: z.array(z.object({ mes: z.string(), n: z.number() })),
    lotesActivos: z.number(),
  }),
});
export type Resumen = z.infer<typeof ResumenSchema>;
export const ResumenResponseSchema = okResponse(ResumenSchema);

// ------------------------------------------------------------------------------------------------ cuentas

export const CuentaFilaSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  tipoUser: z.string(),
  organizacion: z.string().nullable(),
  taxId: z.string().nullable(),
  suspendida: z.boolean(),
  productorVerificado: z.boolean(),
  createdAt: z.string(),
});
export type CuentaFila = z.infer<typeof CuentaFilaSchema>;
export const CuentasResponseSchema = okList(CuentaFilaSchema);

export const CuentaDetalleSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  tipoUser: z.string(),
  verificado: z.boolean(),
  productorVerificado: z.boolean(),
  suspendida: z.boolean(),
  suspendidaAt: z.string().nullable(),
  motivoSuspension: z.string().nullable(),
  segundoFactor: z.boolean(),
  createdAt: z.string(),
  informacionComercial: z.object({ razonSocial: z.string(), taxId: z.string() }).loose().nullable(),
  perfil: z.object({ tipo: z.string(), nombre: z.string(), pais: z.string(), region: z.string() }).nullable(),
  pedidos: z.array(
    z.object({
      id: z.string(),
      numero: z.string(),
      estado: z.string(),
      totalCentavos: z.number(),
      moneda: z.string(),
      compradorId: z.string().nullable(),
      rol: z.string(),
      createdAt: z.string(),
    }),
  ),
  lotes: z.array(
    z.object({ id: z.string(), nombre: z.string(), codigo: z.string(), status: z.string(), ocultar: z.boolean() }),
  ),
  muestras: z.number(),
});
export type CuentaDetalle = z.infer<typeof CuentaDetalleSchema>;
export const CuentaDetalleResponseSchema = okResponse(CuentaDetalleSchema);

export const CuentaSuspendidaResponseSchema = okMessageResponse(z.object({ lotesOcultados: z.number().int() }));
export const CuentaReactivadaResponseSchema = okMessageResponse(z.object({ lotesPublicados: z.number().int() }));

// ------------------------------------------------------------------------------------------------ lotes

export const LoteFilaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  status: z.string(),
  ocultar: z.boolean(),
  motivoOcultoOperador: z.string().nullable(),
  productorId: z.string(),
  productor: z.string().nullable(),
  sacosDisponibles: z.number(),
  createdAt: z.string(),
});
export type LoteFila = z.infer<typeof LoteFilaSchema>;
export const LotesResponseSchema = okList(LoteFilaSchema);

const EventoSchema = z.object({
  accion: z.string(),
  desde: z.string().nullable(),
  hacia: z.string(),
  actorRol: z.string(),
  createdAt: z.string(),
});

export const LoteDetalleSchema = LoteFilaSchema.omit({ createdAt: true }).extend({
  sacosReservados: z.number(),
  pedidos: z.array(
    z.object({
      id: z.string(),
      numero: z.string(),
      estado: z.string(),
      sacos: z.number(),
      totalCentavos: z.number(),
      moneda: z.string(),
      createdAt: z.string(),
    }),
  ),
  muestras: z.array(z.object({ id: z.string(), estado: z.string(), createdAt: z.string() })),
  historial: z.array(EventoSchema),
});
export type LoteDetalle = z.infer<typeof LoteDetalleSchema>;
export const LoteDetalleResponseSchema = okResponse(LoteDetalleSchema);

// ------------------------------------------------------------------------------------------------ reportes

const EstadoReporteSchema = z.enum(['ABIERTO', 'REVISADO']);

export const ReporteFilaSchema = z.object({
  id: z.string(),
  conversacionId: z.string(),
  asunto: z.string(),
  motivo: z.string(),
  estado: EstadoReporteSchema,
  reportadoPor: z.string().nullable(),
  createdAt: z.string(),
  diasAbierto: z.number(),
});
export type ReporteFila = z.infer<typeof ReporteFilaSchema>;
export const ReportesResponseSchema = okList(ReporteFilaSchema);

export const ReporteHiloSchema = z.object({
  id: z.string(),
  estado: EstadoReporteSchema,
  motivo: z.string(),
  mensajeId: z.string().nullable(),
  asunto: z.string(),
  partes: z.array(z.object({ id: z.string(), rol: z.string(), nombre: z.string() })),
  mensajes: z.array(
    z.object({
      id: z.string(),
      numero: z.number(),
      autor: z.string(),
      texto: z.string(),
      reportado: z.boolean(),
      createdAt: z.string(),
    }),
  ),
});
export type ReporteHilo = z.infer<typeof ReporteHiloSchema>;
export const ReporteHiloResponseSchema = okResponse(ReporteHiloSchema);

// ------------------------------------------------------------------------------------------------ reclamos y pedidos

export const ReclamoFilaSchema = z.object({
  id: z.string(),
  numero: z.string(),
  comprador: z.string(),
  productor: z.string(),
  motivo: z.string().nullable(),
  totalCentavos: z.number(),
  moneda: z.string(),
  abiertoAt: z.string(),
  diasAbierto: z.number(),
});
export type ReclamoFila = z.infer<typeof ReclamoFilaSchema>;
export const ReclamosResponseSchema = okList(ReclamoFilaSchema);

export const PedidoFilaSchema = z.object({
  id: z.string(),
  numero: z.string(),
  estado: z.enum(ESTADOS_PEDIDO),
  estadoPago: z.enum(ESTADOS_PAGO),
  comprador: z.string(),
  productor: z.string(),
  sacos: z.number(),
  totalCentavos: z.number(),
  moneda: z.string(),
  motivoReclamo: z.string().nullable(),
  createdAt: z.string(),
});
export type PedidoFila = z.infer<typeof PedidoFilaSchema>;
export const PedidosResponseSchema = okList(PedidoFilaSchema);

export const PedidoDetalleSchema = PedidoFilaSchema.extend({
  compradorId: z.string().nullable(),
  productorId: z.string().nullable(),
  loteId: z.string().nullable(),
  historial: z.array(EventoSchema.extend({ datos: z.record(z.string(), z.unknown()) })),
});
export type PedidoDetalle = z.infer<typeof PedidoDetalleSchema>;
export const PedidoDetalleResponseSchema = okResponse(PedidoDetalleSchema);

export const ReclamoDetalleSchema = z.object({
  pedido: PedidoDetalleSchema,
  reclamo: AporteReclamoSchema.nullable(),
  respuesta: AporteReclamoSchema.nullable(),
});
export type ReclamoDetalle = z.infer<typeof ReclamoDetalleSchema>;
export const ReclamoDetalleResponseSchema = okResponse(ReclamoDetalleSchema);

export const ReclamoResueltoResponseSchema = okMessageResponse(
  z.object({ id: z.string(), estado: z.enum(ESTADOS_PEDIDO) }),
);
export const PedidoCanceladoResponseSchema = okMessageResponse(z.object({ estado: z.enum(ESTADOS_PEDIDO) }));

// ------------------------------------------------------------------------------------------------ verificaciones

export const VerificacionFilaSchema = z.object({
  id: z.string(),
  productorId: z.string(),
  email: z.string(),
  productor: z.string(),
  pais: z.string().nullable(),
  razonSocial: z.string(),
  estado: z.enum(ESTADOS_VERIFICACION),
  createdAt: z.string(),
  diasEsperando: z.number(),
});
export type VerificacionFila = z.infer<typeof VerificacionFilaSchema>;
export const VerificacionesResponseSchema = okList(VerificacionFilaSchema);

export const VerificacionDetalleSchema = z.object({
  id: z.string(),
  estado: z.enum(ESTADOS_VERIFICACION),
  razonSocial: z.string(),
  identificacionFiscal: z.string(),
  documentos: z.array(DocumentoKybVistaSchema),
  motivo: z.string().nullable(),
  createdAt: z.string(),
  resueltaAt: z.string().nullable(),
  retiradaAt: z.string().nullable(),
  motivoRetirada: z.string().nullable(),
  productorId: z.string(),
  productor: z.object({
    email: z.string(),
    nombre: z.string().nullable(),
    pais: z.string().nullable(),
    region: z.string().nullable(),
    razonSocialFacturacion: z.string().nullable(),
    taxIdFacturacion: z.string().nullable(),
  }),
  anteriores: z.array(
    z.object({
      id: z.string(),
      estado: z.enum(ESTADOS_VERIFICACION),
      motivo: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type VerificacionDetalle = z.infer<typeof VerificacionDetalleSchema>;
export const VerificacionDetalleResponseSchema = okResponse(VerificacionDetalleSchema);

export const VerificacionResueltaResponseSchema = okMessageResponse(z.object({ estado: z.string() }));

// ------------------------------------------------------------------------------------------------ laboratorio

export const LaboratorioResumenSchema = z.object({
  cuentas: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      nombre: z.string().nullable(),
      activa: z.boolean(),
      segundoFactor: z.boolean(),
    }),
  ),
  cola: z.array(
    z.object({
      id: z.string(),
      nombre: z.string(),
      codigo: z.string(),
      status: z.string(),
      updatedAt: z.string(),
      dias: z.number(),
    }),
  ),
});
export type LaboratorioResumen = z.infer<typeof LaboratorioResumenSchema>;
export const LaboratorioResumenResponseSchema = okResponse(LaboratorioResumenSchema);

export const CuentaLaboratorioCreadaResponseSchema = okMessageResponse(
  z.object({ email: z.string(), resultado: z.enum(['creada', 'promovida', 'renovada']), password: z.string() }),
);

export const DireccionLaboratorioGuardadaResponseSchema = okMessageResponse(
  z.object({ direccion: DireccionLaboratorioSchema }),
);

// ------------------------------------------------------------------------------------------------ auditoría

export const EntradaAuditoriaSchema = z.object({
  id: z.string(),
  n: z.number(),
  operadorEmail: z.string(),
  accion: z.string(),
  entidad: z.string(),
  entidadId: z.string(),
  motivo: z.string(),
  antes: z.record(z.string(), z.unknown()).nullable(),
  despues: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string(),
});
export type EntradaAuditoria = z.infer<typeof EntradaAuditoriaSchema>;
export const AuditoriaResponseSchema = okResponse(
  z.object({ entradas: z.array(EntradaAuditoriaSchema), siguiente: z.number().nullable() }),
);
export const AccionesAuditoriaResponseSchema = okResponse(z.object({ acciones: z.array(z.string()) }));
