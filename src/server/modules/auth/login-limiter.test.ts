import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/helpers';
import { loginAttempts } from '../../db/schema/auth';
import { hashKey, LIMITS, limitAttempt, reserveLoginAttempt, secondsBlocked } from './login-limiter';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const WINDOW = LIMITS.windowSeconds * 1000;
// A window boundary, far from the real clock so other tests' rows never share its windows.
const BOUNDARY = Math.floor(Date.UTC(2031, 4, 6, 7) / WINDOW) * WINDOW;

describe('secondsBlocked', () => {
  it('lets an attempt through below the limit and blocks at it', () => {
    expect(secondsBlocked({ prev: 0, cur: 4 }, 5, BOUNDARY + 1000)).toBe(0);
    expect(secondsBlocked({ prev: 0, cur: 5 }, 5, BOUNDARY + 1000)).toBeGreaterThan(0);
  });

  it('keeps counting the previous window right after a boundary', () => {
    expect(secondsBlocked({ prev: 5, cur: 0 }, 5, BOUNDARY + 1000)).toBeGreaterThan(0);
    expect(secondsBlocked({ prev: 3, cur: 2 }, 5, BOUNDARY + 1000)).toBeGreaterThan(0);
  });

  it('lets the previous window decay: half a window later half of its failures count', () => {
    expect(secondsBlocked({ prev: 10, cur: 0 }, 6, BOUNDARY + WINDOW / 2)).toBe(0);
    expect(secondsBlocked({ prev: 10, cur: 1 }, 6, BOUNDARY + WINDOW / 2)).toBeGreaterThan(0);
  });

  it('answers the wait after which the attempt is allowed, and not a second sooner', () => {
    for (const c of [
      { prev: 5, cur: 0 },
      { prev: 2, cur: 4 },
      { prev: 0, cur: 5 },
      { prev: 7, cur: 9 },
    ]) {
      const now = BOUNDARY + 61_000;
      const wait = secondsBlocked(c, 5, now);
      expect(wait).toBeGreaterThan(0);
      // Past the wait the same counts no longer block (the current window's become the previous one's).
      const later = now + wait * 1000;
      const shifted = Math.floor(later / WINDOW) * WINDOW === BOUNDARY ? c : { prev: c.cur, cur: 0 };
      expect(secondsBlocked(shifted, 5, later)).toBe(0);
      const sooner = now + (wait - 1) * 1000;
      const shiftedSooner = Math.floor(sooner / WINDOW) * WINDOW === BOUNDARY ? c : { prev: c.cur, cur: 0 };
      if (wait > 1) expect(secondsBlocked(shiftedSooner, 5, sooner)).toBeGreaterThan(0);
    }
  });
});

describe('reservations across a window boundary', () => {
  it('still blocks a key whose attempts straddle the boundary', async () => {
    const db = ctx.app.db;
    for (let i = 0; i < 3; i++) expect(await limitAttempt(db, 'frontera', 'a', 5, BOUNDARY - 2000)).toBe(0);
    for (let i = 0; i < 2; i++) expect(await limitAttempt(db, 'frontera', 'a', 5, BOUNDARY + 500)).toBe(0);
    // A fixed window would have seen only 2 attempts here.
    const wait = await limitAttempt(db, 'frontera', 'a', 5, BOUNDARY + 1000);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LIMITS.windowSeconds);
    expect(await limitAttempt(db, 'frontera', 'b', 5, BOUNDARY + 1000)).toBe(0);
  });

  it('does not count a refused attempt: the wait does not grow by knocking', async () => {
    const db = ctx.app.db;
    const t = BOUNDARY + 2 * WINDOW + 60_000;
    for (let i = 0; i < 5; i++) expect(await limitAttempt(db, 'golpes', 'a', 5, t)).toBe(0);
    const first = await limitAttempt(db, 'golpes', 'a', 5, t);
    for (let i = 0; i < 20; i++) await limitAttempt(db, 'golpes', 'a', 5, t);
    expect(await limitAttempt(db, 'golpes', 'a', 5, t)).toBe(first);
  });

  it('gives at most the limit to parallel attempts', async () => {
    const db = ctx.app.db;
    const t = BOUNDARY + 4 * WINDOW + 60_000;
    const waits = await Promise.all(Array.from({ length: 20 }, () => limitAttempt(db, 'paralelo', 'a', 5, t)));
    expect(waits.filter((w) => w === 0)).toHaveLength(5);
  });

  it('still blocks an address whose spray ended just before the boundary', async () => {
    const db = ctx.app.db;
    // The spray's first LIMITS.ip − 1 attempts, as counted, then its last one for real.
    await db
      .insert(loginAttempts)
      .values({ clave: hashKey('ip', '10.9.1.1'), ventana: new Date(BOUNDARY), fallos: LIMITS.ip - 1 });
    expect(typeof (await reserveLoginAttempt(db, 'rociado@example.com', '10.9.1.1', BOUNDARY + WINDOW - 1000))).toBe(
      'object',
    );
    expect(await reserveLoginAttempt(db, 'otra@example.com', '10.9.1.1', BOUNDARY + WINDOW + 1000)).toBeGreaterThan(0);
    // Two windows later nothing is left of it.
    expect(typeof (await reserveLoginAttempt(db, 'otra@example.com', '10.9.1.1', BOUNDARY + 3 * WINDOW))).toBe(
      'object',
    );
  });
});
