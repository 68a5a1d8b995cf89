import { createHash } from 'node:crypto';
import { and, eq, gt, lt, lte, not, like, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { loginAttempts, loginEsperas } from '../../db/schema/auth';

/**
 * Sign-in limits (docs/decisions/020-limites-de-acceso-con-reserva-y-espera.md). Every attempt is RESERVED
 * before its password is checked: one atomic increment per counter whose answer says whether this attempt is
 * within the limit, so any number of parallel guesses get at most the limit evaluated (a read-then-record limiter
 * let 30 simultaneous guesses all through). A refused attempt gives its reservation back; a successful sign-in
 * gives back what it took and clears the account's wait.
 * - the (e-mail, address) pair: 5 in a sliding 15-minute window, what one guesser hits first;
 * - the client address: generous (an office behind one NAT shares it), it stops one machine spraying accounts;
 * - the account: no lock-out but a growing wait between attempts once it has failed a few times, from any
 *   address that has not signed in to it before; an address that has (a known device) is never slowed by it.
 * Keys are hashed: the tables never hold e-mail addresses or IPs in clear.
 */
export const LIMITS = {
  windowSeconds: 15 * 60,
  pair: 5,
  ip: 300,
  /** Failures of an account before its attempts must wait. */
  accountFree: 5,
  /** The wait after the first failure past the free ones; it doubles with each further failure. */
  accountDelaySeconds: 2,
  accountDelayMaxSeconds: 15 * 60,
  /** A day with no failure forgets the account's count. */
  accountForgetSeconds: 24 * 60 * 60,
  /** How long a successful sign-in keeps an address trusted for that e-mail. */
  trustedSeconds: 30 * 24 * 60 * 60,
} as const;

/** A counter's key: kind and SHA-256 of the value (tests seed counters with it). */
export const hashKey = (kind: string, value: string) =>
  `${kind}:${createHash('sha256').update(value).digest('base64url')}`;
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

/** The previous window's count of one key. */
async function previousCount(db: DbOrTx, clave: string, ventana: Date): Promise<number> {
  const size = LIMITS.windowSeconds * 1000;
  const [row] = await db
    .select({ fallos: loginAttempts.fallos })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clave, clave), eq(loginAttempts.ventana, new Date(ventana.getTime() - size))))
    .limit(1);
  return row?.fallos ?? 0;
}

async function addToWindow(db: DbOrTx, clave: string, ventana: Date, delta: 1 | -1): Promise<number> {
  const [row] = await db
    .insert(loginAttempts)
    .values({ clave, ventana, fallos: Math.max(0, delta) })
    .onConflictDoUpdate({
      target: [loginAttempts.clave, loginAttempts.ventana],
      set: { fallos: sql`greatest(${loginAttempts.fallos} + ${delta}, 0)` },
    })
    .returning({ fallos: loginAttempts.fallos });
  return row.fallos;
}

/**
 * Takes one place in a key's sliding window: 0 when this attempt is within `limit` (it stays counted), or the
 * seconds to wait (nothing stays counted). The increment and its answer are one statement, so parallel callers
 * each see a different count and at most `limit` of them get 0.
 */
async function reserveInWindow(db: DbOrTx, clave: string, limit: number, now: number): Promise<number> {
  const ventana = windowStart(now);
  const cur = (await addToWindow(db, clave, ventana, 1)) - 1;
  const prev = await previousCount(db, clave, ventana);
  const wait = secondsBlocked({ prev, cur }, limit, now);
  if (wait) await addToWindow(db, clave, ventana, -1);
  return wait;
}

/** Gives back a place taken by reserveInWindow in the window of `now`. */
async function releaseInWindow(db: DbOrTx, clave: string, now: number): Promise<void> {
  await addToWindow(db, clave, windowStart(now), -1);
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

async function isTrusted(db: DbOrTx, clave: string, now: number): Promise<boolean> {
  const [row] = await db
    .select({ clave: loginAttempts.clave })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.clave, clave), gt(loginAttempts.ventana, new Date(now - LIMITS.trustedSeconds * 1000))))
    .limit(1);
  return !!row;
}

/** The wait after an account's n-th consecutive failure, in seconds. */
export function accountDelaySeconds(failures: number): number {
  if (failures < LIMITS.accountFree) return 0;
  const doublings = Math.min(failures - LIMITS.accountFree, 30);
  return Math.min(LIMITS.accountDelayMaxSeconds, LIMITS.accountDelaySeconds * 2 ** doublings);
}

/**
 * Takes the account's next attempt: 0 when it may go ahead (counted as a failure until a success clears it), or
 * the seconds until its wait ends. One conditional UPDATE decides, so two parallel attempts cannot both pass
 * the moment the wait starts.
 */
async function reserveAccount(db: DbOrTx, clave: string, now: number): Promise<number> {
  const at = new Date(now);
  await db
    .insert(loginEsperas)
    .values({ clave, fallos: 0, hasta: new Date(0) })
    .onConflictDoNothing();
  const forgotten = new Date(now - LIMITS.accountForgetSeconds * 1000);
  const next = sql`(case when ${loginEsperas.hasta} < ${forgotten.toISOString()}::timestamptz then 1 else ${loginEsperas.fallos} + 1 end)`;
  const delays = Array.from({ length: 40 }, (_, n) => accountDelaySeconds(n + 1) || -1);
  // The wait that starts with this failure, looked up by its number (the schedule is short and capped); -1 for a
  // free one.
  const delay = sql`(array[${sql.join(
    delays.map((d) => sql.raw(String(d))),
    sql`, `,
  )}]::int[])[least(${next}, ${delays.length})]`;
  const [row] = await db
    .update(loginEsperas)
    .set({
      fallos: next,
      // A free attempt records its time (a second back, so parallel attempts stamped a moment apart do not
      // wait on each other); one past them records when the next may come.
      hasta: sql`${at.toISOString()}::timestamptz + make_interval(secs => ${delay})`,
    })
    .where(and(eq(loginEsperas.clave, clave), lte(loginEsperas.hasta, at)))
    .returning({ fallos: loginEsperas.fallos });
  if (row) return 0;
  const [wait] = await db
    .select({ hasta: loginEsperas.hasta })
    .from(loginEsperas)
    .where(eq(loginEsperas.clave, clave))
    .limit(1);
  return wait ? Math.max(1, Math.ceil((wait.hasta.getTime() - now) / 1000)) : 1;
}

export interface LoginReservation {
  email: string;
  ip: string;
  now: number;
  /** Whether the address counts against the address limit and the account's wait (not a known device). */
  trusted: boolean;
}

/**
 * Reserves this sign-in attempt before its password is checked. Returns the reservation, or the seconds to wait
 * (429 with Retry-After; the password must then not be checked at all).
 */
export async function reserveLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  now = Date.now(),
): Promise<LoginReservation | number> {
  const k = keys(email, ip);
  // One transaction: a refused attempt gives back the places it took, together with taking them.
  const result = await db.transaction(async (tx): Promise<LoginReservation | number> => {
    const byPair = await reserveInWindow(tx, k.pair, LIMITS.pair, now);
    if (byPair) return byPair;
    const trusted = await isTrusted(tx, k.trusted, now);
    if (!trusted) {
      const byIp = await reserveInWindow(tx, k.ip, LIMITS.ip, now);
      if (byIp) {
        await releaseInWindow(tx, k.pair, now);
        return byIp;
      }
      const byAccount = await reserveAccount(tx, k.email, now);
      if (byAccount) {
        await releaseInWindow(tx, k.pair, now);
        await releaseInWindow(tx, k.ip, now);
        return byAccount;
      }
    }
    return { email, ip, now, trusted };
  });
  if (typeof result !== 'number' && Math.random() < 0.05) await sweep(db, now);
  return result;
}

/**
 * The password was right: the reservations are given back, the pair's failures and the account's wait are
 * cleared, and the address becomes trusted for this e-mail. (A wrong password needs no call: the reservation
 * already counts as the failure.)
 */
export async function recordLoginSuccess(db: Db, r: LoginReservation): Promise<void> {
  const k = keys(r.email, r.ip);
  await db.transaction(async (tx) => {
    await tx.delete(loginAttempts).where(eq(loginAttempts.clave, k.pair));
    if (!r.trusted) await releaseInWindow(tx, k.ip, r.now);
    await tx.delete(loginEsperas).where(eq(loginEsperas.clave, k.email));
    await tx.delete(loginAttempts).where(eq(loginAttempts.clave, k.trusted));
    await tx
      .insert(loginAttempts)
      .values({ clave: k.trusted, ventana: new Date(r.now), fallos: 0 })
      .onConflictDoNothing();
  });
}

async function sweep(db: Db, now: number) {
  await db.transaction(async (tx) => {
    await sweepIn(tx, now);
  });
}

async function sweepIn(db: DbOrTx, now: number) {
  await db
    .delete(loginAttempts)
    .where(and(lt(loginAttempts.ventana, new Date(now - 24 * 60 * 60 * 1000)), not(like(loginAttempts.clave, 'ok:%'))));
  await db
    .delete(loginAttempts)
    .where(
      and(lt(loginAttempts.ventana, new Date(now - LIMITS.trustedSeconds * 1000)), like(loginAttempts.clave, 'ok:%')),
    );
  await db.delete(loginEsperas).where(lt(loginEsperas.hasta, new Date(now - LIMITS.accountForgetSeconds * 1000)));
}

/**
 * Any other attempt limit on the same table and sliding window (registrations, password-reset requests,
 * verification resends): 0 and the attempt is counted, or the seconds to wait (the attempt is not counted).
 * Reserved atomically like the sign-in's, so parallel requests cannot overshoot it.
 */
export async function limitAttempt(
  db: Db,
  kind: string,
  value: string,
  limit: number,
  now = Date.now(),
): Promise<number> {
  return reserveInWindow(db, hashKey(kind, value), limit, now);
}

/** Gives back the place `limitAttempt` took, when the attempt succeeded: only failures count (second-factor codes). */
export async function releaseAttempt(db: Db, kind: string, value: string, now = Date.now()): Promise<void> {
  await releaseInWindow(db, hashKey(kind, value), now);
}
