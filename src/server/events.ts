import { randomUUID } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, DbOrTx } from './db/client';

/**
 * Domain events: what changed, said once by the code that changed it, heard by every server process (the cache
 * and the catalogue index, docs/decisions/007). A write path calls `emitChange(tx, event)` inside its
 * transaction; the event is a NOTIFY, which PostgreSQL (and PGlite) deliver when that transaction commits — to
 * every process listening, this one included — and never when it rolls back. Called with the database instead
 * of a transaction, it is delivered at once. Nobody has to remember which cache to clear: they listen.
 */
export type DomainEvent =
  /** Lots created, edited, hidden, restocked, verified or deleted (anything a public lot answer shows). */
  | {
      tipo: 'lote.cambiado';
      loteIds: string[];
      /** Only their bags moved (a reservation): a listener may read just the stock columns again (issue 33). */
      soloStock?: boolean;
    }
  /** A producer's public face changed (profile, name, verification, account deleted): their lots show it. */
  | { tipo: 'productor.cambiado'; productorId: string }
  /** A producer's news changed (the home page lists the latest). */
  | { tipo: 'noticia.cambiada'; productorId: string };

export type DomainEventType = DomainEvent['tipo'];

export const EVENTS_CHANNEL = 'cereza_cambios';

/** This process, so that it can tell its own events (and pings) apart when they come back. */
const ORIGIN = randomUUID();
let lastSeq = 0;

interface Message {
  origin: string;
  seq: number;
  event?: DomainEvent;
}

/** Says that something changed; delivered to every process when the caller's transaction commits. */
export async function emitChange(db: DbOrTx, event: DomainEvent): Promise<void> {
  await db.execute(sql`select ${changeNotice(event)}`);
}

/**
 * The NOTIFY of `emitChange` as an expression, for a write that says its change in its own statement (a RETURNING
 * of the row it changed: evaluated once per row written, so once for a one-row write and never when none was;
 * the reservation's lot, issue 33). Delivered on commit like `emitChange`'s.
 */
export function changeNotice(event: DomainEvent): SQL {
  const message: Message = { origin: ORIGIN, seq: ++lastSeq, event };
  return sql`pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`;
}

type Handler<T extends DomainEventType> = (event: Extract<DomainEvent, { tipo: T }>) => void | Promise<void>;

/**
 * One per app: listens on the channel and hands each event to the handlers registered for its type, in order.
 * `settle()` gives read-your-writes: a reader in this process that may follow one of its own writes waits until
 * the events this process emitted have come back and been handled.
 */
export class EventBus {
  private readonly handlers = new Map<DomainEventType, Array<Handler<DomainEventType>>>();
  private appliedUpTo = 0;
  private waiters: Array<{ seq: number; resolve: () => void }> = [];
  private queue: Promise<void> = Promise.resolve();
  /** Received, not yet handled (see `drain`). */
  private inbox: Message[] = [];
  private draining = false;
  private unlisten: (() => Promise<void>) | undefined;
  private database: Database | undefined;
  private listeningNow = false;
  private readonly resyncs: Array<() => void | Promise<void>> = [];

  constructor(private readonly log: FastifyBaseLogger) {}

  /** Whether events reach this process now (false while its listening connection is being opened again). */
  get listening(): boolean {
    return this.listeningNow;
  }

  /**
   * Work to do when listening resumes after a loss: the events sent meanwhile never arrive, so whatever was
   * kept from them (cached answers, the catalogue index) is read again.
   */
  onResync(work: () => void | Promise<void>): void {
    this.resyncs.push(work);
  }

  on<T extends DomainEventType>(tipo: T, handler: Handler<T>): void {
    const list = this.handlers.get(tipo) ?? [];
    list.push(handler as unknown as Handler<DomainEventType>);
    this.handlers.set(tipo, list);
  }

  async start(database: Database): Promise<void> {
    this.database = database;
    this.unlisten = await database.listen(
      EVENTS_CHANNEL,
      (payload) => this.receive(payload),
      (listening) => this.listeningChanged(listening),
    );
    this.listeningNow = true;
  }

  private listeningChanged(listening: boolean): void {
    this.listeningNow = listening;
    if (!listening) {
      this.log.warn('events: listening connection lost; reconnecting');
      return;
    }
    this.log.info('events: listening again; reading what may have changed meanwhile');
    for (const work of this.resyncs) {
      Promise.resolve()
        .then(work)
        .catch((err: unknown) => this.log.error({ err }, 'events: re-reading after a reconnect failed'));
    }
  }

  async stop(): Promise<void> {
    await this.unlisten?.();
    this.unlisten = undefined;
    this.listeningNow = false;
    await this.queue;
    for (const w of this.waiters) w.resolve();
    this.waiters = [];
  }

  /** Runs `work` after the events received so far have been handled, and before any received later. */
  enqueue(work: () => Promise<void>): Promise<void> {
    const run = this.queue.then(work);
    this.queue = run.catch((err: unknown) => this.log.error({ err }, 'events: queued work failed'));
    return run;
  }

  /**
   * Resolves once every event this process emitted before the call has been handled here. Costs nothing when
   * none is outstanding; otherwise one NOTIFY round trip (a ping that comes back after them: notifications
   * arrive in commit order, and an event of a transaction that rolled back never comes).
   */
  async settle(): Promise<void> {
    if (this.appliedUpTo >= lastSeq || !this.database || !this.unlisten) return;
    const seq = ++lastSeq;
    const done = new Promise<void>((resolve) => this.waiters.push({ seq, resolve }));
    const message: Message = { origin: ORIGIN, seq };
    await this.database.exec(`select pg_notify('${EVENTS_CHANNEL}', '${JSON.stringify(message)}')`);
    // A lost listener connection must not hang readers: it is reopened, and the write is visible at the latest
    // when the catalogue next reloads.
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([done, new Promise<void>((r) => (timer = setTimeout(r, 2_000)))]);
    clearTimeout(timer);
  }

  private receive(payload: string): void {
    let message: Message;
    try {
      message = JSON.parse(payload) as Message;
    } catch {
      this.log.warn({ payload }, 'events: unreadable message');
      return;
    }
    this.inbox.push(message);
    if (this.draining) return;
    this.draining = true;
    this.queue = this.queue.then(() => this.drain());
  }

  /**
   * Handles what was received, in order, until nothing is left. Lot changes received one after another while a
   * handler was busy are handled as one change of all their lots (one re-read of them, not one per event: a rush
   * of reservations says `lote.cambiado` once per order); any other event keeps its place between them.
   */
  private async drain(): Promise<void> {
    try {
      while (this.inbox.length) {
        const batch = this.inbox.splice(0);
        const events: DomainEvent[] = [];
        for (const { event } of batch) {
          const last = events.at(-1);
          if (event?.tipo === 'lote.cambiado' && last?.tipo === 'lote.cambiado') {
            events[events.length - 1] = {
              tipo: 'lote.cambiado',
              loteIds: [...new Set([...last.loteIds, ...event.loteIds])],
              // Stock only when every change merged was: one other change reads the lots whole.
              ...(last.soloStock && event.soloStock ? { soloStock: true } : {}),
            };
          } else if (event) events.push(event);
        }
        for (const event of events) await this.handle(event);
        for (const message of batch) {
          if (message.origin === ORIGIN && message.seq > this.appliedUpTo) this.appliedUpTo = message.seq;
        }
        this.waiters = this.waiters.filter((w) => {
          if (w.seq > this.appliedUpTo) return true;
          w.resolve();
          return false;
        });
      }
    } finally {
      this.draining = false;
    }
  }

  private async handle(event: DomainEvent): Promise<void> {
    for (const handler of this.handlers.get(event.tipo) ?? []) {
      try {
        await handler(event as never);
      } catch (err) {
        this.log.error({ err, event }, 'events: a handler failed');
      }
    }
  }
}
