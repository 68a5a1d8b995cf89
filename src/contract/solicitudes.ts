import { z } from 'zod';
import {
  emptyToUndefined,
  fechaSchema,
  okMessageResponse,
  okResponse,
  PaginationSchema,
  pageQuerySchema,
  UuidSchema,
  CentavosSchema,
} from './common';
import { aCentavos, entero, lista, listaTexto, MesSchema, numero, texto, textoOpcional } from './campos';
import {
  CERTIFICACIONES,
  INCOTERMS,
  lugarDelComprador,
  MONEDAS,
  PaisSchema,
  PESOS_SACO,
  PROCESOS,
  type Proceso,
} from './lotes';
import { DireccionEnvioSchema } from './muestras';

// ---------------------------------------------------------------------------------------------------------
// States and actions (issue 13, TRADE.md "Sourcing requests"); the tables are in src/server/modules/solicitudes
// ---------------------------------------------------------------------------------------------------------

export const ESTADOS_SOLICITUD = ['BORRADOR', 'ABIERTA', 'CERRADA', 'CANCELADA', 'EXPIRADA'] as const;
export type EstadoSolicitud = (typeof ESTADOS_SOLICITUD)[number];
export const ESTADO_SOLICITUD_LABELS: Record<EstadoSolicitud, string> = {
  BORRADOR: 'Borrador',
  ABIERTA: 'Abierta',
  CERRADA: 'Cerrada',
  CANCELADA: 'Cancelada',
  EXPIRADA: 'Expirada',
};
/** Moves a buyer asks for with POST /api/solicitudes/{id}/acciones (EXPIRAR is the timer's, ADJUDICAR the accept's). */
export const ACCIONES_SOLICITUD = ['PUBLICAR', 'CERRAR', 'CANCELAR'] as const;
export type AccionSolicitud = (typeof ACCIONES_SOLICITUD)[number];
export type MovimientoSolicitud = AccionSolicitud | 'CREAR' | 'EXPIRAR' | 'ADJUDICAR';
export const ACCION_SOLICITUD_LABELS: Record<MovimientoSolicitud, string> = {
  CREAR: 'Creada',
  PUBLICAR: 'Publicar',
  CERRAR: 'Cerrar sin adjudicar',
  CANCELAR: 'Cancelar',
  EXPIRAR: 'Expirada',
  ADJUDICAR: 'Adjudicada',
};

export const ESTADOS_RESPUESTA = [
  'ENVIADA',
  'PRESELECCIONADA',
  'ACEPTADA',
  'DESCARTADA',
  'RETIRADA',
  'NO_ELEGIDA',
] as const;
export type EstadoRespuesta = (typeof ESTADOS_RESPUESTA)[number];
export const ESTADO_RESPUESTA_LABELS: Record<EstadoRespuesta, string> = {
  ENVIADA: 'Enviada',
  PRESELECCIONADA: 'Preseleccionada',
  ACEPTADA: 'Aceptada',
  DESCARTADA: 'Descartada',
  RETIRADA: 'Retirada',
  NO_ELEGIDA: 'No elegida',
};
export const ACCIONES_RESPUESTA = ['RETIRAR', 'PRESELECCIONAR', 'DESCARTAR', 'PEDIR_MUESTRA', 'ACEPTAR'] as const;
export type AccionRespuesta = (typeof ACCIONES_RESPUESTA)[number];
export type MovimientoRespuesta = AccionRespuesta | 'RESPONDER' | 'NO_ELEGIR';
export const ACCION_RESPUESTA_LABELS: Record<MovimientoRespuesta, string> = {
  RESPONDER: 'Respondida',
  RETIRAR: 'Retirar',
  PRESELECCIONAR: 'Preseleccionar',
  DESCARTAR: 'Descartar',
  PEDIR_MUESTRA: 'Pedir muestra',
  ACEPTAR: 'Aceptar',
  NO_ELEGIR: 'No elegida',
};

// ---------------------------------------------------------------------------------------------------------
// Bodies: one shared schema for the form and the server
// ---------------------------------------------------------------------------------------------------------

export const SOLICITUD_LIMITS = { origenes: 10, variedades: 10, notas: 8, pageLimitMax: 50, pageLimitDefault: 20 };

const fecha = z
  .string({ error: 'La fecha de cierre es obligatoria.' })
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'La fecha de cierre debe tener el formato AAAA-MM-DD.')
  .pipe(fechaSchema('La fecha de cierre no es válida.'));

const solicitudFields = {
  titulo: texto('El título', 3, 120),
  descripcion: z
    .string({ error: 'La descripción debe ser un texto.' })
    .trim()
    .max(2000, 'La descripción admite como máximo 2000 caracteres.')
    .default(''),
  origenes: z
    .array(PaisSchema, { error: 'Los orígenes deben ser una lista.' })
    .min(1, 'Indica al menos un origen.')
    .max(SOLICITUD_LIMITS.origenes, `Los orígenes: como máximo ${SOLICITUD_LIMITS.origenes}.`)
    .refine((xs) => new Set(xs).size === xs.length, { error: 'Hay orígenes repetidos.' }),
  procesos: lista('Los procesos', PROCESOS, PROCESOS.length).default([]),
  variedades: listaTexto('Las variedades', SOLICITUD_LIMITS.variedades).default([]),
  puntajeMin: numero('El puntaje mínimo', 0, 100).nullable().optional(),
  puntajeMax: numero('El puntaje máximo', 0, 100).nullable().optional(),
  notasCata: listaTexto('Las notas de cata', SOLICITUD_LIMITS.notas, 40).default([]),
  certificaciones: lista('Las certificaciones', CERTIFICACIONES, CERTIFICACIONES.length).default([]),
  sacos: entero('Los sacos', 1, 100_000),
  pesoSacoKg: z.literal(PESOS_SACO, { error: 'El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.' }),
  precioMin: numero('El precio mínimo', 0, 100_000).nullable().optional(),
  precioMax: numero('El precio máximo', 0, 100_000).nullable().optional(),
  moneda: z.enum(MONEDAS, { error: 'Elige una moneda de la lista.' }).default('USD'),
  incoterm: z.enum(INCOTERMS, { error: 'Elige un incoterm de la lista (EXW, FCA, FOB o DAP).' }).default('FOB'),
  lugarEntrega: textoOpcional('El lugar de entrega', 120),
  entregaDesde: MesSchema.nullable().optional(),
  entregaHasta: MesSchema.nullable().optional(),
  preparacion: textoOpcional('La preparación', 120),
  cierre: fecha,
  planLineaId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
};

type Rangos = {
  puntajeMin?: number | null;
  puntajeMax?: number | null;
  precioMin?: number | null;
  precioMax?: number | null;
  entregaDesde?: string | null;
  entregaHasta?: string | null;
  incoterm?: string;
  lugarEntrega?: string | null;
};
function checkRangos(v: Rangos, ctx: z.RefinementCtx) {
  if (v.incoterm && lugarDelComprador(v.incoterm) && !v.lugarEntrega) {
    ctx.addIssue({
      code: 'custom',
      path: ['lugarEntrega'],
      message: `Con ${v.incoterm} la entrega es en tu destino: indica el lugar de entrega (ciudad y país).`,
    });
  }
  if (v.puntajeMin != null && v.puntajeMax != null && v.puntajeMin > v.puntajeMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['puntajeMax'],
      message: 'El puntaje máximo no puede ser menor que el mínimo.',
    });
  }
  if (v.precioMin != null && v.precioMax != null && v.precioMin > v.precioMax) {
    ctx.addIssue({
      code: 'custom',
      path: ['precioMax'],
      message: 'El precio máximo no puede ser menor que el mínimo.',
    });
  }
  if (v.entregaDesde && v.entregaHasta && v.entregaDesde > v.entregaHasta) {
    ctx.addIssue({ code: 'custom', path: ['entregaHasta'], message: 'La entrega debe terminar después de empezar.' });
  }
}

export const SolicitudInputSchema = z.object(solicitudFields).superRefine(checkRangos);
export type SolicitudInput = z.input<typeof SolicitudInputSchema>;
export type SolicitudParsed = z.output<typeof SolicitudInputSchema>;

export const SolicitudAccionSchema = z.object({
  accion: z.enum(ACCIONES_SOLICITUD, { error: 'Acción no válida.' }),
  desde: z.enum(ESTADOS_SOLICITUD).optional(),
});

export const RespuestaInputSchema = z
  .object({
    loteId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
    precioKg: numero('El precio por kg', 0.01, 100_000),
    sacos: entero('Los sacos', 1, 100_000),
    pesoSacoKg: z.literal(PESOS_SACO, { error: 'El peso por saco debe ser 30, 35, 46, 60, 69 o 70 kg.' }).optional(),
    ventanaEmbarque: texto('La ventana de embarque', 1, 60),
    gramosMuestra: entero('Los gramos de muestra', 50, 5000).nullable().optional(),
    mensaje: z
      .string({ error: 'El mensaje debe ser un texto.' })
      .trim()
      .max(2000, 'El mensaje admite como máximo 2000 caracteres.')
      .default(''),
    /** A proposal without a lot says what it offers. */
    pais: PaisSchema.optional(),
    proceso: z.enum(PROCESOS, { error: 'Elige un proceso de la lista.' }).optional(),
    puntaje: numero('El puntaje', 0, 100).nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.loteId) {
      if (!v.pais) ctx.addIssue({ code: 'custom', path: ['pais'], message: 'Indica el origen de tu propuesta.' });
      if (!v.proceso)
        ctx.addIssue({ code: 'custom', path: ['proceso'], message: 'Indica el proceso de tu propuesta.' });
      if (!v.pesoSacoKg) {
        ctx.addIssue({ code: 'custom', path: ['pesoSacoKg'], message: 'Indica el peso por saco de tu propuesta.' });
      }
    }
  });
export type RespuestaInput = z.input<typeof RespuestaInputSchema>;
export type RespuestaParsed = z.output<typeof RespuestaInputSchema>;

export const RespuestaAccionSchema = z.object({
  accion: z.enum(ACCIONES_RESPUESTA, { error: 'Acción no válida.' }),
  desde: z.enum(ESTADOS_RESPUESTA).optional(),
  /** PEDIR_MUESTRA: where to send it. */
  direccionEnvio: DireccionEnvioSchema.optional(),
});
export type RespuestaAccion = z.input<typeof RespuestaAccionSchema>;
export type RespuestaAccionParsed = z.output<typeof RespuestaAccionSchema>;

export const SolicitudesQuerySchema = pageQuerySchema(
  SOLICITUD_LIMITS.pageLimitMax,
  SOLICITUD_LIMITS.pageLimitDefault,
).extend({
  estado: z.preprocess(emptyToUndefined, z.enum(ESTADOS_SOLICITUD, { error: 'Estado no válido.' }).optional()),
});

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

export const RespuestaSchema = z.object({
  id: z.string(),
  solicitudId: z.string(),
  productorId: z.string(),
  productor: z.object({ nombre: z.string(), pais: z.string().nullable() }),
  lote: z.object({ id: z.string(), nombre: z.string(), codigo: z.string() }).nullable(),
  precioKgCentavos: CentavosSchema,
  moneda: z.string(),
  sacos: z.number(),
  pesoSacoKg: z.number(),
  ventanaEmbarque: z.string(),
  gramosMuestra: z.number().nullable(),
  puntaje: z.number().nullable(),
  pais: z.string().nullable(),
  proceso: z.string().nullable(),
  mensaje: z.string(),
  estado: z.enum(ESTADOS_RESPUESTA),
  muestraId: z.string().nullable(),
  pedidoId: z.string().nullable(),
  /** Price distance from the request's range, in cents per kg (0 inside it); null when it has none. */
  distanciaPrecioCentavos: CentavosSchema.nullable(),
  acciones: z.array(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Respuesta = z.infer<typeof RespuestaSchema>;

export const SolicitudSchema = z.object({
  id: z.string(),
  compradorId: z.string(),
  comprador: z.object({ empresa: z.string().nullable(), pais: z.string().nullable() }),
  titulo: z.string(),
  descripcion: z.string(),
  origenes: z.array(z.string()),
  procesos: z.array(z.string()),
  variedades: z.array(z.string()),
  puntajeMin: z.number().nullable(),
  puntajeMax: z.number().nullable(),
  notasCata: z.array(z.string()),
  certificaciones: z.array(z.string()),
  sacos: z.number(),
  pesoSacoKg: z.number(),
  precioMinCentavos: CentavosSchema.nullable(),
  precioMaxCentavos: CentavosSchema.nullable(),
  moneda: z.string(),
  incoterm: z.string(),
  lugarEntrega: z.string().nullable(),
  entregaDesde: z.string().nullable(),
  entregaHasta: z.string().nullable(),
  preparacion: z.string().nullable(),
  cierraAt: z.string(),
  estado: z.enum(ESTADOS_SOLICITUD),
  adjudicada: z.boolean(),
  planLineaId: z.string().nullable(),
  publicadaAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  rol: z.enum(['comprador', 'productor']),
  acciones: z.array(z.string()),
  numRespuestas: z.number(),
  /** For a producer: the lots of his that match, with why. */
  coincidencias: z
    .array(z.object({ loteId: z.string(), nombre: z.string(), codigo: z.string(), motivos: z.array(z.string()) }))
    .optional(),
  /** For a producer: his own answer, if any. */
  miRespuesta: RespuestaSchema.nullable().optional(),
});
export type Solicitud = z.infer<typeof SolicitudSchema>;

export const EventoSolicitudSchema = z.object({
  id: z.string(),
  entidad: z.string(),
  accion: z.string(),
  desde: z.string().nullable(),
  hacia: z.string(),
  actor: z.string(),
  createdAt: z.string(),
});

export const SolicitudResponseSchema = okMessageResponse(z.object({ solicitud: SolicitudSchema }));
export const SolicitudesResponseSchema = okResponse(
  z.object({ solicitudes: z.array(SolicitudSchema), pagination: PaginationSchema }),
);
export const SolicitudDetalleResponseSchema = okResponse(
  z.object({
    solicitud: SolicitudSchema,
    respuestas: z.array(RespuestaSchema),
    eventos: z.array(EventoSolicitudSchema),
  }),
);
export const RespuestaResponseSchema = okMessageResponse(z.object({ respuesta: RespuestaSchema }));

export const SOLICITUD_MESSAGES = {
  sacosLibres: (n: number) =>
    n === 0
      ? 'Este lote no tiene sacos libres: todos están reservados o vendidos.'
      : `Este lote tiene ${n} ${n === 1 ? 'saco libre' : 'sacos libres'}; no puedes ofrecer más.`,
  NOT_FOUND: 'No encontramos esa solicitud.',
  RESPUESTA_NOT_FOUND: 'No encontramos esa respuesta.',
  LOTE_NOT_FOUND: 'No encontramos ese lote entre los tuyos.',
  SOLO_COMPRADORES: 'Solo los compradores publican solicitudes.',
  SOLO_PRODUCTORES: 'Solo los productores responden solicitudes.',
  PERFIL_REQUERIDO: 'Completa tu perfil antes de continuar.',
  CREATED: 'Solicitud guardada como borrador.',
  UPDATED: 'Solicitud actualizada.',
  SOLO_BORRADOR: 'Solo se edita una solicitud en borrador.',
  CIERRE_PASADO: 'La fecha de cierre ya pasó: elige una fecha futura.',
  NO_ABIERTA: 'La solicitud ya no está abierta.',
  YA_RESPONDIDA: 'Ya respondiste a esta solicitud: edita tu respuesta.',
  RESPONDIDA: 'Respuesta enviada.',
  RESPUESTA_EDITADA: 'Respuesta actualizada.',
  NO_EDITABLE: 'Ya no puedes cambiar tu respuesta: el comprador la preseleccionó o la solicitud se cerró.',
  DIRECCION_REQUERIDA: 'Indica la dirección de envío de la muestra.',
  MUESTRA_YA_PEDIDA: 'Ya pediste una muestra de esta respuesta.',
  MUESTRA_EN_CURSO: 'Ya tienes una muestra de este lote en curso.',
  ESTADO: {
    BORRADOR: 'La solicitud aún es un borrador.',
    ABIERTA: 'La solicitud ya está publicada.',
    CERRADA: 'La solicitud ya está cerrada.',
    CANCELADA: 'La solicitud fue cancelada.',
    EXPIRADA: 'La solicitud expiró.',
  } satisfies Record<EstadoSolicitud, string>,
  ESTADO_RESPUESTA: {
    ENVIADA: 'La respuesta aún no está preseleccionada.',
    PRESELECCIONADA: 'La respuesta ya está preseleccionada.',
    ACEPTADA: 'La respuesta ya fue aceptada.',
    DESCARTADA: 'La respuesta fue descartada.',
    RETIRADA: 'El productor retiró su respuesta.',
    NO_ELEGIDA: 'La solicitud se adjudicó a otra respuesta.',
  } satisfies Record<EstadoRespuesta, string>,
  MOVED: {
    PUBLICAR: 'Solicitud publicada: los productores ya pueden responder.',
    CERRAR: 'Solicitud cerrada.',
    CANCELAR: 'Solicitud cancelada.',
  } satisfies Record<AccionSolicitud, string>,
  MOVED_RESPUESTA: {
    RETIRAR: 'Respuesta retirada.',
    PRESELECCIONAR: 'Respuesta preseleccionada.',
    DESCARTAR: 'Respuesta descartada.',
    PEDIR_MUESTRA: 'Muestra pedida al productor.',
    ACEPTAR: 'Respuesta aceptada: se creó el pedido.',
  } satisfies Record<AccionRespuesta, string>,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Matching a request to a lot (the producer's list puts matching requests first, with why)
// ---------------------------------------------------------------------------------------------------------

export interface LoteParaCoincidir {
  pais: string;
  proceso: Proceso | string;
  puntaje: number | null;
  sacosDisponibles: number;
  pesoSacoKg: number;
}
export interface SolicitudParaCoincidir {
  origenes: string[];
  procesos: string[];
  puntajeMin: number | null;
  puntajeMax: number | null;
  sacos: number;
  pesoSacoKg: number;
}

/**
 * Why a lot matches a request (origin, process, score range, volume), or null when it does not: the origin
 * must be one asked; a process, score range or volume the request names must be met (volume in kg, at least
 * half of what is asked, so a producer with part of it still hears of it).
 */
export function motivosCoincidencia(s: SolicitudParaCoincidir, l: LoteParaCoincidir, paisName: (c: string) => string) {
  const motivos: string[] = [];
  if (!s.origenes.includes(l.pais)) return null;
  motivos.push(`Origen: ${paisName(l.pais)}`);
  if (s.procesos.length) {
    if (!s.procesos.includes(l.proceso)) return null;
    motivos.push(`Proceso: ${l.proceso.toLowerCase().replace('_', ' ')}`);
  }
  if (s.puntajeMin != null || s.puntajeMax != null) {
    if (l.puntaje == null) return null;
    if (s.puntajeMin != null && l.puntaje < s.puntajeMin) return null;
    if (s.puntajeMax != null && l.puntaje > s.puntajeMax) return null;
    motivos.push(`Puntaje ${String(l.puntaje).replace('.', ',')} dentro del rango`);
  }
  const kgPedidos = s.sacos * s.pesoSacoKg;
  const kgLote = l.sacosDisponibles * l.pesoSacoKg;
  if (kgLote * 2 < kgPedidos) return null;
  motivos.push(kgLote >= kgPedidos ? 'Volumen suficiente' : 'Cubre parte del volumen');
  return motivos;
}

/** Cents per kg between a price and a range (0 inside it). */
export function distanciaPrecio(precio: number, min: number | null, max: number | null): number | null {
  if (min == null && max == null) return null;
  if (min != null && precio < min) return min - precio;
  if (max != null && precio > max) return precio - max;
  return 0;
}

export { aCentavos };
