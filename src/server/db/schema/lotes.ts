import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, real, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import { users } from './users';

export interface ImagenLote {
  url: string;
  thumb?: string;
  alt?: string;
  width?: number;
  height?: number;
}
export interface Muestra {
  disponible: boolean;
  gramos?: number;
  precio?: number;
  imagen?: string | null;
}
export interface DesglosePrecio {
  precioFinca: number;
  costosExportacion: number;
  comisionPlataforma: number;
}

export const lotes = pgTable(
  'lotes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codigo: text('codigo').notNull(),
    nombre: text('nombre').notNull(),
    descripcion: text('descripcion').notNull().default(''),
    pais: text('pais').notNull(),
    region: text('region').notNull(),
    municipio: text('municipio'),
    finca: text('finca'),
    altitudMin: integer('altitud_min'),
    altitudMax: integer('altitud_max'),
    ubicacion: jsonb('ubicacion').$type<Record<string, unknown> | null>(),
    variedades: text('variedades')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    proceso: text('proceso').notNull(),
    secado: text('secado'),
    /** Month and year of the harvest, "YYYY-MM". */
    cosecha: text('cosecha'),
    puntaje: numeric('puntaje', { precision: 5, scale: 2, mode: 'number' }),
    notasCata: text('notas_cata')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    humedad: real('humedad'),
    actividadAgua: real('actividad_agua'),
    densidad: integer('densidad'),
    zaranda: text('zaranda'),
    sacosDisponibles: integer('sacos_disponibles').notNull().default(0),
    pesoSacoKg: real('peso_saco_kg').notNull(),
    loteMinimoSacos: integer('lote_minimo_sacos').notNull().default(1),
    precioKg: numeric('precio_kg', { precision: 10, scale: 2, mode: 'number' }).notNull(),
    moneda: text('moneda').notNull().default('USD'),
    incoterm: text('incoterm').notNull().default('FOB'),
    desglosePrecio: jsonb('desglose_precio').$type<DesglosePrecio | null>(),
    certificaciones: text('certificaciones')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    posicion: text('posicion').notNull().default('DISPONIBLE'),
    ventanaEmbarque: text('ventana_embarque'),
    galeriaLote: jsonb('galeria_lote').$type<ImagenLote[]>().notNull().default([]),
    muestra: jsonb('muestra').$type<Muestra>().notNull().default({ disponible: false }),
    ocultar: boolean('ocultar').notNull().default(false),
    status: text('status').notNull().default('POR_ENVIAR'),
    motivoRechazo: text('motivo_rechazo'),
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
  ],
);
