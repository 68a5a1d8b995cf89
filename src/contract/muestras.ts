import { z } from 'zod';
import {
  okMessageResponse,
  okResponse,
  PaginationSchema,
  pageQuerySchema,
  emptyToUndefined,
  UuidSchema,
  CentavosSchema,
  obligatorio,
  verbo,
} from './common';
import { UploadUrlSchema } from './images';
import {
  ATRIBUTO_LABELS,
  ATRIBUTOS_SCA,
  DECISIONES_CATA,
  INTENSIDAD_DEFECTO,
  SCA,
  TAZAS_SCA,
  type AtributoSca,
  type DecisionCata,
  type TazaSca,
} from './catas-puntaje';

export * from './catas-puntaje';

// ---------------------------------------------------------------------------------------------------------
// The sample's lifecycle (docs/product.md §10, docs/decisions/019); the table itself is src/server/modules/muestras
// ---------------------------------------------------------------------------------------------------------

export const ESTADOS_MUESTRA = [
  'SOLICITADA',
  'ACEPTADA',
  'RECHAZADA',
  'CANCELADA',
  'EXPIRADA',
  'ENVIADA',
  'ENTREGADA',
  'CATADA',
  'CERRADA_SIN_CATA',
] as const;
export type EstadoMuestra = (typeof ESTADOS_MUESTRA)[number];

/**
 * The producer's view groups requests by what needs doing, most urgent first; his list is ordered by this
 * (then newest first), so the first pages hold what waits on him.
 */
export const GRUPO_PRODUCTOR: Record<EstadoMuestra, number> = {
  SOLICITADA: 0,
  ACEPTADA: 1,
  ENVIADA: 2,
  ENTREGADA: 2,
  CATADA: 3,
  RECHAZADA: 4,
  CANCELADA: 4,
  EXPIRADA: 4,
  CERRADA_SIN_CATA: 4,
};

export const ESTADO_MUESTRA_LABELS: Record<EstadoMuestra, string> = {
  SOLICITADA: 'Solicitada',
  ACEPTADA: 'Aceptada',
  RECHAZADA: 'Rechazada',
  CANCELADA: 'Cancelada',
  EXPIRADA: 'Expirada',
  ENVIADA: 'Enviada',
  ENTREGADA: 'Entregada',
  CATADA: 'Catada',
  CERRADA_SIN_CATA: 'Cerrada sin cata',
};

export const TIPOS_MUESTRA = ['OFERTA', 'PRE_EMBARQUE', 'LLEGADA'] as const;
export type TipoMuestra = (typeof TIPOS_MUESTRA)[number];

/** Moves a person asks for with POST /api/muestras/{id}/acciones (CATAR has its own call, the timers none). */
export const ACCIONES_MUESTRA = ['ACEPTAR', 'RECHAZAR', 'CANCELAR', 'ENVIAR', 'RECIBIR'] as const;
export type AccionMuestra = (typeof ACCIONES_MUESTRA)[number];
/** Every move of the table, including the creating one, the cupping and the timers' moves (event rows). */
export type MovimientoMuestra = AccionMuestra | 'SOLICITAR' | 'CATAR' | 'EXPIRAR' | 'ENTREGAR' | 'CERRAR';

export const ACCION_MUESTRA_LABELS: Record<MovimientoMuestra, string> = {
  SOLICITAR: 'Solicitada',
  ACEPTAR: 'Aceptada',
  RECHAZAR: 'Rechazada',
  CANCELAR: 'Cancelada',
  ENVIAR: 'Enviada',
  RECIBIR: 'Recibida',
  CATAR: 'Catada',
  EXPIRAR: 'Expirada sin respuesta',
  ENTREGAR: 'Entregada (plazo de envío cumplido)',
  CERRAR: 'Cerrada sin cata',
};

/** Who may move a sample: its two parties and the scheduler. */
export type ActorMuestra = 'comprador' | 'productor' | 'sistema';

/** Time limits of the table, in days. */
export const PLAZOS_MUESTRA = {
  respuesta: 7,
  entrega: 21,
  recordatorios: [7, 14],
  cierre: 30,
  /** Feedback debt: samples delivered longer ago than this and not cupped… */
  deudaDias: 14,
  /** …this many of them block a new request. */
  deudaMaxima: 3,
} as const;

// ---------------------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------------------

const noNul = (s: string) => !s.includes('\u0000');

const texto = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} ser un texto.` })
    .refine(noNul, { error: `${field} ${verbo(field, 'contiene')} caracteres no válidos.` })
    .trim()
    .min(min, min <= 1 ? obligatorio(field) : `${field} ${verbo(field, 'debe')} tener al menos ${min} caracteres.`)
    .max(max, `${field} ${verbo(field, 'admite')} como máximo ${max} caracteres.`);

const textoOpcional = (field: string, max: number) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} ser un texto.` })
    .refine(noNul, { error: `${field} ${verbo(field, 'contiene')} caracteres no válidos.` })
    .trim()
    .max(max, `${field} ${verbo(field, 'admite')} como máximo ${max} caracteres.`)
    .default('');

export const DireccionEnvioSchema = z.object({
  nombre: texto('El nombre de quien recibe', 1, 120),
  empresa: textoOpcional('La empresa', 160),
  linea1: texto('La dirección', 1, 200),
  ciudad: texto('La ciudad', 1, 120),
  codigoPostal: textoOpcional('El código postal', 20),
  pais: z
    .string({ error: 'Elige un país.' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { error: 'Elige un país.' }),
  telefono: textoOpcional('El teléfono', 40),
});
export type DireccionEnvio = z.infer<typeof DireccionEnvioSchema>;
export type DireccionEnvioInput = z.input<typeof DireccionEnvioSchema>;

/** POST /api/muestras (with an Idempotency-Key). Grams and price come from the lot, never from the buyer. */
export const MuestraInputSchema = z.object({
  loteId: UuidSchema,
  direccionEnvio: DireccionEnvioSchema,
  mensaje: textoOpcional('El mensaje', 1000),
});
export type MuestraInput = z.input<typeof MuestraInputSchema>;

/** Carriers with a tracking page; any other name is accepted and shown without a link. */
export const TRANSPORTISTAS: Record<string, string> = {
  DHL: 'https://www.dhl.com/global-en/home/tracking/tracking-express.html?tracking-id=',
  FedEx: 'https://www.fedex.com/fedextrack/?trknbr=',
  UPS: 'https://www.ups.com/track?tracknum=',
  Servientrega: 'https://www.servientrega.com/wps/portal/rastreo-envio?guia=',
  'Correos de España': 'https://www.correos.es/es/es/herramientas/localizador/envios/detalle?tracking-number=',
};

export function enlaceSeguimiento(transportista: string | null, numeroGuia: string | null): string | null {
  if (!transportista || !numeroGuia) return null;
  const base = Object.entries(TRANSPORTISTAS).find(([k]) => k.toLowerCase() === transportista.trim().toLowerCase());
  return base ? `${base[1]}${encodeURIComponent(numeroGuia)}` : null;
}

/** The state the person saw when pressing the button: the move happens only if it is still that (decision 019). */
const desde = { desde: z.enum(ESTADOS_MUESTRA, { error: 'Estado no válido.' }).optional() };

/** POST /api/muestras/{id}/acciones: one move of the table and what it needs. */
export const MuestraAccionSchema = z.discriminatedUnion(
  'accion',
  [
    z.object({ accion: z.literal('ACEPTAR'), ...desde }),
    z.object({ accion: z.literal('RECHAZAR'), motivo: texto('El motivo', 1, 500), ...desde }),
    z.object({ accion: z.literal('CANCELAR'), ...desde }),
    z.object({
      accion: z.literal('ENVIAR'),
      transportista: texto('El transportista', 1, 80),
      numeroGuia: texto('El número de guía', 1, 80),
      /** The photo of the sample bag (the spec's "sample-image flag" modal): shows the buyer what to expect. */
      imagen: UploadUrlSchema.nullable().optional(),
      ...desde,
    }),
    z.object({ accion: z.literal('RECIBIR'), ...desde }),
  ],
  { error: 'Acción no válida.' },
);
export type MuestraAccion = z.infer<typeof MuestraAccionSchema>;

// ---------------------------------------------------------------------------------------------------------
// The cupping sheet (SCA 2004)
// ---------------------------------------------------------------------------------------------------------

const puntoSca = (label: string) =>
  z
    .number({ error: `${label}: escribe un puntaje.` })
    .min(SCA.min, `${label}: el mínimo es ${SCA.min}.`)
    .max(SCA.max, `${label}: el máximo es ${SCA.max}.`)
    .refine((v) => Number.isInteger(v / SCA.step), { error: `${label}: va en pasos de 0,25.` });

const tazas = (label: string) =>
  z
    .array(z.boolean({ error: `${label}: marca cada taza.` }), { error: `${label}: marca cada taza.` })
    .length(SCA.tazas, `${label}: son ${SCA.tazas} tazas.`);

export const INTENSIDADES = ['BAJA', 'MEDIA', 'ALTA'] as const;

export const HojaCataSchema = z.object({
  atributos: z.object(
    Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, puntoSca(ATRIBUTO_LABELS[a])])) as Record<
      AtributoSca,
      ReturnType<typeof puntoSca>
    >,
  ),
  tazas: z.object(
    Object.fromEntries(TAZAS_SCA.map((t) => [t, tazas(ATRIBUTO_LABELS[t])])) as Record<
      TazaSca,
      ReturnType<typeof tazas>
    >,
  ),
  defectos: z.object({
    tazas: z
      .number({ error: 'Defectos: indica cuántas tazas.' })
      .int('Defectos: un número entero de tazas.')
      .min(0, 'Defectos: como mínimo 0 tazas.')
      .max(SCA.tazas, `Defectos: como máximo ${SCA.tazas} tazas.`),
    intensidad: z.enum(Object.keys(INTENSIDAD_DEFECTO) as ['MANCHA', 'FALLA'], {
      error: 'Defectos: elige mancha o falla.',
    }),
  }),
  intensidadAcidez: z.enum(INTENSIDADES, { error: 'Intensidad no válida.' }).nullable().default(null),
  intensidadCuerpo: z.enum(INTENSIDADES, { error: 'Intensidad no válida.' }).nullable().default(null),
  notasCata: z
    .array(texto('Cada descriptor', 1, 40), { error: 'Los descriptores deben ser una lista.' })
    .max(8, 'Como máximo 8 descriptores.')
    .default([]),
  comentarios: z
    .partialRecord(
      z.enum([...ATRIBUTOS_SCA, ...TAZAS_SCA, 'general'] as const, { error: 'Comentario de un atributo desconocido.' }),
      textoOpcional('El comentario', 500),
    )
    .default({}),
  /** Roast level on the Agtron scale (optional). */
  agtron: z
    .number({ error: 'El Agtron debe ser un número.' })
    .int('El Agtron es un número entero.')
    .min(20, 'El Agtron va de 20 a 120.')
    .max(120, 'El Agtron va de 20 a 120.')
    .nullable()
    .default(null),
  fisico: z
    .object({
      humedad: z.number().min(0, 'Humedad entre 0 y 30 %.').max(30, 'Humedad entre 0 y 30 %.').nullable().default(null),
      actividadAgua: z
        .number()
        .min(0, 'Actividad de agua entre 0 y 1.')
        .max(1, 'Actividad de agua entre 0 y 1.')
        .nullable()
        .default(null),
      defectos: z.number().int().min(0).max(1000).nullable().default(null),
      zaranda: textoOpcional('La zaranda', 40),
    })
    .nullable()
    .default(null),
  decision: z.enum(DECISIONES_CATA, { error: 'Elige si te interesa el lote.' }).nullable().default(null),
  motivo: textoOpcional('El motivo', 500),
});
export type HojaCata = z.infer<typeof HojaCataSchema>;
export type HojaCataInput = z.input<typeof HojaCataSchema>;

/** The rule of an offer sample's sheet, for CataInputSchema and for the web's sheet form built from it. */
export const tieneDecision = (h: { decision: DecisionCata | null }) => h.decision !== null;
export const DECISION_OBLIGATORIA = { error: 'Elige si te interesa el lote.', path: ['decision'] };

/**
 * An offer sample's sheet must say whether the buyer is interested (the form of an offer sample checks it with
 * this; POST /api/muestras/{id}/cata takes HojaCataSchema and the server asks the decision of offer samples only).
 */
export const CataInputSchema = HojaCataSchema.refine(tieneDecision, DECISION_OBLIGATORIA);

export const CataSchema = z.object({
  id: z.string(),
  muestraId: z.string().nullable(),
  loteId: z.string(),
  protocolo: z.literal('SCA_2004'),
  hoja: HojaCataSchema,
  puntajeTotal: z.number(),
  createdAt: z.string(),
});
export type Cata = z.infer<typeof CataSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

export const EventoMuestraSchema = z.object({
  id: z.string(),
  accion: z.string(),
  desde: z.string().nullable(),
  hacia: z.string(),
  actor: z.enum(['comprador', 'productor', 'sistema']),
  datos: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EventoMuestra = z.infer<typeof EventoMuestraSchema>;

export const MuestraSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_MUESTRA),
  estado: z.enum(ESTADOS_MUESTRA),
  /** `retirado`: the producer archived the lot after trade; the sample's parties still read it (decision 045). */
  lote: z.object({
    id: z.string(),
    nombre: z.string(),
    codigo: z.string(),
    pais: z.string(),
    retirado: z.boolean().optional(),
  }),
  compradorId: z.string(),
  productorId: z.string(),
  /** The buyer's company (what the producer sees) and the producer's farm (what the buyer sees). */
  comprador: z.object({ nombre: z.string(), empresa: z.string().nullable(), pais: z.string().nullable() }),
  productor: z.object({ nombre: z.string() }),
  gramos: z.number().int(),
  precioCentavos: CentavosSchema,
  moneda: z.string(),
  direccionEnvio: DireccionEnvioSchema,
  mensaje: z.string(),
  motivoRechazo: z.string().nullable(),
  transportista: z.string().nullable(),
  numeroGuia: z.string().nullable(),
  seguimiento: z.string().nullable(),
  enviadaAt: z.string().nullable(),
  entregadaAt: z.string().nullable(),
  venceAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's role in this sample and the moves the table allows him now (the web shows only these). */
  rol: z.enum(['comprador', 'productor']),
  acciones: z.array(z.enum([...ACCIONES_MUESTRA, 'CATAR'])),
  puntajeTotal: z.number().nullable(),
  /** A pre-shipment sample's order (issue 32: it read as a second, identical offer sample). */
  pedido: z.object({ id: z.string(), numero: z.string() }).nullable(),
  /** The sample box it was asked in (decision 070): its producer ships the box once, not this sample alone. */
  cajaId: z.string().nullable(),
});
export type Muestra = z.infer<typeof MuestraSchema>;

export const MUESTRA_LIMITS = { perPage: 20, maxPerPage: 50 } as const;

export const MuestrasQuerySchema = pageQuerySchema(MUESTRA_LIMITS.maxPerPage, MUESTRA_LIMITS.perPage).extend({
  rol: z.preprocess(
    emptyToUndefined,
    z.enum(['comprador', 'productor'], { error: 'rol debe ser comprador o productor.' }).optional(),
  ),
  estado: z.preprocess(emptyToUndefined, z.enum(ESTADOS_MUESTRA, { error: 'Estado no válido.' }).optional()),
  loteId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
});
export type MuestrasQuery = z.infer<typeof MuestrasQuerySchema>;

export const MuestraResponseSchema = okMessageResponse(z.object({ muestra: MuestraSchema }));
export const MuestraDetalleResponseSchema = okResponse(
  z.object({ muestra: MuestraSchema, eventos: z.array(EventoMuestraSchema), cata: CataSchema.nullable() }),
);
export const MuestrasResponseSchema = okResponse(
  z.object({
    muestras: z.array(MuestraSchema),
    pagination: PaginationSchema,
    /** How many of the viewer's samples (of the lot, when `loteId` is given) are in each state, over all pages. */
    conteos: z.record(z.enum(ESTADOS_MUESTRA), z.number().int()),
    /** Buyer only: samples delivered over 14 days ago and not cupped (the feedback debt). */
    pendientesDeCata: z.array(z.object({ id: z.string(), lote: z.string(), entregadaAt: z.string() })),
  }),
);
export const CataResponseSchema = okMessageResponse(z.object({ cata: CataSchema, muestra: MuestraSchema }));

/** The cuppings a producer received: all of them, or one lot's. */
export const CatasRecibidasQuerySchema = z.object({ loteId: z.preprocess(emptyToUndefined, UuidSchema.optional()) });

/** Cuppings a producer received for one lot, with what the charts need. */
export const CatasLoteResponseSchema = okResponse(
  z.object({
    catas: z.array(CataSchema.extend({ comprador: z.string() })),
    promedios: z.record(z.string(), z.number()),
    puntajes: z.array(z.number()),
    notas: z.array(z.object({ nota: z.string(), veces: z.number().int() })),
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Sample boxes (issue 32, decision 070)
// ---------------------------------------------------------------------------------------------------------

export const CAJA_LIMITS = { lotes: 20 } as const;

/** A lot in the buyer's box being filled: what the review shows (grams and price per lot, its producer). */
export const CajaLoteSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  codigo: z.string(),
  pais: z.string(),
  productorId: z.string(),
  productor: z.string(),
  gramos: z.number().int().nullable(),
  precioCentavos: CentavosSchema,
  moneda: z.string(),
  /** False when the lot stopped offering samples or left the catalogue since it was added: it cannot be sent. */
  disponible: z.boolean(),
});
export type CajaLote = z.infer<typeof CajaLoteSchema>;
export const CajaResponseSchema = okResponse(z.object({ lotes: z.array(CajaLoteSchema) }));
/** PUT and DELETE of a lot in the box: the box, and what was done (the button's toast). */
export const CajaCambioResponseSchema = okMessageResponse(z.object({ lotes: z.array(CajaLoteSchema) }));

const loteIds = z
  .array(UuidSchema, { error: 'Elige los lotes de la caja.' })
  .min(1, 'La caja de muestras está vacía.')
  .max(CAJA_LIMITS.lotes, `Una caja admite como máximo ${CAJA_LIMITS.lotes} lotes.`)
  .refine((ids) => new Set(ids).size === ids.length, { error: 'Un lote está dos veces en la caja.' });

/** POST /api/caja-muestras/fusionar: the visitor's box kept in the browser, added to his account's at sign-in. */
export const CajaFusionarSchema = z.object({
  loteIds: z.array(UuidSchema, { error: 'Elige los lotes de la caja.' }).max(CAJA_LIMITS.lotes * 5),
});

/** POST /api/caja-muestras/enviar (with an Idempotency-Key): the lots reviewed, one address, one message. */
export const CajaEnviarSchema = z.object({
  loteIds,
  direccionEnvio: DireccionEnvioSchema,
  mensaje: textoOpcional('El mensaje', 1000),
});
export type CajaEnviarInput = z.input<typeof CajaEnviarSchema>;

/** A box as sent to one producer: its samples, each with its own state, and its one shipment. */
export const CajaMuestrasSchema = z.object({
  id: z.string(),
  comprador: z.string(),
  productor: z.string(),
  direccionEnvio: DireccionEnvioSchema,
  mensaje: z.string(),
  transportista: z.string().nullable(),
  numeroGuia: z.string().nullable(),
  enviadaAt: z.string().nullable(),
  createdAt: z.string(),
  rol: z.enum(['comprador', 'productor']),
  /** The producer may ship it: every lot answered, at least one accepted, not shipped yet. */
  puedeEnviar: z.boolean(),
  muestras: z.array(MuestraSchema),
});
export type CajaMuestras = z.infer<typeof CajaMuestrasSchema>;
export const CajasMuestrasResponseSchema = okResponse(z.object({ cajas: z.array(CajaMuestrasSchema) }));
/** POST /api/caja-muestras/enviar: the boxes sent, one per producer, and the toast saying how many. */
export const CajasEnviadasResponseSchema = okMessageResponse(z.object({ cajas: z.array(CajaMuestrasSchema) }));
export const CajaMuestrasResponseSchema = okResponse(z.object({ caja: CajaMuestrasSchema }));
/** POST /api/cajas-muestras/:id/envio: the box shipped, and the producer's toast. */
export const CajaEnvioResponseSchema = okMessageResponse(z.object({ caja: CajaMuestrasSchema }));

/** POST /api/cajas-muestras/{id}/envio: the box's one shipment (the carrier and tracking of ENVIAR). */
export const CajaEnvioSchema = z.object({
  transportista: texto('El transportista', 1, 80),
  numeroGuia: texto('El número de guía', 1, 80),
  imagen: UploadUrlSchema.nullable().optional(),
});

export const CAJA_MESSAGES = {
  NOT_FOUND: 'Caja de muestras no encontrada.',
  ADDED: 'Lote añadido a tu caja de muestras.',
  REMOVED: 'Lote quitado de tu caja de muestras.',
  LLENA: `Tu caja de muestras ya tiene ${CAJA_LIMITS.lotes} lotes: envíala antes de añadir más.`,
  NO_EN_CAJA: 'Ese lote no está en tu caja de muestras.',
  SOLO_COMPRADORES: 'Solo las cuentas de comprador pueden pedir muestras.',
  enviada: (solicitudes: number) =>
    solicitudes === 1
      ? 'Caja enviada: una solicitud al productor. Tiene 7 días para responder cada lote.'
      : `Caja enviada: ${solicitudes} solicitudes, una por productor. Cada uno tiene 7 días para responder.`,
  ENVIO: 'Caja marcada como enviada con sus lotes aceptados.',
  YA_ENVIADA: 'La caja ya fue enviada.',
  POR_RESPONDER: 'Acepta o rechaza cada lote de la caja antes de enviarla.',
  SIN_ACEPTADAS: 'Ningún lote de la caja está aceptado: no hay nada que enviar.',
  EN_CAJA: 'Esta muestra va en una caja: envíala con el resto de la caja.',
  lote: (nombre: string, motivo: string) => `«${nombre}»: ${motivo}`,
} as const;

export const MUESTRA_MESSAGES = {
  NOT_FOUND: 'Muestra no encontrada.',
  LOTE_NOT_FOUND: 'Lote no encontrado.',
  REQUESTED: 'Muestra solicitada. El productor tiene 7 días para responder.',
  SIN_MUESTRA: 'Este lote no ofrece muestras.',
  YA_SOLICITADA: 'Ya pediste una muestra de este lote; la encontrarás en tus muestras.',
  PERFIL_REQUERIDO: 'Completa tu perfil de comprador para pedir muestras.',
  SOLO_COMPRADORES: 'Solo las cuentas de comprador pueden pedir muestras.',
  CUPPED: 'Ficha de cata enviada. El productor ya puede verla.',
  DECISION_REQUERIDA: 'Elige si te interesa el lote.',
  MOVED: {
    ACEPTAR: 'Solicitud aceptada. Envía la muestra cuando esté lista.',
    RECHAZAR: 'Solicitud rechazada.',
    CANCELAR: 'Solicitud cancelada.',
    ENVIAR: 'Muestra marcada como enviada.',
    RECIBIR: 'Muestra marcada como recibida. Cuando la cates, envía tu ficha.',
  } satisfies Record<AccionMuestra, string>,
  /** Why a move is refused, by the sample's state now (409). */
  ESTADO: {
    SOLICITADA: 'La muestra todavía no fue aceptada.',
    ACEPTADA: 'La muestra ya fue aceptada.',
    RECHAZADA: 'La solicitud fue rechazada.',
    CANCELADA: 'La solicitud fue cancelada.',
    EXPIRADA: 'La solicitud expiró sin respuesta.',
    ENVIADA: 'La muestra ya fue enviada.',
    ENTREGADA: 'La muestra ya fue entregada.',
    CATADA: 'La muestra ya fue catada.',
    CERRADA_SIN_CATA: 'La muestra se cerró sin cata.',
  } satisfies Record<EstadoMuestra, string>,
  deuda: (lotes: string[]) =>
    `Tienes ${lotes.length} muestras recibidas hace más de ${PLAZOS_MUESTRA.deudaDias} días sin catar (${lotes
      .map((l) => `«${l}»`)
      .join(
        ', ',
      )}). Envía sus fichas de cata antes de pedir otra: es lo que hace que los productores sigan enviando muestras.`,
} as const;
