import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ManualClock } from '../clock';
import { correos } from '../db/schema';
import { createTestApp, createUser, type TestContext } from '../test/helpers';
import type { MailMessage, Mailer, SentMail } from './mailer';
import { LEASE_MS, Outbox } from './outbox';

// Issue 26, "Mail stuck after a crash": the lease became one minute, so a sender that is alive but slow (an SMTP
// server taking minutes to answer) must renew what it holds, or a second process claims the same rows and sends
// them again.

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T10:00:00Z'));
const TIPO = 'prueba.lenta';

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});
afterAll(() => ctx.close());
afterEach(() => {
  vi.useRealTimers();
});

/** A mailer that records what it sends; `hold()` keeps the next message on the wire until released. */
function recordingMailer() {
  const sent: MailMessage[] = [];
  let gate: { arrived: () => void; wait: Promise<void> } | undefined;
  const mailer: Mailer & { sent: MailMessage[]; hold(): { arrived: Promise<void>; release(): void } } = {
    kind: 'smtp',
    sent,
    async send(m: MailMessage): Promise<SentMail> {
      sent.push(m);
      const g = gate;
      gate = undefined;
      if (g) {
        g.arrived();
        await g.wait;
      }
      return { response: '250 OK' };
    },
    async close() {},
    hold() {
      let arrived!: () => void;
      let release!: () => void;
      const arrivedP = new Promise<void>((r) => (arrived = r));
      const wait = new Promise<void>((r) => (release = r));
      gate = { arrived, wait };
      return { arrived: arrivedP, release };
    },
  };
  return mailer;
}

function outbox(mailer: Mailer) {
  const o = new Outbox({ db: ctx.app.db, mailer, clock, log: ctx.app.log, publicUrl: 'http://cereza.test' });
  o.register(TIPO, async ({ datos }) => ({
    subject: `Mensaje ${String(datos.n)}`,
    greeting: 'Hola:',
    paragraphs: ['Un mensaje de prueba.'],
  }));
  return o;
}

const realSleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the outbox lease of a live sender', () => {
  it('is renewed while a send takes long: another process claims nothing for 11 minutes and each message goes once', async () => {
    const ana = await createUser(ctx, 'COMPRADOR');
    // Queued without NOTIFY, so that only the two senders below deliver them.
    const rows = await ctx.app.db
      .insert(correos)
      .values([1, 2, 3].map((n) => ({ userId: ana.id, tipo: TIPO, datos: { n } })))
      .returning({ id: correos.id });
    const ids = rows.map((r) => r.id);
    const leases = async () =>
      (await ctx.app.db.select({ b: correos.bloqueadoHasta }).from(correos).where(inArray(correos.id, ids))).map(
        (r) => r.b?.getTime() ?? 0,
      );

    const mailerA = recordingMailer();
    const mailerB = recordingMailer();
    const a = outbox(mailerA);
    const b = outbox(mailerB);

    // Only the heartbeat's interval is faked: the database's own timers stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = mailerA.hold();
    const runA = a.deliverDue();
    await held.arrived;

    // The first message stays on A's wire for 11 minutes (longer than the old ten-minute lease, eleven times the
    // new one). Every LEASE_MS / 3 the heartbeat renews A's claim; B's sweep after each finds nothing due.
    const step = LEASE_MS / 3;
    for (let t = 0; t < 11 * 60_000; t += step) {
      clock.advance(step);
      vi.advanceTimersByTime(step);
      const until = clock.now().getTime() + LEASE_MS;
      for (let i = 0; i < 200 && (await leases()).some((l) => l < until); i++) await realSleep(10);
      expect(await leases(), `after ${(t + step) / 1000} s`).toEqual([until, until, until]);
      expect(await b.deliverDue()).toBe(0);
    }
    expect(mailerB.sent).toEqual([]);

    held.release();
    expect(await runA).toBe(3);
    expect(mailerA.sent.map((m) => m.subject).sort()).toEqual(['Mensaje 1', 'Mensaje 2', 'Mensaje 3']);
    expect(new Set(mailerA.sent.map((m) => m.messageId)).size).toBe(3);
    const after = await ctx.app.db.select().from(correos).where(inArray(correos.id, ids));
    for (const r of after) expect(r).toMatchObject({ estado: 'ENVIADO', intentos: 1, bloqueadoHasta: null });

    // And B has nothing left to send: no message went out twice.
    clock.advance(5 * LEASE_MS);
    expect(await b.deliverDue()).toBe(0);
    expect(mailerB.sent).toEqual([]);
    const [one] = await ctx.app.db.select().from(correos).where(eq(correos.id, ids[0]));
    expect(one.messageId).toBe(`<${ids[0]}@cereza.test>`);
  });
});
