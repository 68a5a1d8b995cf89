import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { electronicFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import type { S3Settings } from './storage/s3';

const booleanText = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** An address or a CIDR range (`10.0.0.0/8`, `fd00::/8`). */
const isAddressOrRange = (s: string) => {
  const [address, bits, ...rest] = s.split('/');
  if (rest.length || !isIP(address)) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (isIP(address) === 4 ? 32 : 128));
};

/**
 * Which X-Forwarded-For hops to believe (docs/decisions/041). `false`/`0`: none; a number: that many proxies in
 * front of the server (`true` is 1, the one reverse proxy of the README); a comma-separated list: the addresses or
 * ranges of the proxies. Never "every hop": a client would choose its own address by sending the header.
 */
export const TrustProxySchema = z
  .string()
  .trim()
  .transform((v, ctx): TrustProxy => {
    if (v === 'false' || v === '0') return false;
    if (v === 'true') return 1;
    if (/^\d+$/.test(v) && Number(v) <= 10) return Number(v);
    const list = v.split(',').map((s) => s.trim());
    if (list.every(isAddressOrRange)) return list;
    ctx.addIssue({
      code: 'custom',
      message:
        'debe ser false, un número de proxies delante del servidor (1 a 10; true es 1) o una lista de direcciones o rangos de los proxies separados por comas, p. ej. 127.0.0.1,10.0.0.0/8',
    });
    return z.NEVER;
  });
export type TrustProxy = false | number | string[];

/** What Fastify takes: a count of hops becomes proxy-addr's "trust the n nearest hops" (its types lack numbers). */
export function fastifyTrustProxy(trust: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

/**
 * Slow clients: a request (headers and body) must arrive within `requestTimeoutMs` or it is answered 408 and its
 * connection closed (issue 26: a body trickled one byte every 5 s held a connection for 100 s and more); one client
 * address holds at most `connectionsPerClient` connections at once.
 */
export const REQUEST_LIMITS = { requestTimeoutMs: 30_000, connectionsPerClient: 256 } as const;

export const DEFAULT_TILE_URL = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';

/**
 * The CSP source of a tile template: its scheme and host, `{s}` read as any subdomain (`https://*.tile.openstreetmap.org`);
 * null when the template is not an http(s) address with {z}, {x} and {y} and a plain host.
 */
export function tileHost(template: string): string | null {
  const m = /^(https?:\/\/)((?:\{s\}\.)?[a-z0-9.-]+(?::\d{1,5})?)\/[^\s"'<>]*$/i.exec(template);
  if (!m || !['{z}', '{x}', '{y}'].every((p) => template.includes(p))) return null;
  return `${m[1]}${m[2].replace('{s}', '*')}`;
}

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
  /** Bearer token that GET /metrics asks for; without it /metrics is not served (README, "Métricas"). */
  METRICS_TOKEN: z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: TrustProxySchema.default(false),
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
  /** Redis for the request limits of every replica (docs/decisions/061); without it they are counted in the database. */
  REDIS_URL: z.url({ protocol: /^rediss?$/, error: 'debe ser una URL redis:// o rediss://' }).optional(),
  /** Prefix of Cereza's keys in that Redis: one Redis for several installations. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w.:-]{1,64}$/, 'debe ser un prefijo de claves (letras, cifras, _ . : -), p. ej. cereza:')
    .default('cereza:'),
  /** Releases whose hashed assets the shared store keeps for a rollout (docs/decisions/062). */
  WEB_RELEASES_KEPT: z.coerce.number().int().min(1, 'debe ser 1 o más').default(3),
  /** New accounts per client address in a sliding 15 minutes (docs/decisions/020). */
  REGISTRATION_LIMIT: z.coerce.number().int().min(1).default(10),
  /** Time to receive a whole request, headers and body (docs/decisions/, request timeouts). */
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(REQUEST_LIMITS.requestTimeoutMs),
  /**
   * Open connections from one client address; 0: no limit. Unset: REQUEST_LIMITS' without a proxy, none behind
   * one (every connection then comes from the proxy, which limits its own clients).
   */
  MAX_CONNECTIONS_PER_CLIENT: z.coerce.number().int().min(0).optional(),
  /** Object storage: with S3_BUCKET set, files live in that bucket instead of DATA_DIR (src/server/storage/s3.ts). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'debe ser un nombre de bucket S3 (minúsculas, cifras, puntos y guiones)',
    )
    .optional(),
  S3_ENDPOINT: z.url({ protocol: /^https?$/, error: 'debe ser una URL http:// o https://' }).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: booleanText.optional(),
  S3_PREFIX: z
    .string()
    .regex(/^[a-z0-9][a-z0-9/_.-]*\/$/, 'debe ser un prefijo de claves acabado en /, p. ej. produccion/')
    .optional(),
  /**
   * Cereza's client-money account, where buyers transfer (issue 29; README "Cobros"): IBAN (its check digits are
   * verified), BIC and the holder's name printed on invoices and in the EPC QR code. The defaults are the demo's.
   */
  CEREZA_IBAN: z
    .string()
    .transform((v) => electronicFormatIBAN(v) ?? '')
    .refine((v) => isValidIBAN(v), 'no es un IBAN válido (revisa los dígitos de control)')
    .default('ES7921000813610123456789'),
  CEREZA_BIC: z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toUpperCase())
    .refine((v) => isValidBIC(v), 'no es un BIC válido (8 u 11 caracteres)')
    .default('CAIXESBBXXX'),
  CEREZA_TITULAR: z.string().trim().min(2).max(70).default('Cereza Marketplace, S.L. (cuenta de clientes)'),
  /**
   * The plots' map (issue 30): the tile address the visitor's browser loads, a Leaflet template with {z}, {x}, {y}
   * (and {s} for the server's letter), or a data: image every tile shows (tests, a server without internet). Its
   * host is added to the CSP's img-src.
   */
  MAP_TILE_URL: z
    .string()
    .trim()
    .refine(
      (v) => /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/=]+$/.test(v) || tileHost(v) !== null,
      'debe ser una plantilla https:// con {z}, {x} e {y} (p. ej. https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png) o una imagen data:',
    )
    .default(DEFAULT_TILE_URL),
  /** The tiles' attribution shown on the map (HTML: the tile provider's licence asks for a link). */
  MAP_TILE_ATTRIBUTION: z
    .string()
    .trim()
    .min(2)
    .max(300)
    .default('&copy; <a href="https://www.openstreetmap.org/copyright">colaboradores de OpenStreetMap</a>'),
});

export type Env = z.infer<typeof EnvSchema>;

export interface AppConfig {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  dataDir: string;
  uploadsDir: string;
  /** Private files (message attachments, trade documents): never served as files (src/server/storage). */
  privateDir: string;
  databaseUrl?: string;
  /** The token-signing key; absent on PostgreSQL without JWT_SECRET (the database keeps it: decisions/041). */
  jwtSecret?: Uint8Array;
  google: { clientId?: string; jwksUrl: string; issuers: string[] };
  demoData: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** GET /metrics is served only with this bearer token. */
  metricsToken?: string;
  /** X-Forwarded-For hops believed: none, a count of proxies, or the proxies' addresses (TrustProxySchema). */
  trustProxy: TrustProxy;
  /** Outgoing e-mail: SMTP when smtpUrl is set, otherwise each message is written as an .eml file in `dir`. */
  mail: { smtpUrl?: string; from: string; dir: string };
  /** The address people open Cereza at: links in e-mails are absolute (no trailing slash). */
  publicUrl: string;
  /** New accounts per client address in a sliding 15 minutes. */
  registrationLimit: number;
  /** Time to receive a whole request (REQUEST_LIMITS when absent). */
  requestTimeoutMs?: number;
  /** Connections at once per client address, 0 for no limit (REQUEST_LIMITS when absent). */
  connectionsPerClient?: number;
  /** Where the built SPA lives; absent in API-only tests. */
  webDir?: string;
  /** Releases whose hashed assets stay in the shared store (the running one included). */
  webReleasesKept: number;
  /** Redis for the request limits (REDIS_URL); absent: they are counted in the database. */
  redis?: { url: string; prefix: string };
  /** Files in an S3-compatible bucket instead of DATA_DIR's folders (src/server/storage/create.ts). */
  s3?: S3Settings;
  /** Cereza's client-money account (buyers' transfers land here; payouts leave from it). */
  cuentaClientes: { iban: string; bic: string; titular: string };
  /** The plots' map tiles: the template the browser loads and its attribution (GET /api/config). */
  mapa: { teselas: string; atribucion: string };
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

/**
 * JWT_SECRET when given; on PostgreSQL without it, undefined: the key lives in the database, shared by every process
 * (docs/decisions/041, src/server/auth/shared-secret.ts); on the embedded database, one generated once and kept in
 * DATA_DIR.
 */
function loadSecret(env: Env, dataDir: string): Uint8Array | undefined {
  if (env.JWT_SECRET) {
    if (Buffer.byteLength(env.JWT_SECRET) < 32) {
      throw new ConfigError('Configuración no válida:\n  JWT_SECRET: debe tener al menos 32 bytes');
    }
    return new TextEncoder().encode(env.JWT_SECRET);
  }
  if (env.DATABASE_URL) return undefined;
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

function s3Settings(env: Env): S3Settings | undefined {
  const others = ['S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_PREFIX'] as const;
  if (!env.S3_BUCKET) {
    const set = others.filter((name) => env[name] !== undefined);
    if (set.length)
      throw new ConfigError(`Configuración no válida:\n  S3_BUCKET: falta el bucket (${set.join(', ')} sin S3_BUCKET)`);
    return undefined;
  }
  if (!env.S3_ACCESS_KEY_ID !== !env.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError(
      'Configuración no válida:\n  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID y S3_SECRET_ACCESS_KEY van juntas (o ninguna: la cadena de credenciales de AWS)',
    );
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    // A service of one's own (an endpoint) almost always wants path-style addresses; AWS itself, virtual hosts.
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? env.S3_ENDPOINT !== undefined,
    prefix: env.S3_PREFIX ?? '',
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const env = parseEnv(source);
  const dataDir = path.resolve(env.DATA_DIR);
  // DATA_DIR holds the database, mail with reset links and the signing secret: the server's user's alone.
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const uploadsDir = path.join(dataDir, 'uploads');
  mkdirSync(uploadsDir, { recursive: true, mode: 0o700 });
  const privateDir = path.join(dataDir, 'privado');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    uploadsDir,
    privateDir,
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
    metricsToken: env.METRICS_TOKEN,
    trustProxy: env.TRUST_PROXY,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, dir: path.join(dataDir, 'mail') },
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    webDir: env.WEB_DIR ? path.resolve(env.WEB_DIR) : undefined,
    webReleasesKept: env.WEB_RELEASES_KEPT,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, prefix: env.REDIS_PREFIX } : undefined,
    s3: s3Settings(env),
    cuentaClientes: { iban: env.CEREZA_IBAN, bic: env.CEREZA_BIC, titular: env.CEREZA_TITULAR },
    mapa: { teselas: env.MAP_TILE_URL, atribucion: env.MAP_TILE_ATTRIBUTION },
    registrationLimit: env.REGISTRATION_LIMIT,
    requestTimeoutMs: env.REQUEST_TIMEOUT_MS,
    connectionsPerClient:
      env.MAX_CONNECTIONS_PER_CLIENT ?? (env.TRUST_PROXY === false ? REQUEST_LIMITS.connectionsPerClient : 0),
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
