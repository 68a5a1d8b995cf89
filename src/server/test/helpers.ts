import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hash } from '@node-rs/argon2';
import { buildApp, type BuildAppOptions } from '../app';
import { DEFAULT_TILE_URL, type AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { compradorPerfiles, productorPerfiles, users } from '../db/schema';
import { ARGON2_OPTIONS } from '../auth/passwords';
import type { Storage } from '../storage/index';
import { S3Storage } from '../storage/s3';
import { newBucketStorage } from './s3';

/** Tests sign with a key of their own (a test of the database-kept key passes `jwtSecret: undefined`). */
export type TestConfig = AppConfig & { jwtSecret: Uint8Array };

export interface TestContext {
  app: FastifyInstance;
  database: TestDatabase;
  config: TestConfig;
  close(): Promise<void>;
}

/** A test database; `url` is set on PostgreSQL (a second app can open its own pool on it). */
export type TestDatabase = Database & { url?: string };

/** Config overrides for tests; `mail` may be given in part (e.g. only `smtpUrl`). */
export type TestConfigOverrides = Partial<Omit<AppConfig, 'mail'>> & { mail?: Partial<AppConfig['mail']> };

export function testConfig(overrides: TestConfigOverrides = {}): TestConfig {
  const { mail, ...rest } = overrides;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-data-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    privateDir: path.join(dataDir, 'privado'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks', issuers: ['https://accounts.google.com'] },
    demoData: false,
    logLevel: 'silent',
    trustProxy: false,
    mail: { smtpUrl: undefined, from: 'Cereza <no-responder@cereza.test>', dir: path.join(dataDir, 'mail'), ...mail },
    publicUrl: 'http://cereza.test',
    // Files register many accounts from one address; the limit's own test sets it low.
    registrationLimit: 1000,
    webReleasesKept: 3,
    cuentaClientes: { iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX', titular: 'Cereza Marketplace, S.L.' },
    mapa: { teselas: DEFAULT_TILE_URL, atribucion: '&copy; OpenStreetMap' },
    ...rest,
  };
}

/** A fresh, migrated database for one test file: PGlite from the template, or a copy of the pg template. */
export async function openTestDatabase(): Promise<TestDatabase> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const template = inject('pgTemplateDb');
    const name = `${template}_f${randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    await admin.end();
    const dbUrl = new URL(url);
    dbUrl.pathname = `/${name}`;
    const database: TestDatabase = await openDatabase({ databaseUrl: dbUrl.toString() });
    database.url = dbUrl.toString();
    const close = database.close;
    database.close = async () => {
      await close();
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    };
    return database;
  }
  const dump = readFileSync(inject('pgliteTemplate'));
  return openDatabase({ loadDataDir: new Blob([dump]) });
}

export interface TestAppOptions extends Pick<
  BuildAppOptions,
  'ssr' | 'logger' | 'clock' | 'mailer' | 'storage' | 'onRoute'
> {
  /**
   * Another server process on the same database: on PostgreSQL a second pool (and listener) on it; on the
   * embedded database, which one process owns, the same handle. With TEST_STORAGE=s3 it shares the other's bucket
   * too (each keeps its own DATA_DIR otherwise, as two machines do).
   */
  sameDatabaseAs?: TestContext;
  /** Add test-only routes or tasks before the app is ready. */
  before?: (app: FastifyInstance) => Promise<void> | void;
}

export async function createTestApp(
  overrides: TestConfigOverrides = {},
  opts: TestAppOptions = {},
): Promise<TestContext> {
  const { sameDatabaseAs, before, ...buildOpts } = opts;
  const config = testConfig(overrides);
  let database: TestDatabase;
  let closeDatabase: () => Promise<void>;
  if (sameDatabaseAs?.database.url) {
    database = await openDatabase({ databaseUrl: sameDatabaseAs.database.url });
    database.url = sameDatabaseAs.database.url;
    closeDatabase = () => database.close();
  } else if (sameDatabaseAs) {
    database = sameDatabaseAs.database;
    closeDatabase = async () => {};
  } else {
    database = await openTestDatabase();
    closeDatabase = () => database.close();
  }
  const s3Endpoint = inject('s3Endpoint');
  let storage: Storage | undefined = buildOpts.storage;
  if (!storage && s3Endpoint) {
    const shared = sameDatabaseAs?.app.storage;
    if (shared instanceof S3Storage) storage = new S3Storage(shared.settings);
    else storage = await newBucketStorage(s3Endpoint);
  }
  const app = await buildApp({ config, database, ...buildOpts, storage });
  await before?.(app);
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      if (storage instanceof S3Storage && storage !== buildOpts.storage) storage.close();
      await closeDatabase();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestUser = typeof users.$inferSelect & { password: string; token: string };

let hashed: Promise<string> | undefined;
export const TEST_PASSWORD = 'cafe-de-altura-2024';

/**
 * Inserts a user straight into the database (no HTTP), optionally with a base profile, and signs a token.
 * Role-specific profile fields can be overridden. A lab or operator account's token is one that passed the second
 * factor unless `segundoFactor: false` (decision 045).
 */
export async function createUser(
  ctx: TestContext,
  tipoUser: 'PRODUCTOR' | 'COMPRADOR' | 'LABORATORIO' | 'OPERADOR',
  opts: { perfil?: boolean; email?: string; nombre?: string; segundoFactor?: boolean } = {},
): Promise<TestUser> {
  hashed ??= hash(TEST_PASSWORD, ARGON2_OPTIONS);
  const email = opts.email ?? `${tipoUser.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
  const [user] = await ctx.app.db
    .insert(users)
    .values({
      email,
      passwordHash: await hashed,
      nombre: opts.nombre ?? (tipoUser === 'PRODUCTOR' ? 'Lucía' : 'Martín'),
      apellido: tipoUser === 'PRODUCTOR' ? 'Gómez' : 'Ferrer',
      tipoUser,
      perfilBase: opts.perfil ?? false,
    })
    .returning();
  if (opts.perfil && (tipoUser === 'PRODUCTOR' || tipoUser === 'COMPRADOR')) {
    if (tipoUser === 'PRODUCTOR') {
      await ctx.app.db.insert(productorPerfiles).values({
        userId: user.id,
        tipoProductor: 'FINCA',
        nombre: `Finca ${opts.nombre ?? 'La Esperanza'}`,
        pais: 'CO',
        region: 'Huila',
      });
    } else {
      await ctx.app.db.insert(compradorPerfiles).values({
        userId: user.id,
        fechaOrigen: '2015-03-01',
        empresa: 'Tostadores del Sur',
        tipoComprador: 'TOSTADOR',
        pais: 'ES',
      });
    }
  }
  const token = await ctx.app.tokens.sign(user.id, user.tokenVersion, undefined, {
    mfa: opts.segundoFactor ?? true,
  });
  return { ...user, password: TEST_PASSWORD, token };
}

export const bearer = (u: { token: string }) => ({ authorization: `Bearer ${u.token}` });

/** Parses a JSON response body with a readable failure when it is not JSON. */
export function json<T = any>(res: LightMyRequestResponse): T {
  try {
    return JSON.parse(res.body) as T;
  } catch {
    throw new Error(`Not JSON (${res.statusCode}): ${res.body.slice(0, 200)}`);
  }
}

/** A logger destination that keeps what is logged: `logger: { level, stream }`, then read `lines` (parsed JSON). */
export function captureLog<T = Record<string, unknown>>(): { stream: Writable; lines: T[] } {
  const lines: T[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(JSON.parse(String(chunk)) as T);
      done();
    },
  });
  return { stream, lines };
}
