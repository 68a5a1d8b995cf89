import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { hash } from '@node-rs/argon2';
import { buildApp, type BuildAppOptions } from '../app';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/client';
import { compradorPerfiles, productorPerfiles, users } from '../db/schema';
import { ARGON2_OPTIONS } from '../auth/passwords';

export interface TestContext {
  app: FastifyInstance;
  database: Database;
  config: AppConfig;
  close(): Promise<void>;
}

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cereza-data-'));
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    jwtSecret: new TextEncoder().encode(randomBytes(32).toString('hex')),
    google: { clientId: undefined, jwksUrl: 'http://127.0.0.1:9/jwks', issuers: ['https://accounts.google.com'] },
    demoData: false,
    logLevel: 'silent',
    trustProxy: false,
    ...overrides,
  };
}

/** A fresh, migrated database for one test file: PGlite from the template, or a copy of the pg template. */
export async function openTestDatabase(): Promise<Database> {
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
    const database = await openDatabase({ databaseUrl: dbUrl.toString() });
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

export async function createTestApp(
  overrides: Partial<AppConfig> = {},
  opts: Pick<BuildAppOptions, 'ssr' | 'logger'> = {},
): Promise<TestContext> {
  const config = testConfig(overrides);
  const database = await openTestDatabase();
  const app = await buildApp({ config, database, ...opts });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(config.dataDir, { recursive: true, force: true });
    },
  };
}

export type TestUser = typeof users.$inferSelect & { password: string; token: string };

let hashed: Promise<string> | undefined;
export const TEST_PASSWORD = 'cafe-de-altura-2024';

/**
 * Inserts a user straight into the database (no HTTP), optionally with a base profile, and signs a token.
 * Role-specific profile fields can be overridden.
 */
export async function createUser(
  ctx: TestContext,
  tipoUser: 'PRODUCTOR' | 'COMPRADOR',
  opts: { perfil?: boolean; email?: string; nombre?: string } = {},
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
  if (opts.perfil) {
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
  const token = await ctx.app.tokens.sign(user.id, user.tokenVersion);
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
