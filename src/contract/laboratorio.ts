import { z } from 'zod';
import {
  emptyToUndefined,
  okMessageResponse,
  okResponse,
  pageQuerySchema,
  PaginationSchema,
  obligatorio,
  verbo,
} from './common';
import { UploadUrlSchema } from './images';
import { LOTE_STATUS, type LoteStatus } from './lotes-codes';
import { CataSchema, HojaCataSchema } from './muestras';

/*
 * Cereza's quality lab (TRADE.md "The quality lab", docs/decisions/022 and 023): a lot's reference sample goes
 * to the lab, the lab receives it (EN_REVISION) and cups it on the same SCA sheet as buyers' samples; 80 points
 * or more verify the lot (VERIFICADO, the lab's total becomes its `puntaje`), below rejects it (RECHAZADO, the
 * sheet is the reason). The table itself is src/server/modules/laboratorio/lifecycle.ts.
 */

/** The lab's total at or above which a lot is verified. */
export const PUNTAJE_VERIFICACION = 80;

/** Moves of the lot's table, as the event rows name them. */
export const MOVIMIENTOS_LOTE = ['ENVIAR', 'RECIBIR', 'VERIFICAR', 'RECHAZAR', 'REABRIR'] as const;
export type MovimientoLote = (typeof MOVIMIENTOS_LOTE)[number];
/** Moves a person asks for with POST /api/laboratorio/lotes/{id}/acciones (the verdict comes with the sheet). */
export const ACCIONES_LOTE = ['ENVIAR', 'RECIBIR'] as const;
export type AccionLote = (typeof ACCIONES_LOTE)[number];

export const MOVIMIENTO_LOTE_LABELS: Record<MovimientoLote, string> = {
  ENVIAR: 'Muestra enviada al laboratorio',
  RECIBIR: 'Recibida por el laboratorio',
  VERIFICAR: 'Verificado por el laboratorio',
  RECHAZAR: 'Rechazado por el laboratorio',
  REABRIR: 'Vuelve a control: cambiaron los datos del café',
};

/** The sample the producer sent to the lab (stored on the lot). */
export interface EnvioLaboratorio {
  transportista: string;
  numeroGuia: string;
  /** The photo of the sample bag (the spec's "sample-image flag"). */
  imagen: string | null;
  enviadaAt: string;
}

const texto = (field: string, max: number) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} ser un texto.` })
    .refine((s) => !s.includes('\u0000'), { error: `${field} ${verbo(field, 'contiene')} caracteres no válidos.` })
    .trim()
    .min(1, obligatorio(field))
    .max(max, `${field} ${verbo(field, 'admite')} como máximo ${max} caracteres.`);

const desde = { desde: z.enum(LOTE_STATUS, { error: 'Estado no válido.' }).optional() };

/** POST /api/laboratorio/lotes/{id}/acciones. */
export const LoteAccionSchema = z.discriminatedUnion(
  'accion',
  [
    z.object({
      accion: z.literal('ENVIAR'),
      transportista: texto('El transportista', 80),
      numeroGuia: texto('El número de guía', 80),
      imagen: UploadUrlSchema.nullable().optional(),
      ...desde,
    }),
    z.object({ accion: z.literal('RECIBIR'), ...desde }),
  ],
  { error: 'Acción no válida.' },
);
export type LoteAccion = z.infer<typeof LoteAccionSchema>;

/** POST /api/laboratorio/lotes/{id}/cata: the SCA sheet; the lab's verdict follows from its total. */
export const CataLaboratorioInputSchema = HojaCataSchema;

/** What the lab's queue shows of a lot. */
export const LoteLaboratorioSchema = z.object({
  id: z.string(),
  codigo: z.string(),
  nombre: z.string(),
  pais: z.string(),
  region: z.string(),
  proceso: z.string(),
  variedades: z.array(z.string()),
  cosecha: z.string().nullable(),
  productor: z.string(),
  status: z.enum(LOTE_STATUS),
  envio: z
    .object({
      transportista: z.string(),
      numeroGuia: z.string(),
      imagen: z.string().nullable(),
      enviadaAt: z.string(),
      seguimiento: z.string().nullable(),
    })
    .nullable(),
  motivoRechazo: z.string().nullable(),
  puntaje: z.number().nullable(),
  updatedAt: z.string(),
  /** The moves the table allows the viewer now. */
  acciones: z.array(z.enum(['ENVIAR', 'RECIBIR', 'CATAR'])),
});
export type LoteLaboratorio = z.infer<typeof LoteLaboratorioSchema>;

export const EventoLoteSchema = z.object({
  id: z.string(),
  accion: z.string(),
  desde: z.string().nullable(),
  hacia: z.string(),
  actor: z.enum(['productor', 'laboratorio', 'sistema']),
  datos: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EventoLote = z.infer<typeof EventoLoteSchema>;

/** The lab's lists: lots to receive, lots to cup, and what it has cupped. */
export const BANDEJAS_LABORATORIO = ['POR_RECIBIR', 'EN_REVISION', 'HISTORIAL'] as const;
export type BandejaLaboratorio = (typeof BANDEJAS_LABORATORIO)[number];
export const BANDEJA_LABELS: Record<BandejaLaboratorio, string> = {
  POR_RECIBIR: 'Por recibir',
  EN_REVISION: 'Por catar',
  HISTORIAL: 'Historial',
};

export const LABORATORIO_LIMITS = { perPage: 20, maxPerPage: 50 } as const;
export const LotesLaboratorioQuerySchema = pageQuerySchema(
  LABORATORIO_LIMITS.maxPerPage,
  LABORATORIO_LIMITS.perPage,
).extend({
  bandeja: z.preprocess(
    emptyToUndefined,
    z.enum(BANDEJAS_LABORATORIO, { error: 'Bandeja no válida.' }).default('POR_RECIBIR'),
  ),
});
export type LotesLaboratorioQuery = z.infer<typeof LotesLaboratorioQuerySchema>;

export const LotesLaboratorioResponseSchema = okResponse(
  z.object({
    lotes: z.array(LoteLaboratorioSchema),
    pagination: PaginationSchema,
    /** How many lots wait in each of the two working lists. */
    pendientes: z.object({ POR_RECIBIR: z.number().int(), EN_REVISION: z.number().int() }),
  }),
);
export const LoteLaboratorioResponseSchema = okMessageResponse(z.object({ lote: LoteLaboratorioSchema }));
export const LoteLaboratorioDetalleResponseSchema = okResponse(
  z.object({ lote: LoteLaboratorioSchema, eventos: z.array(EventoLoteSchema), cata: CataSchema.nullable() }),
);
export const CataLaboratorioResponseSchema = okMessageResponse(
  z.object({ cata: CataSchema, lote: LoteLaboratorioSchema }),
);
/** GET /api/lotes/{id}/cata-laboratorio: the lab's sheet of a verified lot (public). */
export const CataPublicaResponseSchema = okResponse(z.object({ cata: CataSchema.nullable() }));

export const LABORATORIO_MESSAGES = {
  NOT_FOUND: 'Lote no encontrado.',
  SOLO_LABORATORIO: 'Solo el laboratorio de Cereza puede hacer esto.',
  SOLO_PRODUCTOR: 'Esta acción corresponde al productor del lote.',
  SIN_ENVIO: 'El productor todavía no envió la muestra de este lote.',
  MOVED: {
    ENVIAR: 'Muestra marcada como enviada al laboratorio. Te avisaremos cuando la reciba.',
    RECIBIR: 'Muestra recibida. El lote pasa a revisión.',
  } satisfies Record<AccionLote, string>,
  VERIFICADO: (p: string) => `Lote verificado con ${p} puntos. El puntaje ya se publica en el catálogo.`,
  RECHAZADO: (p: string) => `Lote rechazado con ${p} puntos. El productor recibe la ficha como motivo.`,
  /** Why a move is refused, by the lot's state now (409). */
  ESTADO: {
    POR_ENVIAR: 'La muestra del lote todavía no llegó al laboratorio.',
    EN_REVISION: 'El laboratorio ya recibió la muestra de este lote.',
    VERIFICADO: 'El lote ya fue verificado.',
    RECHAZADO: 'El lote ya fue rechazado.',
  } satisfies Record<LoteStatus, string>,
  motivo: (puntaje: string, comentario: string) =>
    `Puntaje del laboratorio: ${puntaje} (se necesitan ${PUNTAJE_VERIFICACION}).${comentario ? ` ${comentario}` : ''}`,
} as const;

/** "84,25": the Spanish way to write a score. */
export const puntos = (v: number) => v.toFixed(2).replace('.', ',');
