import { z } from 'zod';
import { CentavosSchema, okMessageResponse, okResponse } from './common';

/*
 * Cereza's collection of buyers' transfers (issue 29, docs/decisions/054): the operator imports the bank statement
 * of the client-money account (camt.053), each credit is matched to an order, and what cannot be matched waits for
 * the operator's hand.
 */

export const COBROS_MESSAGES = {
  EXTRACTO_AJENO: (iban: string, nuestra: string) =>
    `El extracto es de la cuenta ${iban}, no de la cuenta de clientes de Cereza (${nuestra}). No se ha aplicado nada.`,
  SIN_FICHERO: 'Adjunta el fichero del extracto (camt.053, XML).',
  APUNTE_NO_ENCONTRADO: 'Apunte no encontrado.',
  APUNTE_YA_CONCILIADO: 'Este apunte ya está conciliado.',
  APUNTE_NO_ES_ABONO: 'Solo se concilian a mano los abonos (transferencias recibidas).',
  PEDIDO_NO_ENCONTRADO: (n: string) => `No hay ningún pedido ni factura de venta con el número «${n}».`,
  PEDIDO_DIRECTO: (n: string) => `El pedido ${n} se paga directamente al productor, no a través de Cereza.`,
  MONEDA_DISTINTA: (m: string, p: string) => `El apunte está en ${m} y el pedido en ${p}.`,
  NO_PAGABLE: (n: string, estado: string) => `El pedido ${n} está ${estado}: no admite pagos.`,
  FACTURA_AMBIGUA: (n: string) =>
    `Hay varias facturas de venta con el número «${n}» (cada productor tiene su serie): escribe el número del pedido.`,
  CONCILIADO: 'Apunte conciliado.',
} as const;

export const ConciliarManualSchema = z.object({
  numero: z
    .string({ error: 'Escribe el número del pedido o de su factura de venta.' })
    .trim()
    .min(3, 'Escribe el número del pedido o de su factura de venta.')
    .max(40, 'El número es demasiado largo.'),
  motivo: z
    .string({ error: 'Explica por qué concilias este apunte.' })
    .trim()
    .min(5, 'Explica por qué concilias este apunte (al menos 5 caracteres).')
    .max(500, 'El motivo admite como mucho 500 caracteres.'),
});
export type ConciliarManual = z.infer<typeof ConciliarManualSchema>;

export const ESTADOS_APUNTE = ['CONCILIADO', 'PENDIENTE'] as const;
export const METODOS_APUNTE = ['REFERENCIA', 'CONCEPTO', 'MANUAL', 'LIQUIDACION', 'DEVOLUCION'] as const;
export const METODO_APUNTE_LABELS: Record<(typeof METODOS_APUNTE)[number], string> = {
  REFERENCIA: 'Por referencia RF',
  CONCEPTO: 'Por concepto e importe',
  MANUAL: 'A mano',
  LIQUIDACION: 'Pago a productor',
  DEVOLUCION: 'Pago a productor devuelto',
};

export const ApunteSchema = z.object({
  id: z.string(),
  sentido: z.enum(['CRDT', 'DBIT']),
  importeCentavos: CentavosSchema,
  moneda: z.string(),
  fechaContable: z.string().nullable(),
  refBanco: z.string().nullable(),
  endToEndId: z.string().nullable(),
  referenciaAcreedor: z.string().nullable(),
  concepto: z.string(),
  contraparte: z.string().nullable(),
  estado: z.enum(ESTADOS_APUNTE),
  metodo: z.enum(METODOS_APUNTE).nullable(),
  nota: z.string(),
  pedidoId: z.string().nullable(),
  pedidoNumero: z.string().nullable(),
  aplicadoCentavos: CentavosSchema,
  excesoCentavos: CentavosSchema,
  /** True when this import found it already imported (nothing was applied again). */
  duplicado: z.boolean().optional(),
});
export type Apunte = z.infer<typeof ApunteSchema>;

export const ImportacionSchema = z.object({
  extractos: z.array(
    z.object({
      id: z.string(),
      cuenta: z.string(),
      extractoId: z.string(),
      version: z.string(),
      moneda: z.string().nullable(),
      saldoCierreCentavos: CentavosSchema.nullable(),
      fechaCierre: z.string().nullable(),
    }),
  ),
  apuntes: z.array(ApunteSchema),
  resumen: z.object({
    nuevos: z.number().int(),
    duplicados: z.number().int(),
    conciliados: z.number().int(),
    pendientes: z.number().int(),
    noContabilizados: z.number().int(),
  }),
});
export type Importacion = z.infer<typeof ImportacionSchema>;
export const ImportacionResponseSchema = okResponse(ImportacionSchema);

/** POST /api/operador/cobros/extractos?nombre=…: the file's name (the body is the statement's XML itself). */
export const ExtractoQuerySchema = z.object({ nombre: z.string().max(200).optional() });

export const SaldoClientesSchema = z.object({
  moneda: z.string(),
  cobradoCentavos: CentavosSchema,
  pagadoCentavos: CentavosSchema,
  abonosPendientesCentavos: CentavosSchema,
  cargosPendientesCentavos: CentavosSchema,
  bancoCentavos: CentavosSchema.nullable(),
  fechaBanco: z.string().nullable(),
  diferenciaCentavos: CentavosSchema.nullable(),
});
export type SaldoClientes = z.infer<typeof SaldoClientesSchema>;

export const PanelCobrosSchema = z.object({
  cuenta: z.object({ iban: z.string(), bic: z.string(), titular: z.string() }),
  pendientes: z.array(ApunteSchema),
  excesos: z.array(ApunteSchema),
  recientes: z.array(ApunteSchema),
  saldos: z.array(SaldoClientesSchema),
  /** The demo's statement can be downloaded (DEMO_DATA). */
  extractoDemo: z.boolean(),
});
export type PanelCobros = z.infer<typeof PanelCobrosSchema>;
export const PanelCobrosResponseSchema = okResponse(PanelCobrosSchema);

/** An entry matched by hand: the entry as it now reads, and the page's message. */
export const ConciliadoResponseSchema = okMessageResponse(z.object({ apunte: ApunteSchema }));
