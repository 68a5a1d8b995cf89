import { and, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { HOUR, MINUTE, type Clock } from '../clock';
import type { Db, DbOrTx } from '../db/client';
import { correos, users } from '../db/schema';
import type { UserRow } from '../auth/guards';
import { renderMail, type MailContent } from './layout';
import { isPermanentFailure, type Mailer } from './mailer';

/**
 * The e-mail outbox (docs/decisions/012-notificaciones-tareas-e-idempotencia.md).
 *
 * - `enqueueMail(tx, …)` writes a row in the caller's transaction and NOTIFYs `cereza_correos`; PostgreSQL
 *   delivers the NOTIFY when that transaction commits, and every server process listening kicks its delivery.
 *   The scheduler's minute sweep is the safety net (a missed NOTIFY, a retry that became due).
 * - Delivery claims rows with a lease (ENVIANDO, `bloqueado_hasta`) in one statement with FOR UPDATE SKIP
 *   LOCKED, renders each with the renderer registered for its `tipo`, sends it, and marks it ENVIADO. A failure
 *   goes back to PENDIENTE with backoff; a permanent refusal or the last attempt ends FALLIDO.
 * - A stopping server finishes the message in hand and gives the rest of its claim back: nothing is lost and
 *   nothing sent twice. A process that dies mid-send leaves a lease that runs out; that row is sent again
 *   (with the same Message-ID) — the one case where a duplicate is possible.
 */

export const OUTBOX_CHANNEL = 'cereza_correos';
export const OUTBOX_TASK = 'correos.enviar';
/**
 * A claim's lease: short, so that a message claimed by a process that died is sent again within a minute or two
 * (the next minute's sweep after the lease ran out). A live sender renews the lease of what it still holds before
 * each message and every LEASE_MS / 3 while a send takes long, so a slow SMTP server does not hand its messages to
 * a second sender.
 */
export const LEASE_MS = MINUTE;
/** Wait before attempt n+1 after n failed attempts; after the last one the mail is FALLIDO (about a day). */
export const BACKOFF_MS = [MINUTE, 5 * MINUTE, 15 * MINUTE, HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR] as const;
export const MAX_INTENTOS = BACKOFF_MS.length + 1;

export interface RenderContext {
  db: Db;
  user: UserRow;
  datos: Record<string, unknown>;
  notificacionId: string | null;
  /** PUBLIC_URL without trailing slash: links in mail are absolute. */
  publicUrl: string;
  now: Date;
}

/**
 * Builds one message at delivery time (so that secrets such as reset tokens never wait in the table); null
 * when it no longer needs to go (the row ends DESCARTADO).
 */
export type MailRenderer = (ctx: RenderContext) => Promise<MailContent | null>;

export interface EnqueueMail {
  userId: string;
  /** The renderer that builds it (registered with `app.outbox.register`). */
  tipo: string;
  datos?: Record<string, unknown>;
  notificacionId?: string;
}

/** Queues one e-mail in the caller's transaction; it goes out once that transaction commits. */
export async function enqueueMail(tx: DbOrTx, input: EnqueueMail): Promise<string> {
  const [row] = await tx
    .insert(correos)
    .values({
      userId: input.userId,
      tipo: input.tipo,
      datos: input.datos ?? {},
      notificacionId: input.notificacionId ?? null,
    })
    .returning({ id: correos.id });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return row.id;
}

type CorreoRow = typeof correos.$inferSelect;

class UnknownMailKind extends Error {}

export interface OutboxOptions {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  log: FastifyBaseLogger;
  publicUrl: string;
  /** Rows claimed per statement. */
  batchSize?: number;
  /** At most this many messages per run; the next tick (or kick) continues. */
  maxPerRun?: number;
}

export class Outbox {
  private readonly renderers = new Map<string, MailRenderer>();
  private readonly host: string;

  constructor(private readonly opts: OutboxOptions) {
    this.host = new URL(opts.publicUrl).hostname || 'cereza';
  }

  register(tipo: string, render: MailRenderer): void {
    if (this.renderers.has(tipo)) throw new Error(`outbox: a renderer for "${tipo}" is already registered`);
    this.renderers.set(tipo, render);
  }

  /** Sends what is due now; returns how many messages went out. */
  async deliverDue(signal?: AbortSignal): Promise<number> {
    const batch = this.opts.batchSize ?? 10;
    const max = this.opts.maxPerRun ?? 200;
    let sent = 0;
    let seen = 0;
    while (seen < max && !signal?.aborted) {
      const claimed = await this.claim(Math.min(batch, max - seen));
      if (!claimed.length) break;
      seen += claimed.length;
      let held = claimed.map((r) => r.id);
      const heartbeat = setInterval(() => {
        this.renew(held).catch((err: unknown) => this.opts.log.warn({ err }, 'outbox: lease not renewed'));
      }, LEASE_MS / 3);
      heartbeat.unref();
      try {
        for (let i = 0; i < claimed.length; i++) {
          held = claimed.slice(i).map((r) => r.id);
          if (signal?.aborted) {
            await this.release(held);
            return sent;
          }
          await this.renew(held);
          if (await this.deliver(claimed[i])) sent++;
        }
      } finally {
        clearInterval(heartbeat);
      }
      if (claimed.length < batch) break;
    }
    return sent;
  }

  private async claim(limit: number): Promise<CorreoRow[]> {
    const { db, clock } = this.opts;
    const now = clock.now();
    const due = db
      .select({ id: correos.id })
      .from(correos)
      .where(
        or(
          and(
            eq(correos.estado, 'PENDIENTE'),
            or(isNull(correos.proximoIntentoAt), lte(correos.proximoIntentoAt, now)),
          ),
          and(eq(correos.estado, 'ENVIANDO'), lt(correos.bloqueadoHasta, now)),
        ),
      )
      .orderBy(correos.createdAt, correos.id)
      .limit(limit)
      .for('update', { skipLocked: true });
    return db
      .update(correos)
      .set({
        estado: 'ENVIANDO',
        bloqueadoHasta: new Date(now.getTime() + LEASE_MS),
        intentos: sql`${correos.intentos} + 1`,
      })
      .where(inArray(correos.id, due))
      .returning();
  }

  /** Extends the lease of rows this process still holds (and has not finished). */
  private async renew(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.opts.db
      .update(correos)
      .set({ bloqueadoHasta: new Date(this.opts.clock.now().getTime() + LEASE_MS) })
      .where(and(inArray(correos.id, ids), eq(correos.estado, 'ENVIANDO')));
  }

  /** Gives claimed rows back untouched (the server is stopping). */
  private async release(ids: string[]): Promise<void> {
    if (!ids.length) return;
    await this.opts.db
      .update(correos)
      .set({ estado: 'PENDIENTE', bloqueadoHasta: null, intentos: sql`${correos.intentos} - 1` })
      .where(and(inArray(correos.id, ids), eq(correos.estado, 'ENVIANDO')));
  }

  private async deliver(row: CorreoRow): Promise<boolean> {
    const { db, mailer, clock, log, publicUrl } = this.opts;
    try {
      const [user] = await db.select().from(users).where(eq(users.id, row.userId)).limit(1);
      if (!user) throw new UnknownMailKind('the account no longer exists');
      const render = this.renderers.get(row.tipo);
      if (!render) throw new UnknownMailKind(`no renderer registered for "${row.tipo}"`);
      const content = await render({
        db,
        user,
        datos: row.datos,
        notificacionId: row.notificacionId,
        publicUrl,
        now: clock.now(),
      });
      if (!content) {
        await db
          .update(correos)
          .set({ estado: 'DESCARTADO', bloqueadoHasta: null, proximoIntentoAt: null })
          .where(and(eq(correos.id, row.id), eq(correos.estado, 'ENVIANDO')));
        return false;
      }
      const { text, html } = renderMail(content);
      const messageId = `<${row.id}@${this.host}>`;
      const result = await mailer.send({
        to: user.email,
        subject: content.subject,
        text,
        html,
        messageId,
        unsubscribeUrl: content.unsubscribe?.url,
      });
      await db
        .update(correos)
        .set({
          estado: 'ENVIADO',
          enviadoAt: clock.now(),
          asunto: content.subject,
          messageId,
          archivo: result.file ?? null,
          ultimoError: null,
          bloqueadoHasta: null,
          proximoIntentoAt: null,
        })
        .where(and(eq(correos.id, row.id), eq(correos.estado, 'ENVIANDO')));
      if (result.file)
        log.info({ correo: row.id, tipo: row.tipo, file: result.file }, `e-mail written to ${result.file}`);
      else log.info({ correo: row.id, tipo: row.tipo }, 'e-mail sent');
      return true;
    } catch (err) {
      const permanent = err instanceof UnknownMailKind || isPermanentFailure(err) || row.intentos >= MAX_INTENTOS;
      const wait = BACKOFF_MS[Math.min(row.intentos, BACKOFF_MS.length) - 1] ?? BACKOFF_MS[0];
      await db
        .update(correos)
        .set({
          estado: permanent ? 'FALLIDO' : 'PENDIENTE',
          proximoIntentoAt: permanent ? null : new Date(clock.now().getTime() + wait),
          bloqueadoHasta: null,
          ultimoError: String((err as Error)?.message ?? err).slice(0, 500),
        })
        .where(and(eq(correos.id, row.id), eq(correos.estado, 'ENVIANDO')));
      log[permanent ? 'error' : 'warn'](
        { err, correo: row.id, tipo: row.tipo, intentos: row.intentos },
        permanent ? 'e-mail failed for good' : 'e-mail failed; will retry',
      );
      return false;
    }
  }
}
