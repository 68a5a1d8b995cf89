import { z } from 'zod';
import { DireccionLaboratorioSchema } from './ajustes';
import { ESTADOS_PEDIDO } from './pedidos';

/*
 * The operator's back office (issue 28, docs/decisions/045): what the operator sends. Every action carries the
 * reason he typed; it is written to the audit log with the action.
 */

export const MOTIVO_MAX = 1000;

export const MotivoSchema = z
  .string({ error: 'Escribe el motivo.' })
  .trim()
  .min(3, 'Escribe el motivo (al menos 3 caracteres).')
  .max(MOTIVO_MAX, `El motivo admite como máximo ${MOTIVO_MAX} caracteres.`);

export const AccionConMotivoSchema = z.object({ motivo: MotivoSchema });
export type AccionConMotivoInput = z.infer<typeof AccionConMotivoSchema>;

export const BusquedaSchema = z.object({
  q: z.string().trim().max(120, 'La búsqueda admite como máximo 120 caracteres.').optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

/** GET /api/operador/pedidos: a word and the order's state. */
export const PedidosQuerySchema = BusquedaSchema.extend({ estado: z.enum(ESTADOS_PEDIDO).optional() });

/** GET /api/operador/reportes: open, reviewed, or both. */
export const ReportesQuerySchema = z.object({ estado: z.enum(['ABIERTO', 'REVISADO']).optional() });

/** GET /api/operador/verificaciones: those waiting (the default) or those resolved. */
export const VerificacionesQuerySchema = z.object({ estado: z.enum(['ENVIADA', 'RESUELTAS']).default('ENVIADA') });

/** PUT /api/operador/laboratorio/direccion: the new address and the reason. */
export const DireccionLaboratorioCambioSchema = DireccionLaboratorioSchema.extend({ motivo: MotivoSchema });

/** The kinds of object an operator acts on: what the audit log's "Objeto" filter offers. */
export const ENTIDADES_AUDITORIA = [
  'cuenta',
  'lote',
  'pedido',
  'reporte',
  'verificacion',
  'remesa',
  'ajuste',
  'riesgo_pais',
] as const;
export type EntidadAuditoria = (typeof ENTIDADES_AUDITORIA)[number];
export const ENTIDAD_AUDITORIA_LABELS: Record<EntidadAuditoria, string> = {
  cuenta: 'Cuenta',
  lote: 'Lote',
  pedido: 'Pedido',
  reporte: 'Reporte de conversación',
  verificacion: 'Verificación de productor',
  remesa: 'Remesa de liquidaciones',
  ajuste: 'Ajuste',
  riesgo_pais: 'Riesgo EUDR de un país',
};

/**
 * GET /api/operador/auditoria: a word, an action, an object (its kind and/or its id), and the page. Pages are keyset:
 * newest first by the log's own sequence number, `antesDe` the last number of the previous page, so a page never
 * repeats or skips a row that was written while the operator read.
 */
export const AuditoriaQuerySchema = z.object({
  q: z.string().trim().max(120, 'La búsqueda admite como máximo 120 caracteres.').optional(),
  accion: z
    .string()
    .trim()
    .regex(/^[A-Z_]{1,60}$/, 'Elige una acción de la lista.')
    .optional(),
  entidad: z.enum(ENTIDADES_AUDITORIA, { error: 'Elige un tipo de objeto de la lista.' }).optional(),
  entidadId: z.string().trim().max(100, 'El identificador admite como máximo 100 caracteres.').optional(),
  antesDe: z.coerce
    .number({ error: 'La página pedida no es válida.' })
    .int('La página pedida no es válida.')
    .positive('La página pedida no es válida.')
    .optional(),
  limit: z.coerce
    .number({ error: 'El tamaño de página debe ser un número entre 1 y 100.' })
    .int('El tamaño de página debe ser un número entre 1 y 100.')
    .min(1, 'El tamaño de página debe ser un número entre 1 y 100.')
    .max(100, 'El tamaño de página debe ser un número entre 1 y 100.')
    .default(50),
});
export type AuditoriaQuery = z.infer<typeof AuditoriaQuerySchema>;

export const RESOLUCIONES_REPORTE = ['DESESTIMAR', 'ADVERTIR', 'SUSPENDER'] as const;
export type ResolucionReporte = (typeof RESOLUCIONES_REPORTE)[number];
export const RESOLUCION_REPORTE_LABELS: Record<ResolucionReporte, string> = {
  DESESTIMAR: 'Desestimar',
  ADVERTIR: 'Advertir',
  SUSPENDER: 'Suspender la cuenta',
};

export const ResolverReporteSchema = z
  .object({
    resolucion: z.enum(RESOLUCIONES_REPORTE, { error: 'Elige desestimar, advertir o suspender.' }),
    /** The party warned or suspended (one of the conversation's two). */
    cuentaId: z.uuid('Elige a quién se refiere.').optional(),
    motivo: MotivoSchema,
  })
  .refine((v) => v.resolucion === 'DESESTIMAR' || v.cuentaId, {
    message: 'Elige a qué parte de la conversación se refiere.',
    path: ['cuentaId'],
  });
export type ResolverReporteInput = z.infer<typeof ResolverReporteSchema>;

export const CreateCuentaLaboratorioSchema = z.object({
  email: z.email('Escribe un correo electrónico válido.').trim().toLowerCase().max(254),
  nombre: z.string().trim().max(120).optional(),
});

export const OPERADOR_MESSAGES = {
  CUENTA_SUSPENDIDA: 'Cuenta suspendida: sus sesiones se han cerrado y sus lotes han salido del catálogo.',
  CUENTA_REACTIVADA: 'Cuenta reactivada.',
  YA_SUSPENDIDA: 'Esta cuenta ya está suspendida.',
  NO_SUSPENDIDA: 'Esta cuenta no está suspendida.',
  NO_SUSPENDER_OPERADOR: 'Una cuenta de operador no se suspende desde el panel: usa `npm run operador` en el servidor.',
  LOTE_OCULTO: 'Lote oculto: ya no aparece en el catálogo y su productor ve el motivo.',
  LOTE_VISIBLE: 'El lote vuelve a estar publicado como lo dejó su productor.',
  YA_OCULTO: 'Este lote ya está oculto por un operador.',
  NO_OCULTO: 'Este lote no está oculto por un operador.',
  REPORTE_RESUELTO: 'Reporte resuelto.',
  REPORTE_YA_RESUELTO: 'Otro operador ya ha resuelto este reporte.',
  PARTE_AJENA: 'Esa cuenta no participa en la conversación reportada.',
  RECLAMO_RESUELTO: 'Reclamo resuelto.',
  PEDIDO_CANCELADO: 'Pedido cancelado.',
  LAB_CREADA: 'Cuenta del laboratorio lista. Entrega la contraseña de un solo uso por un canal seguro.',
  LAB_DESACTIVADA: 'Cuenta del laboratorio desactivada: sus sesiones se han cerrado.',
  LAB_REACTIVADA: 'Cuenta del laboratorio reactivada: ya puede entrar con su contraseña y su segundo factor.',
  VERIFICACION_APROBADA: 'Productor verificado: la insignia ya aparece en sus lotes y su perfil.',
  VERIFICACION_RECHAZADA: 'Verificación rechazada: el productor ve el motivo.',
  VERIFICACION_YA_RESUELTA: 'Otro operador ya ha resuelto esta verificación.',
  VERIFICACION_RETIRADA:
    'Insignia retirada: sus lotes y su perfil ya no muestran «Productor verificado» y el productor ve el motivo.',
  NO_VERIFICADO: 'Este productor no lleva la insignia «Productor verificado».',
  DIRECCION_LAB_GUARDADA: 'Dirección del laboratorio guardada: los productores ya ven la nueva.',
} as const;
