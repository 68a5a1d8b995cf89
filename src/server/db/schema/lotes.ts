import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';
import type { EnvioLaboratorio } from '../../../contract/laboratorio';
import type { DesglosePrecio, ImagenLote, LoteFields, LoteStatus, Muestra, Ubicacion } from '../../../contract/lotes';

/*
 * Columns are named like the contract's fields (src/contract/lotes.ts) and typed from it: the service stores a
 * parsed body as it is, and the serializer answers a row as it is. docs/decisions/015 shows how to add a field.
 */
type F = LoteFields;

export const lotes = pgTable(
  'lotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      // Accounts are pseudonymised, never deleted (docs/decisions/046): no cascade may take a lot's trade with it.
      .references(() => users.id),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    pais: text('pais').notNull(),
    region: text('region').notNull(),
    municipio: text('municipio'),
    finca: text('finca'),
    altitudMin: integer('altitud_min'),
    altitudMax: integer('altitud_max'),
    ubicacion: jsonb('ubicacion').$type<Ubicacion>(),
    variedades: text('variedades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    proceso: text('proceso').$type<F['proceso']>().notNull(),
    secado: text('secado'),
    /** Month and year of the harvest, "YYYY-MM". */
    cosecha: text('cosecha'),
    cosechaInicio: text('cosecha_inicio'),
    cosechaFin: text('cosecha_fin'),
    /** Derived: every plot valid and the period set (modules/lotes/eudr.ts keeps it). */
    eudrListo: boolean('eudr_listo').notNull().default(false),
    puntaje: numeric('puntaje', { precision: 5, scale: 2, mode: 'number' }),
    notasCata: text('notas_cata')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    humedad: real('humedad'),
    actividadAgua: real('actividad_agua'),
    densidad: integer('densidad'),
    zaranda: text('zaranda'),
    /** Bags not yet shipped (reserved ones included); what a buyer can still reserve is this − sacosReservados. */
    sacosDisponibles: integer('sacos_disponibles').notNull().default(0),
    /** Bags held by orders not yet shipped (modules/pedidos); shipment takes them off both columns. */
    sacosReservados: integer('sacos_reservados').notNull().default(0),
    pesoSacoKg: real('peso_saco_kg').$type<F['pesoSacoKg']>().notNull(),
    loteMinimoSacos: integer('lote_minimo_sacos').notNull().default(1),
    precioKg: numeric('precio_kg', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    moneda: text('moneda').$type<F['moneda']>().notNull().default('USD'),
    incoterm: text('incoterm').$type<F['incoterm']>().notNull().default('FOB'),
    desglosePrecio: jsonb('desglose_precio').$type<DesglosePrecio>(),
    certificaciones: text('certificaciones')
      .array()
      .$type<F['certificaciones']>()
      .notNull()
      .default(sql`'{}'::text[]`),
    posicion: text('posicion').$type<F['posicion']>().notNull().default('DISPONIBLE'),
    ventanaEmbarque: text('ventana_embarque'),
    galeriaLote: jsonb('galeria_lote').$type<ImagenLote[]>().notNull().default([]),
    muestra: jsonb('muestra').$type<Muestra>().notNull().default({ disponible: false }),
    ocultar: boolean('ocultar').notNull().default(false),
    /** Hidden by an operator (the reason, shown to the producer): `ocultar` is true and the producer cannot undo it. */
    motivoOcultoOperador: text('motivo_oculto_operador'),
    /**
     * "Eliminar" on a lot with trade history (an order, a sample, an answer to a request) archives it instead
     * (docs/decisions/046): hidden for good (`ocultar` stays true, so every rule that reads "published" as
     * `ocultar = false` leaves it out), readable only by its producer and the parties of its orders and samples.
     */
    archivadoAt: timestamp('archivado_at', { withTimezone: true, mode: 'date' }),
    status: text('status').$type<LoteStatus>().notNull().default('POR_ENVIAR'),
    motivoRechazo: text('motivo_rechazo'),
    /**
     * The reference sample the producer sent to Cereza's lab (carrier, tracking, photo of the bag, when): set by
     * the lot table's ENVIAR_LABORATORIO, cleared when the lot goes back to POR_ENVIAR (modules/laboratorio).
     */
    envioLaboratorio: jsonb('envio_laboratorio').$type<EnvioLaboratorio | null>(),
    /** Accent- and case-free text the catalogue searches (name, region, farm, varieties, notes, producer). */
    busqueda: text('busqueda').notNull().default(''),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('lotes_productor_codigo_uq').on(t.productorId, t.codigo),
    index('lotes_productor_idx').on(t.productorId, t.createdAt),
    index('lotes_publicos_recientes_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.ocultar} = false`),
    // The catalogue's default order (verified first, then newest) and "best score first, unscored last".
    index('lotes_publicos_relevancia_idx')
      .on(sql`(${t.status} = 'VERIFICADO')`, t.createdAt, t.id)
      .where(sql`${t.ocultar} = false`),
    index('lotes_publicos_puntaje_idx')
      .on(t.puntaje.desc().nullsLast(), t.id.desc())
      .where(sql`${t.ocultar} = false`),
    index('lotes_publicos_precio_idx')
      .on(t.precioKg, t.id)
      .where(sql`${t.ocultar} = false`),
    index('lotes_pais_idx').on(t.pais),
    // The lab's queue: lots whose sample was sent to it, by state and age.
    index('lotes_laboratorio_idx')
      .on(t.status, t.updatedAt)
      .where(sql`${t.envioLaboratorio} is not null`),
    // The last line of defence against overselling: no write can leave more bags reserved than exist.
    check('lotes_archivado_oculto_ck', sql`${t.archivadoAt} is null or ${t.ocultar}`),
    check(
      'lotes_sacos_reservados_ck',
      sql`${t.sacosReservados} >= 0 and ${t.sacosReservados} <= ${t.sacosDisponibles}`,
    ),
  ],
);
