import { z } from 'zod';
import {
  emptyToUndefined,
  fechaSchema,
  okResponse,
  pageQuerySchema,
  PaginationSchema,
  UuidSchema,
  CentavosSchema,
} from './common';
import { REGIMENES } from './facturas-calculo';

export * from './facturas-calculo';

export const TIPOS_FACTURA = ['VENTA', 'COMISION', 'RECTIFICATIVA'] as const;
export type TipoFactura = (typeof TIPOS_FACTURA)[number];
export const TIPO_FACTURA_LABELS: Record<TipoFactura, string> = {
  VENTA: 'Factura de venta',
  COMISION: 'Factura de comisión',
  RECTIFICATIVA: 'Factura rectificativa',
};

/** Stored states; VENCIDA is what an unpaid invoice past its due date shows (derived, never stored). */
export const ESTADOS_FACTURA = ['EMITIDA', 'PAGADA'] as const;
export type EstadoFactura = (typeof ESTADOS_FACTURA)[number];
export const ESTADOS_FACTURA_VISTA = ['EMITIDA', 'PAGADA', 'VENCIDA'] as const;
export type EstadoFacturaVista = (typeof ESTADOS_FACTURA_VISTA)[number];
export const ESTADO_FACTURA_LABELS: Record<EstadoFacturaVista, string> = {
  EMITIDA: 'Emitida',
  PAGADA: 'Pagada',
  VENCIDA: 'Vencida',
};

export const TIPOS_MOVIMIENTO = ['FACTURA', 'PAGO', 'COMISION', 'ABONO', 'AJUSTE', 'LIQUIDACION'] as const;
export type TipoMovimiento = (typeof TIPOS_MOVIMIENTO)[number];
export const TIPO_MOVIMIENTO_LABELS: Record<TipoMovimiento, string> = {
  FACTURA: 'Factura',
  PAGO: 'Pago',
  COMISION: 'Comisión',
  ABONO: 'Abono',
  AJUSTE: 'Ajuste',
  LIQUIDACION: 'Liquidación de Cereza',
};

export const FACTURA_MESSAGES = {
  NOT_FOUND: 'Factura no encontrada.',
  YA_PAGADA: 'La factura ya está pagada.',
  SIN_DATOS_FISCALES: 'Faltan la razón social, el NIF o la dirección de facturación de una de las partes.',
  RECTIFICA_NO_VALIDA: 'Solo se rectifica una factura de venta o de comisión.',
  IMPORTE_RECTIFICA: 'El descuento debe ser mayor que cero y no superar la base de la factura.',
} as const;

/** A party as the invoice froze it (InformacionComercial at issue time). */
export const ParteFacturaSchema = z.object({
  razonSocial: z.string(),
  taxId: z.string(),
  direccion: z.object({
    linea1: z.string(),
    ciudad: z.string(),
    region: z.string(),
    codigoPostal: z.string(),
    pais: z.string(),
  }),
  email: z.string(),
});
export type ParteFactura = z.infer<typeof ParteFacturaSchema>;

export const LineaFacturaSchema = z.object({
  descripcion: z.string(),
  /** The lot's code or the order's number the line refers to. */
  referencia: z.string().nullable(),
  /**
   * Kilograms as integer grams; null on a line that is not a quantity (a discount). A commission line carries the
   * kg sold and the commission per kg (`centavosKg`).
   */
  gramos: z.number().int().nullable(),
  /** Cents per kg; null with `gramos`. */
  centavosKg: z.number().int().nullable(),
  baseCentavos: CentavosSchema,
});
export type LineaFactura = z.infer<typeof LineaFacturaSchema>;

/** A sale paid through Cereza: the account the buyer transfers to and the order's ISO 11649 reference (issue 29). */
export const InstruccionesPagoSchema = z.object({
  titular: z.string(),
  iban: z.string(),
  bic: z.string(),
  referencia: z.string(),
});
export type InstruccionesPago = z.infer<typeof InstruccionesPagoSchema>;

export const FacturaSchema = z.object({
  id: UuidSchema,
  tipo: z.enum(TIPOS_FACTURA),
  serie: z.string(),
  numero: z.string(),
  emisorId: z.string().nullable(),
  receptorId: z.string(),
  productorId: z.string(),
  compradorId: z.string(),
  pedidoId: z.string().nullable(),
  pedidoNumero: z.string().nullable(),
  rectificaId: z.string().nullable(),
  rectificaNumero: z.string().nullable(),
  fechaEmision: z.string(),
  fechaOperacion: z.string(),
  vencimiento: z.string(),
  condicionPago: z.string(),
  moneda: z.string(),
  emisor: ParteFacturaSchema,
  receptor: ParteFacturaSchema,
  lineas: z.array(LineaFacturaSchema),
  regimen: z.enum(REGIMENES),
  tasaBp: z.number().int(),
  baseCentavos: CentavosSchema,
  impuestoCentavos: CentavosSchema,
  totalCentavos: CentavosSchema,
  menciones: z.array(z.string()),
  instruccionesPago: InstruccionesPagoSchema.nullable().optional(),
  estado: z.enum(ESTADOS_FACTURA_VISTA),
  pagadaAt: z.string().nullable(),
  /** The viewer's side: he issued it or received it. */
  rol: z.enum(['emisor', 'receptor']),
  createdAt: z.string(),
});
export type Factura = z.infer<typeof FacturaSchema>;

export const FACTURA_LIMITS = { perPage: 20, maxPerPage: 100 } as const;

const fechaQuery = (msg: string) => z.preprocess(emptyToUndefined, fechaSchema(msg).optional());

export const FacturasQuerySchema = pageQuerySchema(FACTURA_LIMITS.maxPerPage, FACTURA_LIMITS.perPage).extend({
  desde: fechaQuery('La fecha «desde» no es válida.'),
  hasta: fechaQuery('La fecha «hasta» no es válida.'),
  estado: z.preprocess(emptyToUndefined, z.enum(ESTADOS_FACTURA_VISTA, { error: 'Estado no válido.' }).optional()),
  tipo: z.preprocess(emptyToUndefined, z.enum(TIPOS_FACTURA, { error: 'Tipo no válido.' }).optional()),
  productorId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
  /** The invoices of one order (its detail page lists them). */
  pedidoId: z.preprocess(emptyToUndefined, UuidSchema.optional()),
  /** emitidas: the ones I issued; recibidas: the ones addressed to me. */
  rol: z.preprocess(emptyToUndefined, z.enum(['emisor', 'receptor'], { error: 'Rol no válido.' }).optional()),
});
export type FacturasQuery = z.infer<typeof FacturasQuerySchema>;

export const FacturasResponseSchema = okResponse(
  z.object({
    facturas: z.array(FacturaSchema),
    pagination: PaginationSchema,
    /** Producers the viewer has invoices from (the filter's choices). */
    productores: z.array(z.object({ id: z.string(), nombre: z.string() })),
  }),
);
export type FacturasResponse = z.infer<typeof FacturasResponseSchema>;
export const FacturaResponseSchema = okResponse(
  z.object({ factura: FacturaSchema, rectificativas: z.array(FacturaSchema) }),
);
export type FacturaResponse = z.infer<typeof FacturaResponseSchema>;

// ---- Ledger -----------------------------------------------------------------------------------------------

export const MovimientoSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_MOVIMIENTO),
  concepto: z.string(),
  importeCentavos: CentavosSchema,
  moneda: z.string(),
  saldoCentavos: CentavosSchema,
  facturaId: z.string().nullable(),
  facturaNumero: z.string().nullable(),
  pedidoId: z.string().nullable(),
  pedidoNumero: z.string().nullable(),
  createdAt: z.string(),
});
export type Movimiento = z.infer<typeof MovimientoSchema>;

export const MOVIMIENTO_LIMITS = { perPage: 50, maxPerPage: 200 } as const;

export const MovimientosQuerySchema = pageQuerySchema(MOVIMIENTO_LIMITS.maxPerPage, MOVIMIENTO_LIMITS.perPage).extend({
  desde: fechaQuery('La fecha «desde» no es válida.'),
  hasta: fechaQuery('La fecha «hasta» no es válida.'),
  tipo: z.preprocess(emptyToUndefined, z.enum(TIPOS_MOVIMIENTO, { error: 'Tipo de movimiento no válido.' }).optional()),
  moneda: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Z]{3}$/, { error: 'Moneda no válida.' })
      .optional(),
  ),
  formato: z.preprocess(emptyToUndefined, z.enum(['json', 'csv'], { error: 'Formato no válido.' }).default('json')),
});
export type MovimientosQuery = z.infer<typeof MovimientosQuerySchema>;

export const MovimientosResponseSchema = okResponse(
  z.object({
    movimientos: z.array(MovimientoSchema),
    pagination: PaginationSchema,
    /** Sum of the filtered movements per type and currency. */
    totales: z.array(z.object({ tipo: z.enum(TIPOS_MOVIMIENTO), moneda: z.string(), importeCentavos: CentavosSchema })),
    /** The account's current balance per currency (unfiltered). */
    saldos: z.array(z.object({ moneda: z.string(), saldoCentavos: CentavosSchema })),
    /** The balance at the end of each day of the range, oldest first, per currency (the chart). */
    evolucion: z.array(z.object({ fecha: z.string(), moneda: z.string(), saldoCentavos: CentavosSchema })),
  }),
);
export type MovimientosResponse = z.infer<typeof MovimientosResponseSchema>;

// ---- Clients ----------------------------------------------------------------------------------------------

export const ORDEN_CLIENTES = [
  'empresa',
  'primerContacto',
  'muestras',
  'pedidos',
  'kg',
  'valor',
  'ultimaCompra',
  'puntajeMedio',
] as const;
export type OrdenClientes = (typeof ORDEN_CLIENTES)[number];

export const ClienteSchema = z.object({
  compradorId: z.string(),
  empresa: z.string(),
  nombre: z.string(),
  pais: z.string().nullable(),
  tipoComprador: z.string().nullable(),
  primerContacto: z.string(),
  muestras: z.number().int(),
  catas: z.number().int(),
  puntajeMedio: z.number().nullable(),
  pedidos: z.number().int(),
  gramos: z.number().int(),
  /** Value of his orders per currency. */
  valor: z.array(z.object({ moneda: z.string(), centavos: z.number().int() })),
  ultimaCompra: z.string().nullable(),
});
export type Cliente = z.infer<typeof ClienteSchema>;

export const ClientesQuerySchema = z.object({
  q: z.preprocess(emptyToUndefined, z.string().trim().max(100, { error: 'Máximo 100 caracteres.' }).optional()),
  orden: z.preprocess(
    emptyToUndefined,
    z.enum(ORDEN_CLIENTES, { error: 'Orden no válido.' }).default('primerContacto'),
  ),
  dir: z.preprocess(emptyToUndefined, z.enum(['asc', 'desc'], { error: 'Dirección no válida.' }).default('desc')),
});
export type ClientesQuery = z.infer<typeof ClientesQuerySchema>;

export const ClientesResponseSchema = okResponse(z.object({ clientes: z.array(ClienteSchema) }));
export type ClientesResponse = z.infer<typeof ClientesResponseSchema>;

export const HistorialItemSchema = z.object({
  tipo: z.enum(['muestra', 'pedido']),
  id: z.string(),
  fecha: z.string(),
  titulo: z.string(),
  estado: z.string(),
  loteId: z.string().nullable(),
  puntaje: z.number().nullable(),
  gramos: z.number().int().nullable(),
  centavos: z.number().int().nullable(),
  moneda: z.string().nullable(),
});
export type HistorialItem = z.infer<typeof HistorialItemSchema>;

export const ClienteResponseSchema = okResponse(
  z.object({ cliente: ClienteSchema, historial: z.array(HistorialItemSchema), facturas: z.array(FacturaSchema) }),
);
export type ClienteResponse = z.infer<typeof ClienteResponseSchema>;
export const CLIENTE_MESSAGES = { NOT_FOUND: 'Cliente no encontrado.' } as const;
