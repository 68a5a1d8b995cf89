import { z } from 'zod';
import { okMessageResponse, okResponse } from './common';
import { MotivoSchema } from './operador';

/*
 * Paying producers (issue 29, docs/decisions/056 and 057): the producer's payout account, what Cereza owes him, the
 * payout batches (pain.001) and their confirmation by the bank statement.
 */

export const TIPOS_CUENTA_COBRO = ['SEPA', 'INTERNACIONAL'] as const;
export type TipoCuentaCobro = (typeof TIPOS_CUENTA_COBRO)[number];
export const TIPO_CUENTA_COBRO_LABELS: Record<TipoCuentaCobro, string> = {
  SEPA: 'Cuenta SEPA (IBAN)',
  INTERNACIONAL: 'Cuenta fuera de la zona SEPA',
};

/** VENTA: an order collected; AJUSTE: a claim's credit note after it (negative). */
export const TIPOS_DEVENGO = ['VENTA', 'AJUSTE'] as const;
export type TipoDevengo = (typeof TIPOS_DEVENGO)[number];

export const ESTADOS_REMESA = ['GENERADA', 'ENVIADA', 'ANULADA'] as const;
export type EstadoRemesa = (typeof ESTADOS_REMESA)[number];
export const ESTADO_REMESA_LABELS: Record<EstadoRemesa, string> = {
  GENERADA: 'Generada (sin enviar al banco)',
  ENVIADA: 'Enviada al banco',
  ANULADA: 'Anulada (no se envió)',
};

export const ESTADOS_PAGO_PRODUCTOR = ['GENERADO', 'ENVIADO', 'CONFIRMADO', 'ANULADO', 'DEVUELTO'] as const;
export type EstadoPagoProductor = (typeof ESTADOS_PAGO_PRODUCTOR)[number];
export const ESTADO_PAGO_PRODUCTOR_LABELS: Record<EstadoPagoProductor, string> = {
  GENERADO: 'En preparación',
  ENVIADO: 'Enviada al banco',
  CONFIRMADO: 'Pagada (confirmada por el banco)',
  ANULADO: 'Anulada antes de enviarse (se pagará en otra remesa)',
  DEVUELTO: 'Devuelta por el banco (se pagará en otra remesa)',
};

/** Hours a new payout account waits before money is sent to it. */
export const RETENCION_CUENTA_HORAS = 48;

const texto = (campo: string, max: number) =>
  z
    .string({ error: `Escribe ${campo}.` })
    .trim()
    .min(2, `Escribe ${campo}.`)
    .max(max, `${campo[0].toUpperCase()}${campo.slice(1)} admite como máximo ${max} caracteres.`);

const BicSchema = z
  .string({ error: 'Escribe el BIC (SWIFT) del banco.' })
  .trim()
  .transform((s) => s.replace(/\s+/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{8}([A-Z0-9]{3})?$/, 'El BIC tiene 8 u 11 letras y cifras, p. ej. CAIXESBBXXX.'));

/** The identity again: the password, or a fresh Google credential for an account that signs in with Google. */
const reautenticacion = {
  password: z.string().max(200).optional(),
  credential: z.string().min(20).max(8192).optional(),
};

/**
 * The payout account the producer records. The shape is checked here; the IBAN's and BIC's check digits and
 * country are checked by the server with ibantools (a library of the field, not a regex).
 */
export const CuentaCobroSchema = z
  .discriminatedUnion(
    'tipo',
    [
      z.object({
        tipo: z.literal('SEPA'),
        titular: texto('el titular de la cuenta', 70),
        iban: z
          .string({ error: 'Escribe el IBAN.' })
          .transform((s) => s.replace(/[\s-]+/g, '').toUpperCase())
          .pipe(
            z
              .string()
              .regex(
                /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/,
                'Escribe un IBAN completo, p. ej. ES91 2100 0418 4502 0005 1332.',
              ),
          ),
        bic: BicSchema,
        ...reautenticacion,
      }),
      z.object({
        tipo: z.literal('INTERNACIONAL'),
        titular: texto('el titular de la cuenta', 70),
        banco: texto('el nombre del banco', 70),
        bic: BicSchema,
        numeroCuenta: z
          .string({ error: 'Escribe el número de cuenta.' })
          .trim()
          .transform((s) => s.replace(/\s+/g, ''))
          .pipe(
            z.string().regex(/^[A-Za-z0-9-]{4,34}$/, 'El número de cuenta tiene de 4 a 34 letras, cifras o guiones.'),
          ),
        pais: z
          .string({ error: 'Elige el país del banco.' })
          .trim()
          .toUpperCase()
          .regex(/^[A-Z]{2}$/, 'Elige el país del banco.'),
        ...reautenticacion,
      }),
    ],
    { error: 'Elige si la cuenta es SEPA (IBAN) o de fuera de la zona SEPA.' },
  )
  .refine((v) => !!v.password || !!v.credential, {
    error: 'Escribe tu contraseña para confirmar el cambio.',
    path: ['password'],
  });
export type CuentaCobroInput = z.infer<typeof CuentaCobroSchema>;

export const CuentaCobroViewSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_CUENTA_COBRO),
  titular: z.string(),
  /** IBAN or account number with all but the last four characters hidden. */
  cuentaEnmascarada: z.string(),
  bic: z.string(),
  banco: z.string().nullable(),
  pais: z.string(),
  vigenteDesde: z.string(),
  sustituidaAt: z.string().nullable(),
  createdAt: z.string(),
});
export type CuentaCobroView = z.infer<typeof CuentaCobroViewSchema>;

/** GET /api/liquidaciones/cuenta-cobro: the account in force (if any) and every account the producer gave. */
export const CuentasCobroResponseSchema = okResponse(
  z.object({ cuenta: CuentaCobroViewSchema.nullable(), historial: z.array(CuentaCobroViewSchema) }),
);
export const CuentaCobroGuardadaResponseSchema = okMessageResponse(z.object({ cuenta: CuentaCobroViewSchema }));

/** A line owed to the producer and not yet in a payout. */
export const LineaDebidaSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_DEVENGO),
  pedidoId: z.string(),
  pedidoNumero: z.string(),
  moneda: z.string(),
  ventaNumero: z.string(),
  ventaCentavos: z.number(),
  comisionNumero: z.string().nullable(),
  comisionCentavos: z.number(),
  importeCentavos: z.number(),
  createdAt: z.string(),
});
export type LineaDebida = z.infer<typeof LineaDebidaSchema>;
export const PagoProductorSchema = z.object({
  id: z.string(),
  moneda: z.string(),
  importeCentavos: z.number(),
  estado: z.enum(ESTADOS_PAGO_PRODUCTOR),
  endToEndId: z.string(),
  cuentaEnmascarada: z.string(),
  enviadaAt: z.string().nullable(),
  confirmadoAt: z.string().nullable(),
  createdAt: z.string(),
});
export type PagoProductor = z.infer<typeof PagoProductorSchema>;
/** GET /api/liquidaciones: "Cobros y liquidaciones", the producer's balance, lines owed and payouts. */
export const CobrosYLiquidacionesResponseSchema = okResponse(
  z.object({
    saldos: z.array(
      z.object({
        productorId: z.string(),
        moneda: z.string(),
        pendienteCentavos: z.number(),
        lineasPendientes: z.number(),
      }),
    ),
    cuentaEnVigor: z.object({ cuentaEnmascarada: z.string(), vigenteDesde: z.string() }).nullable(),
    pendientes: z.array(LineaDebidaSchema),
    pagos: z.array(PagoProductorSchema),
  }),
);

/** GET /api/operador/liquidaciones: what is owed per producer, the batches and what was paid per currency. */
export const DebidoProductorSchema = z.object({
  productorId: z.string(),
  nombre: z.string(),
  moneda: z.string(),
  pendienteCentavos: z.number(),
  lineas: z.number(),
  cuenta: z.string().nullable(),
  retenidaHasta: z.string().nullable(),
  listo: z.boolean(),
});
export type DebidoProductor = z.infer<typeof DebidoProductorSchema>;
export const RemesaFilaSchema = z.object({
  id: z.string(),
  msgId: z.string(),
  estado: z.enum(ESTADOS_REMESA),
  numeroOperaciones: z.number(),
  totales: z.record(z.string(), z.number()),
  creadaPorEmail: z.string(),
  createdAt: z.string(),
  enviadaAt: z.string().nullable(),
  confirmados: z.number(),
});
export type RemesaFila = z.infer<typeof RemesaFilaSchema>;
export const LiquidacionesOperadorResponseSchema = okResponse(
  z.object({
    debido: z.array(DebidoProductorSchema),
    remesas: z.array(RemesaFilaSchema),
    pagadoPorMoneda: z.record(z.string(), z.number()),
  }),
);
export const PagoDeRemesaSchema = z.object({
  id: z.string(),
  productorId: z.string(),
  titular: z.string(),
  moneda: z.string(),
  importeCentavos: z.number(),
  endToEndId: z.string(),
  estado: z.enum(ESTADOS_PAGO_PRODUCTOR),
  confirmadoAt: z.string().nullable(),
});
export type PagoDeRemesa = z.infer<typeof PagoDeRemesaSchema>;
export const PagosDeRemesaResponseSchema = okResponse(z.object({ pagos: z.array(PagoDeRemesaSchema) }));
export const RemesaGeneradaResponseSchema = okMessageResponse(
  z.object({
    id: z.string(),
    msgId: z.string(),
    numeroOperaciones: z.number(),
    totales: z.record(z.string(), z.number()),
  }),
);
export const GenerateRemesaSchema = z.object({
  /** The producers to pay (all that are due when absent). */
  productorIds: z.array(z.uuid('Identificador no válido.')).max(500).optional(),
  motivo: MotivoSchema,
});
export type GenerateRemesaInput = z.infer<typeof GenerateRemesaSchema>;

export const LIQUIDACION_MESSAGES = {
  CUENTA_GUARDADA: `Cuenta de cobro guardada. Por seguridad, no te enviaremos pagos a esta cuenta hasta dentro de ${RETENCION_CUENTA_HORAS} horas, y te hemos escrito un correo.`,
  IBAN_NO_VALIDO: 'El IBAN no es válido: revisa las cifras de control y el país.',
  IBAN_NO_SEPA: 'Ese IBAN es de un país fuera de la zona SEPA: elige «Cuenta fuera de la zona SEPA».',
  BIC_NO_VALIDO: 'El BIC no es válido.',
  BIC_OTRO_PAIS: 'El BIC es de un país distinto del de la cuenta.',
  PAIS_SEPA: 'Ese país está en la zona SEPA: registra la cuenta con su IBAN.',
  PAIS_NO_VALIDO: 'Elige un país de la lista.',
  CAMBIO_A_LA_VEZ: 'Otro cambio de la cuenta de cobro se ha guardado a la vez: recarga la página.',
  SOLO_PRODUCTOR: 'Solo los productores registran una cuenta de cobro.',
  NADA_QUE_PAGAR: 'No hay ningún pago debido a productores con cuenta de cobro en vigor.',
  REMESA_GENERADA: 'Remesa generada: descarga el fichero pain.001 y envíalo a tu banco.',
  REMESA_A_LA_VEZ: 'Otra remesa se ha generado a la vez con parte de estos pagos: vuelve a generarla.',
  REMESA_ENVIADA: 'Remesa marcada como enviada al banco.',
  REMESA_YA_ENVIADA: 'La remesa ya estaba marcada como enviada.',
  REMESA_ANULADA: 'Remesa anulada: sus pagos vuelven a estar pendientes de liquidar.',
  REMESA_NO_ANULABLE: 'Solo se anula una remesa que aún no se ha enviado al banco.',
  REMESA_ANULADA_YA: 'La remesa está anulada: no se puede enviar.',
  CUENTA_CEREZA_FALTA: 'Falta la cuenta de clientes de Cereza (IBAN y BIC) en los ajustes.',
} as const;
