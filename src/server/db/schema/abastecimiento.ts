import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { centavos, timestamps } from './columns';
import { lotes } from './lotes';
import { users } from './users';
import type { GeometriaParcela } from '../../../contract/fincas';
import type { EvidenciaTipo } from '../../../contract/parcelas-codes';
import type { EstadoRespuesta, EstadoSolicitud } from '../../../contract/solicitudes';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const textArray = (name: string) =>
  text(name)
    .array()
    .notNull()
    .default(sql`'{}'::text[]`);

/**
 * A member farm of a producer organisation (issue 13, TRADE.md "Productores asociados"); a single farm
 * (tipoProductor FINCA) has one, itself (`propia`), created from its profile.
 */
export const fincas = pgTable(
  'fincas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    nombre: text('nombre').notNull(),
    productorNombre: text('productor_nombre'),
    region: text('region').notNull(),
    municipio: text('municipio'),
    altitud: integer('altitud'),
    hectareas: real('hectareas'),
    variedades: textArray('variedades'),
    certificaciones: textArray('certificaciones'),
    ubicacion: jsonb('ubicacion').$type<GeometriaParcela>(),
    foto: text('foto'),
    propia: boolean('propia').notNull().default(false),
    /** The plot's country (ISO alpha-2, issue 30); null on farms saved before plots had one. */
    pais: text('pais'),
    /** When the EUDR rules last judged the plot (null: saved before they existed), and their outcome. */
    eudrComprobadaAt: at('eudr_comprobada_at'),
    eudrValida: boolean('eudr_valida').notNull().default(false),
    /** Warnings the producer confirmed when saving (decision 058). */
    eudrAvisos: textArray('eudr_avisos'),
    areaCalculadaHa: real('area_calculada_ha'),
    ...timestamps,
  },
  (t) => [
    index('fincas_productor_idx').on(t.productorId, t.nombre),
    uniqueIndex('fincas_propia_uq')
      .on(t.productorId)
      .where(sql`${t.propia}`),
  ],
);

/**
 * A plot's evidence (issue 30): a private PDF the producer uploaded (land title, permit, certificate, a third party's
 * deforestation analysis). Permanent: buyers' due-diligence packs list it.
 */
export const fincaEvidencias = pgTable(
  'finca_evidencias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    fincaId: uuid('finca_id')
      .notNull()
      .references(() => fincas.id),
    tipo: text('tipo').$type<EvidenciaTipo>().notNull(),
    descripcion: text('descripcion').notNull(),
    /** Storage key under privado/ (never a public address). */
    key: text('key').notNull(),
    nombreArchivo: text('nombre_archivo').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [index('finca_evidencias_finca_idx').on(t.fincaId, t.createdAt)],
);

/** Which member farms a lot comes from (traceability). */
export const loteFincas = pgTable(
  'lote_fincas',
  {
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    fincaId: uuid('finca_id')
      .notNull()
      .references(() => fincas.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.loteId, t.fincaId] }), index('lote_fincas_finca_idx').on(t.fincaId)],
);

/** A buyer's sourcing request (Solicitud), moved by the table in modules/solicitudes. */
export const solicitudes = pgTable(
  'solicitudes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id),
    titulo: text('titulo').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    origenes: textArray('origenes'),
    procesos: textArray('procesos'),
    variedades: textArray('variedades'),
    puntajeMin: numeric('puntaje_min', { precision: 5, scale: 2, mode: 'number' }),
    puntajeMax: numeric('puntaje_max', { precision: 5, scale: 2, mode: 'number' }),
    notasCata: textArray('notas_cata'),
    certificaciones: textArray('certificaciones'),
    sacos: integer('sacos').notNull(),
    pesoSacoKg: real('peso_saco_kg').notNull(),
    /** Price range per kg, in minor units (cents) of `moneda`. */
    precioMinCentavos: centavos('precio_min_centavos'),
    precioMaxCentavos: centavos('precio_max_centavos'),
    moneda: text('moneda').notNull().default('USD'),
    incoterm: text('incoterm').notNull().default('FOB'),
    lugarEntrega: text('lugar_entrega'),
    /** Delivery window, "YYYY-MM" each. */
    entregaDesde: text('entrega_desde'),
    entregaHasta: text('entrega_hasta'),
    preparacion: text('preparacion'),
    cierraAt: at('cierra_at').notNull(),
    estado: text('estado').$type<EstadoSolicitud>().notNull(),
    adjudicada: boolean('adjudicada').notNull().default(false),
    planLineaId: uuid('plan_linea_id'),
    publicadaAt: at('publicada_at'),
    ...timestamps,
  },
  (t) => [
    index('solicitudes_comprador_idx').on(t.compradorId, t.createdAt),
    index('solicitudes_abiertas_idx').on(t.estado, t.cierraAt),
  ],
);

/** A producer's answer to a request: one of his lots or a proposal. */
export const respuestas = pgTable(
  'respuestas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    solicitudId: uuid('solicitud_id')
      .notNull()
      // No cascade (docs/decisions/046): an answer is the other party's record too.
      .references(() => solicitudes.id),
    /** The request's buyer, copied so the answer's table knows both parties. */
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id),
    /** An answered lot is trade history: it is archived, never deleted (docs/decisions/046). */
    loteId: uuid('lote_id').references(() => lotes.id),
    precioKgCentavos: centavos('precio_kg_centavos').notNull(),
    moneda: text('moneda').notNull().default('USD'),
    sacos: integer('sacos').notNull(),
    pesoSacoKg: real('peso_saco_kg').notNull(),
    ventanaEmbarque: text('ventana_embarque').notNull(),
    gramosMuestra: integer('gramos_muestra'),
    puntaje: numeric('puntaje', { precision: 5, scale: 2, mode: 'number' }),
    pais: text('pais'),
    proceso: text('proceso'),
    mensaje: text('mensaje').notNull().default(''),
    estado: text('estado').$type<EstadoRespuesta>().notNull(),
    muestraId: uuid('muestra_id'),
    pedidoId: uuid('pedido_id'),
    ...timestamps,
  },
  (t) => [
    index('respuestas_solicitud_idx').on(t.solicitudId, t.createdAt),
    index('respuestas_productor_idx').on(t.productorId, t.createdAt),
    // One live answer per producer and request: he edits it rather than answering twice.
    uniqueIndex('respuestas_viva_uq')
      .on(t.solicitudId, t.productorId)
      .where(sql`${t.estado} <> 'RETIRADA'`),
  ],
);

/** When each producer was last sent the daily digest of matching requests. */
export const resumenesSolicitudes = pgTable('resumenes_solicitudes', {
  productorId: uuid('productor_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  enviadoAt: at('enviado_at').notNull(),
});

/** A buyer's purchase plan for one year. */
export const planes = pgTable(
  'planes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    anio: integer('anio').notNull(),
    nombre: text('nombre').notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex('planes_comprador_anio_uq').on(t.compradorId, t.anio)],
);

export const planLineas = pgTable(
  'plan_lineas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    planId: uuid('plan_id')
      .notNull()
      .references(() => planes.id, { onDelete: 'cascade' }),
    componente: text('componente').notNull(),
    origen: text('origen').notNull(),
    proceso: text('proceso'),
    puntajeMin: numeric('puntaje_min', { precision: 5, scale: 2, mode: 'number' }),
    /** When it is needed: "YYYY-MM" or "YYYY-Qn". */
    periodo: text('periodo').notNull(),
    kgObjetivo: numeric('kg_objetivo', { precision: 12, scale: 3, mode: 'number' }).notNull(),
    precioObjetivoCentavos: centavos('precio_objetivo_centavos'),
    presupuestoCentavos: centavos('presupuesto_centavos'),
    moneda: text('moneda').notNull().default('USD'),
    /** When the buyer was told the contracting date passed (once per line). */
    avisoAt: at('aviso_at'),
    ...timestamps,
  },
  (t) => [index('plan_lineas_plan_idx').on(t.planId)],
);

/** A buyer's lead time per origin, in weeks (defaults in contract/planificadores when he has none). */
export const plazosOrigen = pgTable(
  'plazos_origen',
  {
    compradorId: uuid('comprador_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pais: text('pais').notNull(),
    semanasMuestras: integer('semanas_muestras').notNull(),
    semanasPss: integer('semanas_pss').notNull(),
    semanasTransito: integer('semanas_transito').notNull(),
  },
  (t) => [primaryKey({ columns: [t.compradorId, t.pais] })],
);
