import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'debe empezar por postgres:// o postgresql://')
    .optional(),
  JWT_SECRET: z.string().min(32, 'debe tener al menos 32 bytes').optional(),
  GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUERS: z.string().default('https://accounts.google.com,accounts.google.com'),
  DEMO_DATA: booleanText.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: booleanText.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^/]+/, 'debe ser una URL smtp:// o smtps://, p. ej. smtp://usuario:clave@servidor:587')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Cereza <no-responder@localhost>'),
  PUBLIC_URL: z
    .url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://, p. ej. https://cereza.example' })
    .optional(),
  /** The built web app's folder; by default the one beside the built server (see main.ts). */
  WEB_DIR: z.string().min(1).optional(),
  /** New accounts per client address in a sliding 15 minutes (docs/decisions/020). */
  REGISTRATION_LIMIT: z.coerce.number().int().min(1).default(10),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  databaseUrl?: string;
  jwtSecret: Uint8Array;
  google: { clientId?: string; jwksUrl: string; issuers: string[] };
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  trustProxy: boolean;
  /** Outgoing e-mail: SMTP when smtpUrl is set, otherwise each message is written as an .eml file in `dir`. */
  mail: { smtpUrl?: string; from: string; dir: string };
  /** The address people open Cereza at: links in e-mails are absolute (no trailing slash). */
  publicUrl: string;
  /** New accounts per client address in a sliding 15 minutes. */
  registrationLimit: number;
  /** Where the built SPA lives; absent in API-only tests. */
  webDir?: string;
}

export class ConfigError extends Error {}

/*
 * The one module that reads the process environment (and, for the libraries that read it themselves, writes it:
 * exposeNodeEnv). Everything else receives an AppConfig.
 */

/** Parses the environment once; a bad value names the variable and stops the process. */
export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const result = EnvSchema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Configuración no válida:\n${lines.join('\n')}`);
  }
  return result.data;
}

/** JWT_SECRET when given; otherwise one generated once and kept in DATA_DIR. */
function loadSecret(env: Env, dataDir: string): Uint8Array {
  if (env.JWT_SECRET) {
    if (Buffer.byteLength(env.JWT_SECRET) < 32) {
      throw new ConfigError('Configuración no válida:\n  JWT_SECRET: debe tener al menos 32 bytes');
    }
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' });
  }
  const secret = readFileSync(file, 'utf8').trim();
  if (Buffer.byteLength(secret) < 32) {
    throw new ConfigError(`Configuración no válida:\n  JWT_SECRET: el secreto guardado en ${file} es demasiado corto`);
  }
  return new TextEncoder().encode(secret);
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const uploadsDir = path.join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true });
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir,
    databaseUrl: env.DATABASE_URL,
    jwtSecret: loadSecret(env, dataDir),
    google: {
      clientId: env.GOOGLE_CLIENT_ID,
      jwksUrl: env.GOOGLE_JWKS_URL,
      issuers: env.GOOGLE_ISSUERS.split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    },
    demoData: env.DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : undefined,
    registrationLimit: env.REGISTRATION_LIMIT,
  };
}

/**
 * React (in the server-rendering bundle) picks its build from NODE_ENV when it is first loaded: the process runs
 * with the mode the config settled on, so unset means production here as in the config (the development build
 * renders several times slower and is meant for debugging). Called by main.ts before the bundle is loaded.
 */
export function exposeNodeEnv(config: Pick<AppConfig, 'env'>, target: NodeJS.ProcessEnv = process.env): void {
  target.NODE_ENV = config.env;
}
