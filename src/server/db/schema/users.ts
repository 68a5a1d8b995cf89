import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { timestamps } from './columns';
import type { InformacionComercial } from '../../../contract/auth';
import type { CompradorPerfilData, ProductorPerfilData } from '../../../contract/perfiles';

/** Profile columns are named like the contract's fields and typed from them (src/contract/perfiles.ts). */
type PP = ProductorPerfilData;
type PC = CompradorPerfilData;

/**
 * Accounts: producers and buyers register; LABORATORIO accounts (decision 022) and OPERADOR accounts (decision 045)
 * are made from the server's command line, never by registration.
 */
export const tipoUserEnum = pgEnum('tipo_user', ['PRODUCTOR', 'COMPRADOR', 'LABORATORIO', 'OPERADOR']);

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
    informacionComercial: jsonb('informacion_comercial').$type<InformacionComercial | null>(),
    /** The TOTP secret (base32) of an account that signs in with a second factor, once enrolled (decision 045). */
    totpSecreto: text('totp_secreto'),
    /** When the second factor was enrolled; null: the next sign-in enrols it. */
    totpAltaAt: timestamp('totp_alta_at', { withTimezone: true, mode: 'date' }),
    /** The last 30-second step whose code was accepted: a code is never accepted twice. */
    totpUltimoPaso: integer('totp_ultimo_paso'),
    /** Suspended by an operator (decision 045): sign-in refused, sessions revoked, lots out of the catalogue. */
    suspendidaAt: timestamp('suspendida_at', { withTimezone: true, mode: 'date' }),
    motivoSuspension: text('motivo_suspension'),
    /** When an operator approved the producer's organisation evidence (KYB): the "Productor verificado" badge. */
    productorVerificadoAt: timestamp('productor_verificado_at', { withTimezone: true, mode: 'date' }),
    /**
     * When the person deleted the account (docs/decisions/046): the row stays, pseudonymised, because the trade
     * records of the other parties point at it; it can never sign in again.
     */
    eliminadaAt: timestamp('eliminada_at', { withTimezone: true, mode: 'date' }),
    ...timestamps,
  },
  (t) => [uniqueIndex('users_email_uq').on(t.email), uniqueIndex('users_google_sub_uq').on(t.googleSub)],
);

export const productorPerfiles = pgTable(
  'productor_perfiles',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tipoProductor: text('tipo_productor').$type<PP['tipoProductor']>().notNull(),
    nombre: text('nombre').notNull(),
    /**
     * The public name as compared for uniqueness (nombreClave: no case, accents or repeated spaces), written with the
     * name by the profile service; the unique index makes two producers with one name impossible, also under a race.
     * Rows inserted without it (test fixtures, the bench) are outside the rule.
     */
    nombreClave: text('nombre_clave'),
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
    imagenes: jsonb('imagenes').$type<NonNullable<PP['imagenes']>>().notNull().default([]),
    certificaciones: text('certificaciones')
      .array()
      .$type<NonNullable<PP['certificaciones']>>()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...timestamps,
  },
  (t) => [
    index('productor_perfiles_pais_idx').on(t.pais),
    uniqueIndex('productor_perfiles_nombre_clave_uq').on(t.nombreClave),
  ],
);

export const compradorPerfiles = pgTable('comprador_perfiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  fechaOrigen: text('fecha_origen').notNull(),
  empresa: text('empresa').notNull(),
  tipoComprador: text('tipo_comprador').$type<PC['tipoComprador']>().notNull(),
  pais: text('pais').notNull(),
  ciudad: text('ciudad'),
  volumenAnualKg: integer('volumen_anual_kg'),
  sitioWeb: text('sitio_web'),
  descripcion: text('descripcion'),
  avatar: text('avatar'),
  ...timestamps,
});
