import { createHash } from 'node:crypto';
import { and, eq, gt, gte, lt, not, like, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { loginAttempts } from '../../db/schema';

/**
 * Failed sign-in limits (docs/decisions/005-limite-de-intentos-de-acceso.md). Three counters, each kept per
 * 15-minute window and read as a sliding window (this window plus the previous one, weighted by how much of it
 * still lies within the last 15 minutes), so the count does not drop to zero at a window boundary:
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

/** Failures of one key in this window and the previous one. */
async function failures(db: Db, clave: string, ventana: Date): Promise<{ prev: number; cur: number }> {
  const size = LIMITS.windowSeconds * 1000;
  const rows = await db
    .select({ ventana: loginAttempts.ventana, fallos: loginAttempts.fallos })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clave, clave), gte(loginAttempts.ventana, new Date(ventana.getTime() - size))))
    .limit(2);
  let prev = 0;
  let cur = 0;
  for (const r of rows) {
    if (r.ventana.getTime() === ventana.getTime()) cur = r.fallos;
    else if (r.ventana.getTime() === ventana.getTime() - size) prev = r.fallos;
  }
  return { prev, cur };
}

/**
 * Seconds until the sliding count `ceil(prev × (1 − f)) + cur` falls below `limit`, where f is the elapsed
 * fraction of the current window; 0 when it already is. Rounding up keeps every failure of the previous window
 * counted until its weight has decayed by a whole failure, so no burst escapes the limit by straddling a boundary.
 */
export function secondsBlocked(c: { prev: number; cur: number }, limit: number, now: number): number {
  const size = LIMITS.windowSeconds * 1000;
  const start = Math.floor(now / size) * size;
  const f = (now - start) / size;
  // The epsilon keeps float noise (5 × 0.8 = 4.000…1) from counting a failure that has decayed.
  if (Math.ceil(c.prev * (1 - f) - 1e-9) + c.cur < limit) return 0;
  let until: number;
  if (c.cur >= limit) {
    // This window's failures become next window's "previous" and must decay to limit − 1.
    until = start + size + (1 - (limit - 1) / c.cur) * size;
  } else {
    until = start + (1 - (limit - 1 - c.cur) / c.prev) * size;
  }
  return Math.max(1, Math.ceil((until - now) / 1000));
}

async function isTrusted(db: Db, clave: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ clave: loginAttempts.clave })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clave, clave), gt(loginAttempts.ventana, new Date(now - LIMITS.trustedSeconds * 1000))))
    .limit(1);
  return !!row;
}

/** Seconds to wait before trying again, or 0 when this attempt may go ahead. */
export async function loginRetryAfter(db: Db, email: string, ip: string, now = Date.now()): Promise<number> {
  const k = keys(email, ip);
  const currentWindow = windowStart(now);
  const pair = secondsBlocked(await failures(db, k.pair, currentWindow), LIMITS.pair, now);
  if (pair) return pair;
  const byIp = secondsBlocked(await failures(db, k.ip, currentWindow), LIMITS.ip, now);
  if (byIp) return byIp;
  const byEmail = secondsBlocked(await failures(db, k.email, currentWindow), LIMITS.email, now);
  if (byEmail && !(await isTrusted(db, k.trusted, now))) return byEmail;
  return 0;
}

export async function recordLoginFailure(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  const k = keys(email, ip);
  const ventana = windowStart(now);
  for (const clave of [k.pair, k.ip, k.email]) {
    await db
      .insert(loginAttempts)
      .values({ clave, ventana, fallos: 1 })
      .onConflictDoUpdate({
        target: [loginAttempts.clave, loginAttempts.ventana],
        set: { fallos: sql`${loginAttempts.fallos} + 1` },
      });
  }
  // Old windows are useless: sweep now and then instead of running a job.
  if (Math.random() < 0.05) await sweep(db, now);
}

/** A success clears the pair's failures and marks the address as trusted for this e-mail. */
export async function recordLoginSuccess(db: Db, email: string, ip: string, now = Date.now()): Promise<void> {
  const k = keys(email, ip);
  await db.delete(loginAttempts).where(eq(loginAttempts.clave, k.pair));
  await db.delete(loginAttempts).where(eq(loginAttempts.clave, k.trusted));
  await db
    .insert(loginAttempts)
    .values({ clave: k.trusted, ventana: new Date(now), fallos: 0 })
    .onConflictDoNothing();
}

async function sweep(db: Db, now: number) {
  await db
    .delete(loginAttempts)
    .where(and(lt(loginAttempts.ventana, new Date(now - 24 * 60 * 60 * 1000)), not(like(loginAttempts.clave, 'ok:%'))));
  await db
    .delete(loginAttempts)
    .where(
      and(lt(loginAttempts.ventana, new Date(now - LIMITS.trustedSeconds * 1000)), like(loginAttempts.clave, 'ok:%')),
    );
}

/**
 * Any other attempt limit on the same table and sliding window (password-reset requests, verification
 * resends): 0 and the attempt is counted, or the seconds to wait (the attempt is not counted).
 */
export async function limitAttempt(
  db: Db,
  kind: string,
  value: string,
  limit: number,
  now = Date.now(),
): Promise<number> {
  const clave = hashKey(kind, value);
  const ventana = windowStart(now);
  const blocked = secondsBlocked(await failures(db, clave, ventana), limit, now);
  if (blocked) return blocked;
  await db
    .insert(loginAttempts)
    .values({ clave, ventana, fallos: 1 })
    .onConflictDoUpdate({
      target: [loginAttempts.clave, loginAttempts.ventana],
      set: { fallos: sql`${loginAttempts.fallos} + 1` },
    });
  return 0;
}
