import { createHash } from 'node:crypto';
import { and, eq, gt, lt, not, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginIntentos } from '../../db/schema';

/**
 * Failed sign-in limits (docs/decisions/002-login-rate-limit.md). Three counters per fixed window:
 * - the (e-mail, address) pair: strict, it is what a single guesser hits first;
 * - the client address: looser, it stops one machine spraying many accounts;
 * - the e-mail: stops a distributed attack on one account, but a client address that has signed in to that
 *   account successfully before is exempt, so an attacker cannot lock the real user out.
 * Keys are hashed: the table never holds e-mail addresses or IPs in clear.
 */
export const LIMITS = {
  windowSeconds: 15 * 60,
  pair: 5,
  ip: 50,
  email: 10,
  /** How long a successful sign-in keeps an address trusted for that e-mail. */
  trustedSeconds: 30 * 24 * 60 * 60,
} as const;

const hashKey = (kind: string, value: string) => `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
const keys = (email: string, ip: string) => ({
  pair: hashKey('pair', `${email}|${ip}`),
  ip: hashKey('ip', ip),
  email: hashKey('email', email),
  trusted: hashKey('ok', `${email}|${ip}`),
});

function windowStart(now: number): Date {
  const size = LIMITS.windowSeconds * 1000;
  return new Date(Math.floor(now / size) * size);
}

async function failures(db: Db, clave: string, ventana: Date): Promise<number> {
  const [row] = await db
    .select({ fallos: loginIntentos.fallos })
    .from(loginIntentos)
    .where(and(eq(loginIntentos.clave, clave), eq(loginIntentos.ventana, ventana)))
    .limit(1);
  return row?.fallos ?? 0;
}

async function isTrusted(db: Db, clave: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ clave: loginIntentos.clave })
    .from(loginIntentos)
    .where(and(eq(loginIntentos.clave, clave), gt(loginIntentos.ventana, new Date(now - LIMITS.trustedSeconds * 1000))))
    .limit(1);
  return !!row;
}

/** Seconds to wait before trying again, or 0 when this attempt may go ahead. */
export async function loginRetryAfter(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const k = keys(email, ip);
  const ventana = windowStart(now);
  const wait = Math.max(1, Math.ceil((ventana.getTime() + LIMITS.windowSeconds * 1000 - now) / 1000));
  if ((await failures(db, k.pair, ventana)) >= LIMITS.pair) return wait;
  if ((await failures(db, k.ip, ventana)) >= LIMITS.ip) return wait;
  if ((await failures(db, k.email, ventana)) >= LIMITS.email && !(await isTrusted(db, k.trusted, now))) return wait;
  return 0;
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  const k = keys(email, ip);
  const ventana = windowStart(now);
  for (const clave of [k.pair, k.ip, k.email]) {
    await db
      .insert(loginIntentos)
      .values({ clave, ventana, fallos: 1 })
      .onConflictDoUpdate({
        target: [loginIntentos.clave, loginIntentos.ventana],
        set: { fallos: sql`${loginIntentos.fallos} + 1` },
      });
  }
  // Old windows are useless: sweep now and then instead of running a job.
  if (Math.random() < 0.05) await sweep(db, now);
}

/** A success clears the pair's failures and marks the address as trusted for this e-mail. */
export async function recordLoginSuccess(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  const k = keys(email, ip);
  await db.delete(loginIntentos).where(eq(loginIntentos.clave, k.pair));
  await db.delete(loginIntentos).where(eq(loginIntentos.clave, k.trusted));
  await db.insert(loginIntentos).values({ clave: k.trusted, ventana: new Date(now), fallos: 0 }).onConflictDoNothing();
}

async function sweep(db: Db, now: number) {
  await db
    .delete(loginIntentos)
    .where(and(lt(loginIntentos.ventana, new Date(now - 24 * 60 * 60 * 1000)), not(like(loginIntentos.clave, 'ok:%'))));
  await db
    .delete(loginIntentos)
    .where(and(lt(loginIntentos.ventana, new Date(now - LIMITS.trustedSeconds * 1000)), like(loginIntentos.clave, 'ok:%')));
}
