import { z } from 'zod';
import { okMessageResponse, okResponse, CentavosSchema } from './common';
import { entero, numero, texto } from './campos';
import { MONEDAS, PaisSchema, PROCESOS } from './lotes';

/*
 * Purchase planners (issue 13, TRADE.md "Planificador"): a buyer's plan per year in lines, each line's figures
 * derived from the orders linked to it, and the latest date to contract given the origin's lead time.
 */

/** "YYYY-MM" (a month) or "YYYY-Qn" (a quarter). */
export const PeriodoSchema = z
  .string({ error: 'El periodo es obligatorio.' })
  .regex(
    /^(20\d{2})-((0[1-9]|1[0-2])|Q[1-4])$/,
    'El periodo debe ser un mes (AAAA-MM) o un trimestre (AAAA-T1…T4 como AAAA-Q1).',
  );

export const PlanInputSchema = z.object({
  anio: entero('El año', 2020, 2100),
  nombre: texto('El nombre', 1, 80),
});
export type PlanInput = z.input<typeof PlanInputSchema>;

export const LineaInputSchema = z.object({
  componente: texto('El componente', 1, 80),
  origen: PaisSchema,
  proceso: z.enum(PROCESOS, { error: 'Elige un proceso de la lista.' }).nullable().optional(),
  puntajeMin: numero('El puntaje mínimo', 0, 100).nullable().optional(),
  periodo: PeriodoSchema,
  kgObjetivo: numero('Los kg objetivo', 1, 10_000_000, 3),
  precioObjetivo: numero('El precio objetivo', 0, 100_000).nullable().optional(),
  presupuesto: numero('El presupuesto', 0, 1_000_000_000).nullable().optional(),
  moneda: z.enum(MONEDAS, { error: 'Elige una moneda de la lista.' }).default('USD'),
});
export type LineaInput = z.input<typeof LineaInputSchema>;
export type LineaParsed = z.output<typeof LineaInputSchema>;

export const PlazoSchema = z.object({
  pais: PaisSchema,
  semanasMuestras: entero('Las semanas de muestras', 0, 52),
  semanasPss: entero('Las semanas de pre-embarque', 0, 52),
  semanasTransito: entero('Las semanas de tránsito', 0, 52),
});
export type Plazo = z.infer<typeof PlazoSchema>;
export const PlazosInputSchema = z.object({
  plazos: z.array(PlazoSchema, { error: 'Los plazos deben ser una lista.' }).max(60, 'Como máximo 60 orígenes.'),
});

export const LinkPedidoSchema = z.object({ pedidoId: z.uuid({ error: 'Identificador no válido.' }) });

/**
 * Lead time defaults (TRADE.md): samples 6–10 weeks (8), pre-shipment sample 3, transit 4–8 weeks by origin's
 * distance from Europe (Latin America 5, East Africa 7, Asia and the Pacific 8, elsewhere 6).
 */
const TRANSITO: Record<string, number> = {
  CO: 5,
  BR: 5,
  PE: 5,
  EC: 5,
  BO: 5,
  MX: 5,
  GT: 5,
  HN: 5,
  SV: 5,
  NI: 5,
  CR: 5,
  PA: 5,
  ET: 7,
  KE: 7,
  RW: 7,
  BI: 7,
  TZ: 7,
  UG: 7,
  CD: 7,
  ID: 8,
  PG: 8,
  VN: 8,
  IN: 8,
  CN: 8,
  YE: 8,
  TL: 8,
  MM: 8,
  LA: 8,
  TH: 8,
};
export function plazoPorDefecto(pais: string): Plazo {
  return { pais, semanasMuestras: 8, semanasPss: 3, semanasTransito: TRANSITO[pais] ?? 6 };
}
export const semanasTotales = (p: Plazo) => p.semanasMuestras + p.semanasPss + p.semanasTransito;

/** The first day a period is needed (UTC): the month's first, or the quarter's. */
export function inicioPeriodo(periodo: string): Date {
  const [y, p] = periodo.split('-');
  const mes = p.startsWith('Q') ? (Number(p.slice(1)) - 1) * 3 : Number(p) - 1;
  return new Date(Date.UTC(Number(y), mes, 1));
}
/** The months (0–11) a period covers. */
export function mesesPeriodo(periodo: string): number[] {
  const p = periodo.split('-')[1];
  if (p.startsWith('Q')) {
    const q = Number(p.slice(1)) - 1;
    return [q * 3, q * 3 + 1, q * 3 + 2];
  }
  return [Number(p) - 1];
}
export const fechaLimite = (periodo: string, plazo: Plazo) =>
  new Date(inicioPeriodo(periodo).getTime() - semanasTotales(plazo) * 7 * 86_400_000);

/** An order as a line counts it. */
export interface PedidoDeLinea {
  estado: string;
  kg: number;
  /** kg × price, in minor units of `moneda`. */
  importeCentavos: number;
  /** The order's currency: a line's orders may be priced in several, and amounts of two are never added. */
  moneda: string;
}

/** An amount per currency: spend is never summed across currencies. */
export const ImporteMonedaSchema = z.object({ moneda: z.string(), centavos: CentavosSchema });
export type ImporteMoneda = z.infer<typeof ImporteMonedaSchema>;

/** Adds amounts currency by currency (sorted by currency code: the same list reads the same every time). */
export function porMoneda(importes: { moneda: string; centavos: number }[]): ImporteMoneda[] {
  const m = new Map<string, number>();
  for (const i of importes) m.set(i.moneda, (m.get(i.moneda) ?? 0) + i.centavos);
  return [...m].map(([moneda, centavos]) => ({ moneda, centavos })).sort((a, b) => a.moneda.localeCompare(b.moneda));
}
export const ESTADOS_SIN_CONTRATO = ['CANCELADO', 'EXPIRADO', 'PSS_RECHAZADA'];
export const ESTADOS_EN_TRANSITO = ['EMBARCADO'];
export const ESTADOS_RECIBIDOS = ['ENTREGADO', 'EN_RECLAMO', 'COMPLETADO'];

const kg3 = (v: number) => Math.round(v * 1000) / 1000;

/**
 * A line's figures from its orders: contracted (every live order), in transit, received, the gap, and the spend
 * per currency (an order in COP and one in USD are two amounts, never one).
 */
export function cifrasLinea(kgObjetivo: number, pedidos: PedidoDeLinea[]) {
  const vivos = pedidos.filter((p) => !ESTADOS_SIN_CONTRATO.includes(p.estado));
  const suma = (xs: PedidoDeLinea[]) => kg3(xs.reduce((s, p) => s + p.kg, 0));
  const contratadoKg = suma(vivos);
  return {
    contratadoKg,
    enTransitoKg: suma(vivos.filter((p) => ESTADOS_EN_TRANSITO.includes(p.estado))),
    recibidoKg: suma(vivos.filter((p) => ESTADOS_RECIBIDOS.includes(p.estado))),
    brechaKg: kg3(Math.max(0, kgObjetivo - contratadoKg)),
    gastos: porMoneda(vivos.map((p) => ({ moneda: p.moneda, centavos: p.importeCentavos }))),
  };
}

export const LineaSchema = z.object({
  id: z.string(),
  planId: z.string(),
  componente: z.string(),
  origen: z.string(),
  proceso: z.string().nullable(),
  puntajeMin: z.number().nullable(),
  periodo: z.string(),
  kgObjetivo: z.number(),
  precioObjetivoCentavos: CentavosSchema.nullable(),
  presupuestoCentavos: CentavosSchema.nullable(),
  moneda: z.string(),
  contratadoKg: z.number(),
  enTransitoKg: z.number(),
  recibidoKg: z.number(),
  brechaKg: z.number(),
  gastos: z.array(ImporteMonedaSchema),
  fechaLimite: z.string(),
  atrasada: z.boolean(),
  pedidos: z.array(z.object({ id: z.string(), numero: z.string(), estado: z.string(), kg: z.number() })),
});
export type Linea = z.infer<typeof LineaSchema>;
export const PlanSchema = z.object({
  id: z.string(),
  anio: z.number(),
  nombre: z.string(),
  lineas: z.array(LineaSchema),
  /** The plan's spend and budget per currency (lines budget in their own currency). */
  totales: z.array(
    z.object({ moneda: z.string(), gastoCentavos: CentavosSchema, presupuestoCentavos: CentavosSchema }),
  ),
});
export type Plan = z.infer<typeof PlanSchema>;

/** A plan's totals from its lines: spend and budget, each currency apart. */
export function totalesPlan(lineas: Pick<Linea, 'gastos' | 'moneda' | 'presupuestoCentavos'>[]): Plan['totales'] {
  const gasto = porMoneda(lineas.flatMap((l) => l.gastos));
  const presupuesto = porMoneda(
    lineas.flatMap((l) =>
      l.presupuestoCentavos == null ? [] : [{ moneda: l.moneda, centavos: l.presupuestoCentavos }],
    ),
  );
  const monedas = [...new Set([...gasto, ...presupuesto].map((x) => x.moneda))].sort();
  return monedas.map((moneda) => ({
    moneda,
    gastoCentavos: gasto.find((g) => g.moneda === moneda)?.centavos ?? 0,
    presupuestoCentavos: presupuesto.find((p) => p.moneda === moneda)?.centavos ?? 0,
  }));
}
export const PlazoRowSchema = PlazoSchema.extend({ porDefecto: z.boolean() });

export const PlanificadoresResponseSchema = okResponse(
  z.object({ planes: z.array(PlanSchema), plazos: z.array(PlazoRowSchema) }),
);
/** PUT /api/planificadores/plazos: the planners again, with the new terms, and the toast. */
export const PlazosResponseSchema = okMessageResponse(
  z.object({ planes: z.array(PlanSchema), plazos: z.array(PlazoRowSchema) }),
);
export const PlanResponseSchema = okMessageResponse(z.object({ plan: PlanSchema }));
export const LineaResponseSchema = okMessageResponse(z.object({ linea: LineaSchema }));
export const IdResponseSchema = okMessageResponse(z.object({ id: z.string() }));

export const PLAN_MESSAGES = {
  NOT_FOUND: 'No encontramos ese plan.',
  LINEA_NOT_FOUND: 'No encontramos esa línea.',
  PEDIDO_NOT_FOUND: 'No encontramos ese pedido entre los tuyos.',
  YA_VINCULADO: 'Ese pedido ya está vinculado a esta línea.',
  YA_EXISTE: 'Ya tienes un plan para ese año.',
  SOLO_COMPRADORES: 'Solo los compradores planifican compras.',
  CREATED: 'Plan creado.',
  DELETED: 'Plan eliminado.',
  LINEA_CREADA: 'Línea añadida.',
  LINEA_GUARDADA: 'Línea guardada.',
  LINEA_ELIMINADA: 'Línea eliminada.',
  PLAZOS: 'Plazos guardados.',
  VINCULADO: 'Pedido vinculado a la línea.',
  DESVINCULADO: 'Pedido desvinculado.',
} as const;
