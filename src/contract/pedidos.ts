import { z } from 'zod';
import { EvidenciasReclamoSchema, ReclamoSchema } from './reclamos';
import {
  okMessageResponse,
  okResponse,
  PaginationSchema,
  pageQuerySchema,
  emptyToUndefined,
  UuidSchema,
  fechaHoraSchema,
  CentavosSchema,
  obligatorio,
  verbo,
} from './common';
import { FacturaSchema } from './facturas';
import { baseLinea, comisionPedidoCentavos, gramosDe } from './facturas-calculo';

// ---------------------------------------------------------------------------------------------------------
// The order's lifecycle (docs/TRADE.md "Orders as contracts", docs/decisions/019 and 024); the table itself is
// src/server/modules/pedidos/lifecycle.ts
// ---------------------------------------------------------------------------------------------------------

export const ESTADOS_PEDIDO = [
  'RESERVADO',
  'CONFIRMADO',
  'PSS_ENVIADA',
  'PSS_APROBADA',
  'PSS_RECHAZADA',
  'EMBARCADO',
  'ENTREGADO',
  'EN_RECLAMO',
  'COMPLETADO',
  'CANCELADO',
  'EXPIRADO',
] as const;
export type EstadoPedido = (typeof ESTADOS_PEDIDO)[number];

export const ESTADO_PEDIDO_LABELS: Record<EstadoPedido, string> = {
  RESERVADO: 'Reservado',
  CONFIRMADO: 'Confirmado',
  PSS_ENVIADA: 'Muestra de preembarque enviada',
  PSS_APROBADA: 'Muestra de preembarque aprobada',
  PSS_RECHAZADA: 'Muestra de preembarque rechazada',
  EMBARCADO: 'Embarcado',
  ENTREGADO: 'Entregado',
  EN_RECLAMO: 'En reclamo',
  COMPLETADO: 'Completado',
  CANCELADO: 'Cancelado',
  EXPIRADO: 'Expirado',
};

/** States in which the order still holds bags of the lot (reserved, not yet shipped). */
export const ESTADOS_CON_RESERVA: readonly EstadoPedido[] = [
  'RESERVADO',
  'CONFIRMADO',
  'PSS_ENVIADA',
  'PSS_APROBADA',
  'PSS_RECHAZADA',
];
export const ESTADOS_CERRADOS: readonly EstadoPedido[] = ['COMPLETADO', 'CANCELADO', 'EXPIRADO'];

/**
 * States in which an order's payment can still be recorded: by the producer (paid directly) or by Cereza's bank
 * statement (paid through Cereza).
 */
export const ESTADOS_PAGABLES: readonly EstadoPedido[] = [
  'CONFIRMADO',
  'PSS_ENVIADA',
  'PSS_APROBADA',
  'PSS_RECHAZADA',
  'EMBARCADO',
  'ENTREGADO',
  'EN_RECLAMO',
];

export const ESTADOS_PAGO = ['PENDIENTE', 'PAGADO', 'VENCIDO'] as const;
export type EstadoPago = (typeof ESTADOS_PAGO)[number];
export const ESTADO_PAGO_LABELS: Record<EstadoPago, string> = {
  PENDIENTE: 'Pago pendiente',
  PAGADO: 'Pagado',
  VENCIDO: 'Pago vencido',
};

/** The payment terms a contract may carry. */
export const CONDICIONES_PAGO = ['PREPAGO', 'NETO_30_EMBARQUE', 'CAD'] as const;
export type CondicionPago = (typeof CONDICIONES_PAGO)[number];
export const CONDICION_PAGO_LABELS: Record<CondicionPago, string> = {
  PREPAGO: 'Prepago (antes del embarque)',
  NETO_30_EMBARQUE: 'Neto 30 días tras el embarque',
  CAD: 'Pago contra documentos (CAD)',
};

/**
 * How the buyer pays (issue 29, docs/decisions/054): by transfer to Cereza's client-money account, which Cereza
 * reconciles with its bank statement and pays out to the producer (the default), or directly to the producer, who
 * then records the payment himself.
 */
export const VIAS_COBRO = ['CEREZA', 'DIRECTO'] as const;
export type ViaCobro = (typeof VIAS_COBRO)[number];
export const VIA_COBRO_LABELS: Record<ViaCobro, string> = {
  CEREZA: 'Transferencia a la cuenta de clientes de Cereza',
  DIRECTO: 'Pago directo al productor',
};

export const CONDICIONES_MUESTRA = ['SIN_MUESTRA', 'SUJETO_A_APROBACION_PSS'] as const;
export type CondicionMuestra = (typeof CONDICIONES_MUESTRA)[number];
export const CONDICION_MUESTRA_LABELS: Record<CondicionMuestra, string> = {
  SIN_MUESTRA: 'Sin muestra de preembarque',
  SUJETO_A_APROBACION_PSS: 'Sujeto a la aprobación de la muestra de preembarque',
};

/** Moves a person asks for with POST /api/pedidos/{id}/acciones. */
export const ACCIONES_PEDIDO = [
  'CONFIRMAR',
  'CANCELAR',
  'PEDIR_CANCELACION',
  'ENVIAR_PSS',
  'APROBAR_PSS',
  'RECHAZAR_PSS',
  'EMBARCAR',
  'RECIBIR',
  'ABRIR_RECLAMO',
  'REGISTRAR_PAGO',
] as const;
export type AccionPedido = (typeof ACCIONES_PEDIDO)[number];
/** Every move of the table, including the creating one and the timers' (the event rows). */
export type MovimientoPedido =
  | AccionPedido
  | 'RESERVAR'
  | 'EXPIRAR'
  | 'ENTREGAR'
  | 'COMPLETAR'
  | 'VENCER_PAGO'
  /** Cereza's operator closes a claim without cancelling (`npm run reclamos`, docs/decisions/035). */
  | 'RESOLVER_RECLAMO';

export const ACCION_PEDIDO_LABELS: Record<MovimientoPedido, string> = {
  RESERVAR: 'Reservado',
  CONFIRMAR: 'Confirmado por el productor',
  CANCELAR: 'Cancelado',
  PEDIR_CANCELACION: 'Cancelación solicitada',
  ENVIAR_PSS: 'Muestra de preembarque enviada',
  APROBAR_PSS: 'Muestra de preembarque aprobada',
  RECHAZAR_PSS: 'Muestra de preembarque rechazada',
  EMBARCAR: 'Embarcado',
  RECIBIR: 'Recibido por el comprador',
  ABRIR_RECLAMO: 'Reclamo abierto',
  REGISTRAR_PAGO: 'Pago registrado',
  EXPIRAR: 'Expirado sin confirmación',
  ENTREGAR: 'Entregado (ETA + 14 días)',
  COMPLETAR: 'Completado',
  VENCER_PAGO: 'Pago vencido',
  RESOLVER_RECLAMO: 'Reclamo resuelto por Cereza',
};

/** The button each action is on the order's page. */
export const BOTON_ACCION_PEDIDO: Record<AccionPedido, string> = {
  CONFIRMAR: 'Confirmar pedido',
  CANCELAR: 'Cancelar pedido',
  PEDIR_CANCELACION: 'Proponer cancelación',
  ENVIAR_PSS: 'Enviar muestra de preembarque',
  APROBAR_PSS: 'Aprobar muestra',
  RECHAZAR_PSS: 'Rechazar muestra',
  EMBARCAR: 'Registrar embarque',
  RECIBIR: 'Confirmar recepción',
  ABRIR_RECLAMO: 'Abrir reclamo',
  REGISTRAR_PAGO: 'Registrar pago recibido',
};

/** Time limits of the table. */
export const PLAZOS_PEDIDO = {
  /** Hours the producer has to confirm a reservation. */
  confirmacionHoras: 72,
  /** Reminder to the producer this many hours before the reservation expires. */
  recordatorioConfirmacionHoras: 24,
  /** Days after the ETA when a shipment counts as delivered without the buyer's receipt. */
  entregaTrasEtaDias: 14,
  /** Days the buyer has to open a claim after delivery. */
  reclamoDias: 28,
  /** Reminder before the claim window closes, days before. */
  recordatorioReclamoDias: 3,
  /** Days a rejected pre-shipment sample waits for its replacement before the order is cancelled. */
  reemplazoPssDias: 14,
  /** Pre-shipment samples a contract allows (the first and one replacement). */
  maxEnviosPss: 2,
  /** Days after which a review is published even if the other party has not written. */
  publicacionResenaDias: 14,
  /** Days to pay under PREPAGO (from confirmation) and NETO_30_EMBARQUE (from shipment). */
  prepagoDias: 7,
  netoDias: 30,
} as const;

export const TIPOS_DOCUMENTO_PEDIDO = ['CONTRATO', 'EMBARQUE', 'FACTURA'] as const;
export type TipoDocumentoPedido = (typeof TIPOS_DOCUMENTO_PEDIDO)[number];

// ---------------------------------------------------------------------------------------------------------
// Frozen terms
// ---------------------------------------------------------------------------------------------------------

/** The lot's price breakdown at reservation, per kg in minor units. */
export interface DesglosePedido {
  precioFincaCentavos: number;
  costosExportacionCentavos: number;
  comisionPlataformaCentavos: number;
}

export interface ParteContrato {
  nombre: string;
  razonSocial: string;
  taxId: string;
  direccion: string;
  pais: string;
  email: string;
}

/** What the contract shows besides the figures, copied at reservation (parties at confirmation). */
export interface TerminosPedido {
  lote: {
    nombre: string;
    codigo: string;
    pais: string;
    region: string;
    finca: string | null;
    variedades: string[];
    proceso: string;
    cosecha: string | null;
  };
  /** The farms of the lot (the lot's farm today; member farms of a cooperative later). */
  fincas: string[];
  calidad: { puntaje: number | null; humedad: number | null; zaranda: string | null; defectos: string | null };
  productorNombre: string;
  compradorEmpresa: string;
  partes?: { comprador: ParteContrato; productor: ParteContrato };
  /** How Cereza's operator resolved the buyer's claim (docs/decisions/035); absent while none was resolved. */
  resolucionReclamo?: ResolucionReclamo;
}

// ---------------------------------------------------------------------------------------------------------
// Claims: the operator's resolution (docs/TRADE.md "Orders as contracts", docs/decisions/035)
// ---------------------------------------------------------------------------------------------------------

export const RESOLUCIONES_RECLAMO = ['SIN_CAMBIO', 'DESCUENTO', 'CANCELACION'] as const;
export type TipoResolucionReclamo = (typeof RESOLUCIONES_RECLAMO)[number];

export interface ResolucionReclamo {
  resolucion: TipoResolucionReclamo;
  /** The discount the buyer gets on the order's total, in minor units of its currency (0 unless DESCUENTO). */
  descuentoCentavos: number;
  motivo: string | null;
  /** ISO time of the resolution. */
  resueltaAt: string;
}

/**
 * An amount as the operator types it: whole minor units ("12345") or the major unit with a decimal comma
 * ("123,45", "1.234,5"). Null when it is neither.
 */
export function importeACentavos(texto: string): number | null {
  const t = texto.trim();
  if (/^\d{1,12}$/.test(t)) return Number(t);
  const m = /^(\d{1,3}(?:\.\d{3})+|\d{1,10}),(\d{1,2})$/.exec(t);
  if (!m) return null;
  const enteros = Number(m[1].replace(/\./g, ''));
  return enteros * 100 + Number(m[2].padEnd(2, '0'));
}

/** The operator's resolution of a claim, as the command passes it (validated here, on the server). */
export const ResolverReclamoSchema = z.discriminatedUnion(
  'resolucion',
  [
    z.object({ resolucion: z.literal('SIN_CAMBIO'), motivo: z.string().trim().max(500).optional() }),
    z.object({
      resolucion: z.literal('DESCUENTO'),
      importe: z.union([z.string(), z.number()], { error: 'Indica el importe del descuento.' }).transform((v, c) => {
        const n = typeof v === 'number' ? v : importeACentavos(v);
        if (n === null || !Number.isSafeInteger(n)) {
          c.addIssue({
            code: 'custom',
            message: `Importe no válido: «${v}». Escríbelo en unidades menores (12345) o con coma decimal (123,45).`,
          });
          return z.NEVER;
        }
        if (n <= 0) {
          c.addIssue({ code: 'custom', message: 'El descuento debe ser mayor que cero.' });
          return z.NEVER;
        }
        return n;
      }),
      motivo: z.string().trim().max(500).optional(),
    }),
    z.object({ resolucion: z.literal('CANCELACION'), motivo: z.string().trim().max(500).optional() }),
  ],
  { error: 'Resolución no válida: sin-cambio, descuento o cancelar.' },
);
export type ResolverReclamoInput = z.input<typeof ResolverReclamoSchema>;
export type ResolverReclamo = z.output<typeof ResolverReclamoSchema>;

/** What the order's page says about the resolution (both parties read the same sentence). */
export function textoResolucion(
  r: ResolucionReclamo,
  moneda: string,
  totalCentavos: number,
  /** How money is written (the web passes its own formatter so the page reads the same everywhere). */
  dinero: (centavos: number, moneda: string) => string = formatoDinero,
): string {
  const motivo = r.motivo ? ` Motivo: ${r.motivo}` : '';
  if (r.resolucion === 'SIN_CAMBIO') {
    return `Cereza resolvió el reclamo sin cambios: el pedido sigue en sus términos y se completa con el pago.${motivo}`;
  }
  if (r.resolucion === 'DESCUENTO') {
    return `Cereza resolvió el reclamo con un descuento de ${dinero(r.descuentoCentavos, moneda)} sobre el total de ${dinero(totalCentavos, moneda)}: el importe a pagar queda en ${dinero(totalCentavos - r.descuentoCentavos, moneda)}.${motivo}`;
  }
  return `Cereza resolvió el reclamo cancelando el pedido. El café ya se entregó, así que los sacos no vuelven al lote.${motivo}`;
}

// ---------------------------------------------------------------------------------------------------------
// Bodies
// ---------------------------------------------------------------------------------------------------------

const noNul = (s: string) => !s.includes('\u0000');
const texto = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} ${verbo(field, 'debe')} ser un texto.` })
    .refine(noNul, { error: `${field} ${verbo(field, 'contiene')} caracteres no válidos.` })
    .trim()
    .min(min, min <= 1 ? obligatorio(field) : `${field} ${verbo(field, 'debe')} tener al menos ${min} caracteres.`)
    .max(max, `${field} ${verbo(field, 'admite')} como máximo ${max} caracteres.`);

export const PEDIDO_LIMITS = { sacosMax: 100_000, perPage: 20, maxPerPage: 50 } as const;

/** POST /api/pedidos (with an Idempotency-Key). Price, incoterm and the rest come from the lot, never the buyer. */
export const PedidoInputSchema = z.object({
  loteId: UuidSchema,
  sacos: z
    .number({ error: 'Indica cuántos sacos.' })
    .int({ error: 'Los sacos van enteros.' })
    .min(1, 'Indica al menos un saco.')
    .max(PEDIDO_LIMITS.sacosMax, `Como máximo ${PEDIDO_LIMITS.sacosMax} sacos.`),
  /**
   * The named place of the incoterm: required when the lot's incoterm names the buyer's place (DAP: his warehouse,
   * lugarDelComprador); for EXW, FCA and FOB the lot's place when omitted.
   */
  lugarEntrega: texto('El lugar de entrega', 2, 160).optional(),
  condicionPago: z.enum(CONDICIONES_PAGO, { error: 'Elige una condición de pago.' }).default('NETO_30_EMBARQUE'),
  condicionMuestra: z
    .enum(CONDICIONES_MUESTRA, { error: 'Indica si el contrato depende de la muestra de preembarque.' })
    .default('SUJETO_A_APROBACION_PSS'),
  cobro: z.enum(VIAS_COBRO, { error: 'Elige cómo se paga el pedido.' }).default('CEREZA'),
});
export type PedidoInput = z.input<typeof PedidoInputSchema>;

const desde = { desde: z.enum(ESTADOS_PEDIDO, { error: 'Estado no válido.' }).optional() };
const fecha = (field: string) => fechaHoraSchema(`${field}: escribe una fecha válida.`);

/** POST /api/pedidos/{id}/acciones: one move of the table and what it needs. */
export const PedidoAccionSchema = z.discriminatedUnion(
  'accion',
  [
    z.object({ accion: z.literal('CONFIRMAR'), ...desde }),
    z.object({ accion: z.literal('CANCELAR'), motivo: texto('El motivo', 1, 500), ...desde }),
    z.object({ accion: z.literal('PEDIR_CANCELACION'), motivo: texto('El motivo', 1, 500), ...desde }),
    z.object({
      accion: z.literal('ENVIAR_PSS'),
      transportista: texto('El transportista', 1, 80),
      numeroGuia: texto('El número de guía', 1, 80),
      ...desde,
    }),
    z.object({ accion: z.literal('APROBAR_PSS'), ...desde }),
    z.object({ accion: z.literal('RECHAZAR_PSS'), motivo: texto('El motivo', 1, 500), ...desde }),
    z
      .object({
        accion: z.literal('EMBARCAR'),
        naviera: texto('La naviera', 1, 80),
        contenedor: texto('El contenedor', 1, 40),
        conocimientoEmbarque: texto('El conocimiento de embarque (BL)', 1, 60),
        etd: fecha('La fecha de salida (ETD)'),
        eta: fecha('La fecha de llegada (ETA)'),
        documentos: z
          .array(UuidSchema, { error: 'Documentos no válidos.' })
          .max(10, 'Como máximo 10 documentos.')
          .default([]),
        ...desde,
      })
      .refine((b) => new Date(b.eta).getTime() >= new Date(b.etd).getTime(), {
        error: 'La llegada (ETA) no puede ser anterior a la salida (ETD).',
        path: ['eta'],
      }),
    z.object({ accion: z.literal('RECIBIR'), ...desde }),
    z.object({
      accion: z.literal('ABRIR_RECLAMO'),
      motivo: texto('El motivo del reclamo', 5, 2000),
      // Photos, PDFs and an arrival cupping (issue 25 §3, src/contract/reclamos.ts).
      ...EvidenciasReclamoSchema.shape,
      ...desde,
    }),
    z.object({ accion: z.literal('REGISTRAR_PAGO'), ...desde }),
  ],
  { error: 'Acción no válida.' },
);
export type PedidoAccion = z.infer<typeof PedidoAccionSchema>;
export type PedidoAccionInput = z.input<typeof PedidoAccionSchema>;

export const ResenaInputSchema = z.object({
  puntuacion: z
    .number({ error: 'Elige de 1 a 5 estrellas.' })
    .int({ error: 'Elige de 1 a 5 estrellas.' })
    .min(1, 'Elige de 1 a 5 estrellas.')
    .max(5, 'Elige de 1 a 5 estrellas.'),
  comentario: texto('El comentario', 0, 1000).default(''),
});
export type ResenaInput = z.input<typeof ResenaInputSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------------------

export const EventoPedidoSchema = z.object({
  id: z.string(),
  accion: z.string(),
  desde: z.string().nullable(),
  hacia: z.string(),
  actor: z.enum(['comprador', 'productor', 'sistema', 'operador']),
  datos: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type EventoPedido = z.infer<typeof EventoPedidoSchema>;

export const DocumentoPedidoSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_DOCUMENTO_PEDIDO),
  nombre: z.string(),
  /** Where to download it (parties only). */
  url: z.string(),
  bytes: z.number().int(),
  createdAt: z.string(),
});
export type DocumentoPedido = z.infer<typeof DocumentoPedidoSchema>;

const ParteSchema = z.object({
  nombre: z.string(),
  razonSocial: z.string(),
  taxId: z.string(),
  direccion: z.string(),
  pais: z.string(),
  email: z.string(),
});

export const PedidoSchema = z.object({
  id: z.string(),
  numero: z.string(),
  estado: z.enum(ESTADOS_PEDIDO),
  estadoPago: z.enum(ESTADOS_PAGO),
  /** `retirado`: the producer archived the lot after trade; the order's parties still read it (decision 045). */
  lote: z.object({
    id: z.string(),
    nombre: z.string(),
    codigo: z.string(),
    pais: z.string(),
    retirado: z.boolean().optional(),
  }),
  compradorId: z.string(),
  productorId: z.string(),
  comprador: z.object({ nombre: z.string(), empresa: z.string().nullable() }),
  productor: z.object({ nombre: z.string() }),
  sacos: z.number().int(),
  pesoSacoKg: z.number(),
  kg: z.number(),
  precioKgCentavos: CentavosSchema,
  totalCentavos: CentavosSchema,
  moneda: z.string(),
  incoterm: z.string(),
  lugarEntrega: z.string(),
  desglosePrecio: z
    .object({
      precioFincaCentavos: CentavosSchema,
      costosExportacionCentavos: CentavosSchema,
      comisionPlataformaCentavos: CentavosSchema,
    })
    .nullable(),
  condicionPago: z.enum(CONDICIONES_PAGO),
  cobro: z.enum(VIAS_COBRO),
  ventanaEmbarque: z.string().nullable(),
  condicionMuestra: z.enum(CONDICIONES_MUESTRA),
  terminos: z.object({
    lote: z.object({
      nombre: z.string(),
      codigo: z.string(),
      pais: z.string(),
      region: z.string(),
      finca: z.string().nullable(),
      variedades: z.array(z.string()),
      proceso: z.string(),
      cosecha: z.string().nullable(),
    }),
    fincas: z.array(z.string()),
    calidad: z.object({
      puntaje: z.number().nullable(),
      humedad: z.number().nullable(),
      zaranda: z.string().nullable(),
      defectos: z.string().nullable(),
    }),
    productorNombre: z.string(),
    compradorEmpresa: z.string(),
    partes: z.object({ comprador: ParteSchema, productor: ParteSchema }).optional(),
    resolucionReclamo: z
      .object({
        resolucion: z.enum(RESOLUCIONES_RECLAMO),
        descuentoCentavos: CentavosSchema,
        motivo: z.string().nullable(),
        resueltaAt: z.string(),
      })
      .optional(),
  }),
  venceAt: z.string().nullable(),
  pagoVenceAt: z.string().nullable(),
  pagadoAt: z.string().nullable(),
  confirmadoAt: z.string().nullable(),
  pssMuestraId: z.string().nullable(),
  pssEnvios: z.number().int(),
  naviera: z.string().nullable(),
  contenedor: z.string().nullable(),
  conocimientoEmbarque: z.string().nullable(),
  etd: z.string().nullable(),
  eta: z.string().nullable(),
  embarcadoAt: z.string().nullable(),
  entregadoAt: z.string().nullable(),
  reclamoHasta: z.string().nullable(),
  motivoCancelacion: z.string().nullable(),
  cancelacionPedidaPor: z.enum(['comprador', 'productor']).nullable(),
  motivoReclamo: z.string().nullable(),
  /** The due-diligence statement's numbers (EUDR, issue 30), once whoever imports the coffee recorded them. */
  dds: z.object({ referencia: z.string(), verificacion: z.string(), registradaAt: z.string() }).nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** The viewer's role in this order and the moves the table allows him now (the web shows only these). */
  rol: z.enum(['comprador', 'productor']),
  acciones: z.array(z.enum(ACCIONES_PEDIDO)),
  /** Whether the viewer may still review the other party (COMPLETADO and not yet written). */
  puedeResenar: z.boolean(),
  /**
   * A reservation waits on the buyer: what his InformacionComercial lacks for the contract (Spanish names; empty
   * when nothing, or once past RESERVADO). The producer reads "esperando datos del comprador".
   */
  faltaDatosComprador: z.array(z.string()),
});
export type Pedido = z.infer<typeof PedidoSchema>;

export const PedidosQuerySchema = pageQuerySchema(PEDIDO_LIMITS.maxPerPage, PEDIDO_LIMITS.perPage).extend({
  rol: z.preprocess(
    emptyToUndefined,
    z.enum(['comprador', 'productor'], { error: 'rol debe ser comprador o productor.' }).optional(),
  ),
  estado: z.preprocess(emptyToUndefined, z.enum(ESTADOS_PEDIDO, { error: 'Estado no válido.' }).optional()),
  loteId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
});
export type PedidosQuery = z.infer<typeof PedidosQuerySchema>;

export const ResenaSchema = z.object({
  id: z.string(),
  pedidoId: z.string(),
  autorRol: z.enum(['comprador', 'productor']),
  autor: z.string(),
  puntuacion: z.number().int(),
  comentario: z.string(),
  publicada: z.boolean(),
  createdAt: z.string(),
});
export type Resena = z.infer<typeof ResenaSchema>;

/**
 * Where and how the buyer pays an order collected by Cereza (issue 29): Cereza's client-money account, the amount
 * still due, the due date and the order's structured creditor reference (ISO 11649), which its sale invoice carries
 * too. `qrSvg`: the EPC "SEPA credit transfer" QR code (EUR only), as an SVG data URL a banking app scans.
 */
export const CobroPedidoSchema = z.object({
  titular: z.string(),
  iban: z.string(),
  bic: z.string(),
  referencia: z.string(),
  moneda: z.string(),
  totalCentavos: CentavosSchema,
  pagadoCentavos: CentavosSchema,
  pendienteCentavos: CentavosSchema,
  excesoCentavos: CentavosSchema,
  vencimiento: z.string().nullable(),
  qrSvg: z.string().nullable(),
  transferencias: z.array(
    z.object({ fecha: z.string().nullable(), importeCentavos: CentavosSchema, ordenante: z.string().nullable() }),
  ),
});
export type CobroPedido = z.infer<typeof CobroPedidoSchema>;

export const PedidoResponseSchema = okMessageResponse(z.object({ pedido: PedidoSchema }));
export const PedidoDetalleResponseSchema = okResponse(
  z.object({
    pedido: PedidoSchema,
    eventos: z.array(EventoPedidoSchema),
    documentos: z.array(DocumentoPedidoSchema),
    /** The invoices its shipment (and a claim's discount) issued, those the viewer is a party to. */
    facturas: z.array(FacturaSchema),
    resenas: z.array(ResenaSchema),
    /** The pre-shipment sample (a muestra of tipo PRE_EMBARQUE) and its cupping's total. */
    pss: z.object({ id: z.string(), estado: z.string(), puntajeTotal: z.number().nullable() }).nullable(),
    /** The claim with its evidence and the producer's answer, once one was opened. */
    reclamo: ReclamoSchema.nullable(),
    /** Payment instructions and what arrived, for an order paid through Cereza (null: paid directly). */
    cobro: CobroPedidoSchema.nullable().optional(),
  }),
);
export const PedidosResponseSchema = okResponse(
  z.object({ pedidos: z.array(PedidoSchema), pagination: PaginationSchema }),
);
export const ResenaResponseSchema = okMessageResponse(z.object({ resena: ResenaSchema }));
export const ResenasProductorResponseSchema = okResponse(
  z.object({
    resenas: z.array(ResenaSchema),
    promedio: z.number().nullable(),
    total: z.number().int(),
  }),
);

/** Producer's sales overview: orders by state, bags and value by month, what needs doing. */
export const VentasResumenResponseSchema = okResponse(
  z.object({
    porEstado: z.record(z.string(), z.number().int()),
    porMes: z.array(
      z.object({ mes: z.string(), sacos: z.number().int(), valorCentavos: CentavosSchema, moneda: z.string() }),
    ),
    pendientes: z.array(PedidoSchema),
  }),
);

// ---------------------------------------------------------------------------------------------------------
// Money
// ---------------------------------------------------------------------------------------------------------

/** 10.42 → 1042 (the lot's price has two decimals). */
export const aCentavos = (v: number) => Math.round(v * 100);
/** kg to three decimals. */
export const kgDe = (sacos: number, pesoSacoKg: number) => Math.round(sacos * pesoSacoKg * 1000) / 1000;
/** An order's figures in money (not per kg): what the buyer's breakdown, the contract and the invoices show. */
export interface DesgloseTotal {
  totalCentavos: number;
  /** Cereza's commission (comisionPedidoCentavos): the commission invoice's base. */
  comisionCentavos: number;
  /** The farm price and the export costs on the order's kg; null without a breakdown. */
  fincaCentavos: number | null;
  exportacionCentavos: number | null;
}

/** The figures of an order (or of a reservation being chosen) from its frozen terms, each rounded once. */
export function desgloseTotal(t: {
  kg: number;
  precioKgCentavos: number;
  desglosePrecio: DesglosePedido | null;
}): DesgloseTotal {
  const gramos = gramosDe(t.kg);
  const d = t.desglosePrecio;
  return {
    totalCentavos: baseLinea(gramos, t.precioKgCentavos),
    comisionCentavos: comisionPedidoCentavos(t),
    fincaCentavos: d ? baseLinea(gramos, d.precioFincaCentavos) : null,
    exportacionCentavos: d ? baseLinea(gramos, d.costosExportacionCentavos) : null,
  };
}

/** What the buyer pays: the price per kg × the kg, exact in integers (the invoice's base, to the cent). */
export const totalCentavos = (precioKgCentavos: number, kg: number) => baseLinea(gramosDe(kg), precioKgCentavos);

export function formatoDinero(centavos: number, moneda: string): string {
  return new Intl.NumberFormat('es-ES', { style: 'currency', currency: moneda }).format(centavos / 100);
}

/**
 * As `formatoDinero`, with the thousands always grouped ("1.442,00 US$", where es-ES leaves four digits bare):
 * what the documents print (issue 32).
 */
export function formatoDineroDocumento(centavos: number, moneda: string): string {
  return new Intl.NumberFormat('es-ES', {
    style: 'currency',
    currency: moneda,
    useGrouping: 'always' as unknown as boolean,
  }).format(centavos / 100);
}

/** The order's human number: CZ-2026-000123. */
export const numeroPedido = (anio: number, n: number) => `CZ-${anio}-${String(n).padStart(6, '0')}`;

// ---------------------------------------------------------------------------------------------------------
// Texts
// ---------------------------------------------------------------------------------------------------------

export const PEDIDO_MESSAGES = {
  NOT_FOUND: 'Pedido no encontrado.',
  LOTE_NOT_FOUND: 'Lote no encontrado.',
  DOCUMENTO_NOT_FOUND: 'Documento no encontrado.',
  RESERVED: 'Sacos reservados. El productor tiene 72 horas para confirmar el pedido.',
  PERFIL_REQUERIDO: 'Completa tu perfil de comprador para comprar.',
  lugarRequerido: (incoterm: string) =>
    `Este lote se vende ${incoterm}: indica el lugar de entrega en destino (dirección o ciudad y país).`,
  SOLO_COMPRADORES: 'Solo las cuentas de comprador pueden comprar.',
  PROPIO_LOTE: 'No puedes comprar tu propio lote.',
  /** The lot was retired ("Eliminar" after trade) or its producer deleted the account (docs/decisions/046). */
  LOTE_RETIRADO: 'Este lote se ha retirado del catálogo: ya no se puede reservar.',
  /** The buyer's account was deleted while the reservation ran. */
  CUENTA_ELIMINADA: 'Tu cuenta se ha eliminado: no se puede reservar con ella.',
  SIN_SACOS: 'No quedan sacos suficientes de este lote.',
  sinSacos: (disponibles: number) =>
    disponibles > 0
      ? `No quedan sacos suficientes: hay ${disponibles} ${disponibles === 1 ? 'saco disponible' : 'sacos disponibles'}.`
      : 'No quedan sacos suficientes: el lote está agotado.',
  minimo: (min: number) => `El pedido mínimo de este lote es de ${min} ${min === 1 ? 'saco' : 'sacos'}.`,
  infoComercial: (quien: 'comprador' | 'productor', faltan: string[]) =>
    `No se puede confirmar: a la información comercial del ${quien} le falta ${faltan.join(', ')}. ${
      quien === 'productor' ? 'Complétala' : 'El comprador debe completarla'
    } en Mi cuenta › Información comercial.`,
  PSS_SIN_CATA: 'Cata la muestra de preembarque antes de aprobarla o rechazarla.',
  PSS_NO_APLICA: 'Este contrato no depende de una muestra de preembarque.',
  PSS_REQUERIDA:
    'Este contrato depende de la muestra de preembarque: envíala y espera su aprobación antes de embarcar.',
  PSS_SIN_REEMPLAZO: 'Ya enviaste la muestra de reemplazo; el contrato no admite otra.',
  CANCELACION_SIN_ACUERDO:
    'Un pedido confirmado solo se cancela de común acuerdo: propón la cancelación y espera a que la otra parte la acepte.',
  CANCELACION_YA_PEDIDA: 'Ya propusiste la cancelación; falta que la otra parte la acepte.',
  RECLAMO_CERRADO: 'El plazo de reclamo de 28 días ya terminó.',
  reclamoNoAbierto: (numero: string, estado: string) =>
    `El pedido ${numero} no tiene un reclamo abierto (está ${estado.toLowerCase()}): otra resolución llegó antes o nunca se abrió.`,
  descuentoExcede: (descuento: string, total: string) =>
    `El descuento (${descuento}) no puede superar el total del pedido (${total}).`,
  pedidoNoEncontrado: (numero: string) => `No hay ningún pedido con el número ${numero}.`,
  noCancelable: (numero: string, estado: string) =>
    `El pedido ${numero} no se puede cancelar desde aquí (está ${estado.toLowerCase()}).`,
  YA_PAGADO: 'El pago ya está registrado.',
  COBRO_POR_CEREZA:
    'Este pedido se paga por transferencia a la cuenta de clientes de Cereza: el pago consta cuando Cereza lo concilia con su extracto bancario.',
  DOCUMENTO_AJENO: 'Documento no encontrado: adjunta PDFs que hayas subido tú.',
  RESENA_NO_DISPONIBLE: 'Podrás valorar a la otra parte cuando el pedido esté completado.',
  RESENA_YA_ESCRITA: 'Ya valoraste este pedido.',
  RESENA_GUARDADA: 'Valoración enviada. Se publicará cuando la otra parte escriba la suya o en 14 días.',
  MOVED: {
    CONFIRMAR: 'Pedido confirmado. El contrato está en los documentos del pedido.',
    CANCELAR: 'Pedido cancelado. Los sacos vuelven al lote.',
    PEDIR_CANCELACION: 'Cancelación propuesta. La otra parte debe aceptarla.',
    ENVIAR_PSS: 'Muestra de preembarque marcada como enviada.',
    APROBAR_PSS: 'Muestra de preembarque aprobada. El productor ya puede embarcar.',
    RECHAZAR_PSS: 'Muestra de preembarque rechazada.',
    EMBARCAR: 'Embarque registrado.',
    RECIBIR: 'Recepción confirmada. Tienes 28 días para abrir un reclamo.',
    ABRIR_RECLAMO: 'Reclamo abierto. Un operador de Cereza lo revisará.',
    REGISTRAR_PAGO: 'Pago registrado.',
  } satisfies Record<AccionPedido, string>,
  /** Why a move is refused, by the order's state now (409). */
  ESTADO: {
    RESERVADO: 'El pedido todavía no fue confirmado.',
    CONFIRMADO: 'El pedido ya fue confirmado.',
    PSS_ENVIADA: 'La muestra de preembarque ya fue enviada.',
    PSS_APROBADA: 'La muestra de preembarque ya fue aprobada.',
    PSS_RECHAZADA: 'La muestra de preembarque fue rechazada.',
    EMBARCADO: 'El pedido ya fue embarcado.',
    ENTREGADO: 'El pedido ya fue entregado.',
    EN_RECLAMO: 'El pedido tiene un reclamo abierto.',
    COMPLETADO: 'El pedido ya está completado.',
    CANCELADO: 'El pedido fue cancelado.',
    EXPIRADO: 'La reserva expiró sin confirmación.',
  } satisfies Record<EstadoPedido, string>,
} as const;

/** What the buyer or producer must do next, by state and role (the list's "next step"). */
export function siguientePaso(
  estado: EstadoPedido,
  rol: 'comprador' | 'productor',
  condicion: CondicionMuestra,
): string | null {
  const pasos: Partial<Record<EstadoPedido, [string | null, string | null]>> = {
    RESERVADO: ['Esperando la confirmación del productor', 'Confirmar o cancelar la reserva'],
    CONFIRMADO:
      condicion === 'SUJETO_A_APROBACION_PSS'
        ? ['Esperando la muestra de preembarque', 'Enviar la muestra de preembarque']
        : ['Esperando el embarque', 'Registrar el embarque'],
    PSS_ENVIADA: ['Recibir, catar y aprobar la muestra de preembarque', 'Esperando la aprobación del comprador'],
    PSS_APROBADA: ['Esperando el embarque', 'Registrar el embarque'],
    PSS_RECHAZADA: ['Esperando la muestra de reemplazo', 'Enviar una muestra de reemplazo'],
    EMBARCADO: ['Confirmar la recepción cuando llegue', 'Esperando la llegada'],
    ENTREGADO: ['Abrir un reclamo si algo no está bien', null],
    EN_RECLAMO: ['Un operador revisa el reclamo', 'Un operador revisa el reclamo'],
  };
  const p = pasos[estado];
  return p ? (rol === 'comprador' ? p[0] : p[1]) : null;
}
