import { relations, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const tipoUserEnum = pgEnum('tipo_user', ['PRODUCTOR', 'COMPRADOR']);

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    passwordHash: text('password_hash'),
    googleSub: text('google_sub'),
    nombre: text('nombre').notNull().default(''),
    apellido: text('apellido').notNull().default(''),
    name: text('name').notNull().default(''),
    image: text('image'),
    tipoUser: tipoUserEnum('tipo_user').notNull(),
    verificado: boolean('verificado').notNull().default(false),
    perfilBase: boolean('perfil_base').notNull().default(false),
    perfilCompleto: boolean('perfil_completo').notNull().default(false),
    /** Bumped by logout, password change and deletion: every older token stops working. */
    tokenVersion: integer('token_version').notNull().default(0),
    notificaciones: jsonb('notificaciones').$type<Record<string, boolean>>().notNull().default({}),
    informacionComercial: jsonb('informacion_comercial').$type<Record<string, unknown> | null>(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_uq').on(t.email),
    uniqueIndex('users_google_sub_uq').on(t.googleSub),
  ],
);

export const productorPerfiles = pgTable(
  'productor_perfiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipoProductor: text('tipo_productor').notNull(),
    nombre: text('nombre').notNull(),
    pais: text('pais').notNull(),
    region: text('region').notNull(),
    municipio: text('municipio'),
    altitud: integer('altitud'),
    hectareas: real('hectareas'),
    anioFundacion: integer('anio_fundacion'),
    descripcion: text('descripcion'),
    sitioWeb: text('sitio_web'),
    telefono: text('telefono'),
    avatar: text('avatar'),
    portada: text('portada'),
    imagenes: jsonb('imagenes').$type<string[]>().notNull().default([]),
    certificaciones: text('certificaciones').array().notNull().default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [index('productor_perfiles_pais_idx').on(t.pais)],
);

export const compradorPerfiles = pgTable('comprador_perfiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fechaOrigen: text('fecha_origen').notNull(),
  empresa: text('empresa').notNull(),
  tipoComprador: text('tipo_comprador').notNull(),
  pais: text('pais').notNull(),
  ciudad: text('ciudad'),
  volumenAnualKg: integer('volumen_anual_kg'),
  sitioWeb: text('sitio_web'),
  descripcion: text('descripcion'),
  avatar: text('avatar'),
  ...timestamps,
});

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
    variedades: text('variedades').array().notNull().default(sql`'{}'::text[]`),
    proceso: text('proceso').notNull(),
    secado: text('secado'),
    /** Month and year of the harvest, "YYYY-MM". */
    cosecha: text('cosecha'),
    puntaje: numeric('puntaje', { precision: 5, scale: 2, mode: 'number' }),
    notasCata: text('notas_cata').array().notNull().default(sql`'{}'::text[]`),
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
    certificaciones: text('certificaciones').array().notNull().default(sql`'{}'::text[]`),
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
    index('lotes_publicos_recientes_idx').on(t.createdAt, t.id).where(sql`${t.ocultar} = false`),
    // The catalogue's default order (verified first, then newest) and "best score first, unscored last".
    index('lotes_publicos_relevancia_idx').on(sql`(${t.status} = 'VERIFICADO')`, t.createdAt, t.id).where(sql`${t.ocultar} = false`),
    index('lotes_publicos_puntaje_idx').on(t.puntaje.desc().nullsLast(), t.id.desc()).where(sql`${t.ocultar} = false`),
    index('lotes_publicos_precio_idx').on(t.precioKg, t.id).where(sql`${t.ocultar} = false`),
    index('lotes_pais_idx').on(t.pais),
  ],
);

export const favoritos = pgTable(
  'favoritos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    loteId: uuid('lote_id')
      .notNull()
      .references(() => lotes.id, { onDelete: 'cascade' }),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('favoritos_user_lote_uq').on(t.userId, t.loteId), index('favoritos_lote_idx').on(t.loteId)],
);

export const noticias = pgTable(
  'noticias',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productorId: uuid('productor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    cuerpo: text('cuerpo').notNull(),
    imagen: text('imagen'),
    publicada: boolean('publicada').notNull().default(false),
    fecha: timestamp('fecha', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    ...timestamps,
  },
  (t) => [index('noticias_productor_idx').on(t.productorId, t.fecha)],
);

/** Every stored upload, so that deleting an account can remove its files. */
export const imagenes = pgTable(
  'imagenes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    key: text('key').notNull(),
    urls: jsonb('urls').$type<Record<string, string>>().notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    createdAt: timestamps.createdAt,
  },
  (t) => [uniqueIndex('imagenes_key_uq').on(t.key), index('imagenes_owner_idx').on(t.ownerId)],
);

/** Failed sign-in attempts, per key (e-mail or client address), for rate limiting that survives restarts. */
export const loginIntentos = pgTable(
  'login_intentos',
  {
    clave: text('clave').notNull(),
    ventana: timestamp('ventana', { withTimezone: true, mode: 'date' }).notNull(),
    fallos: integer('fallos').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.clave, t.ventana] })],
);

export const usersRelations = relations(users, ({ one, many }) => ({
  productorPerfil: one(productorPerfiles, { fields: [users.id], references: [productorPerfiles.userId] }),
  compradorPerfil: one(compradorPerfiles, { fields: [users.id], references: [compradorPerfiles.userId] }),
  lotes: many(lotes),
  favoritos: many(favoritos),
  noticias: many(noticias),
}));

export const lotesRelations = relations(lotes, ({ one, many }) => ({
  productor: one(users, { fields: [lotes.productorId], references: [users.id] }),
  perfilProductor: one(productorPerfiles, { fields: [lotes.productorId], references: [productorPerfiles.userId] }),
  favoritos: many(favoritos),
}));

export const favoritosRelations = relations(favoritos, ({ one }) => ({
  user: one(users, { fields: [favoritos.userId], references: [users.id] }),
  lote: one(lotes, { fields: [favoritos.loteId], references: [lotes.id] }),
}));

export const noticiasRelations = relations(noticias, ({ one }) => ({
  productor: one(users, { fields: [noticias.productorId], references: [users.id] }),
}));

// Tables of later areas, one file each (src/server/db/schema/).
export * from './schema/notificaciones';
export * from './schema/tareas';
export * from './schema/idempotencia';
export * from './schema/tokens-cuenta';
