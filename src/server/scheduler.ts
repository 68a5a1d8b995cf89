import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock';
import type { Db, Tx } from './db/client';
import { tareasProgramadas } from './db/schema';

/**
 * Timers are data (docs/product.md §11): a row that can expire stores its due time, and this scheduler runs the
 * registered tasks that move what is due — at start-up, then every minute — in every server process.
 * Exactly-once handling of a due row is the task's claim (`sweepDue` below: FOR UPDATE SKIP LOCKED inside
 * the transaction that moves it). A task with `everyMs` runs at most once per interval across all processes
 * (claimed in `tareas_programadas`). Tests drive it with `runDue()` / `runTask()` and a ManualClock.
 * See docs/decisions/012-notificaciones-tareas-e-idempotencia.md.
 */

export interface TaskContext {
  db: Db;
  /** The clock's time when this run started: compare due times with it, never with the database's now(). */
  now: Date;
  log: FastifyBaseLogger;
  /** Aborted when the server stops: finish the item in hand and return. */
  signal: AbortSignal;
}

export interface Task {
  /** Unique, e.g. 'muestras.expirar'. */
  name: string;
  /**
   * Omitted: the task runs on every tick in every process and claims its own rows. Set: it runs at most once
   * per this many milliseconds across every process sharing the database (a daily digest, a cleanup).
   */
  everyMs?: number;
  /** Does the due work; returns how many items it handled (logged when not zero). */
  run(ctx: TaskContext): Promise<number | void>;
}

export interface SchedulerOptions {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  /** How often due work is looked for (default one minute). */
  tickMs?: number;
}

export type RunResult = Record<string, number | Error>;

export class Scheduler {
  private readonly tasks = new Map<string, Task>();
  private readonly tickMs: number;
  private timer?: NodeJS.Timeout;
  /** One chain per process: runs never overlap, so a task never races itself here. */
  private chain: Promise<unknown> = Promise.resolve();
  private readonly kicked = new Set<string>();
  private readonly abort = new AbortController();
  private stopped = false;

  constructor(private readonly opts: SchedulerOptions) {
    this.tickMs = opts.tickMs ?? 60_000;
  }

  register(task: Task): void {
    if (this.tasks.has(task.name)) throw new Error(`scheduler: task "${task.name}" is already registered`);
    this.tasks.set(task.name, task);
  }

  /** Aborted once stop() was called. */
  get signal(): AbortSignal {
    return this.abort.signal;
  }

  get taskNames(): string[] {
    return [...this.tasks.keys()];
  }

  /** Runs the due work now (start-up) and then every tick until stop(). */
  start(): void {
    if (this.timer || this.stopped) return;
    void this.runDue();
    this.timer = setInterval(() => void this.runDue(), this.tickMs);
    this.timer.unref();
  }

  /** Runs every registered task once, in registration order, after whatever is running now. */
  runDue(): Promise<RunResult> {
    return this.enqueue(async () => {
      const result: RunResult = {};
      for (const task of this.tasks.values()) {
        if (this.stopped) break;
        result[task.name] = await this.execute(task, false);
      }
      return result;
    });
  }

  /** Runs one task now, ignoring its interval; resolves with what it handled (or its error). */
  runTask(name: string): Promise<number | Error> {
    const task = this.get(name);
    return this.enqueue(() => this.execute(task, true));
  }

  /**
   * Asks for one more run of a task soon (e.g. the outbox, when a mail was committed). Several kicks before it
   * starts make one run.
   */
  kick(name: string): void {
    if (this.stopped || this.kicked.has(name)) return;
    const task = this.get(name);
    this.kicked.add(name);
    void this.enqueue(() => {
      this.kicked.delete(name);
      return this.execute(task, true);
    });
  }

  /** Resolves when nothing is running or queued (tests wait on it after a kick). */
  async idle(): Promise<void> {
    let seen: Promise<unknown>;
    do {
      seen = this.chain;
      await seen.catch(() => {});
    } while (seen !== this.chain);
  }

  /** Stops the timer, tells the running task to wrap up, and waits for it. Nothing runs afterwards. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    await this.idle();
  }

  private get(name: string): Task {
    const task = this.tasks.get(name);
    if (!task) throw new Error(`scheduler: no task named "${name}"`);
    return task;
  }

  private enqueue<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(() => (this.stopped && this.abort.signal.aborted ? (undefined as T) : work()));
    this.chain = run.catch(() => {});
    return run;
  }

  private async execute(task: Task, forced: boolean): Promise<number | Error> {
    const { db, clock, log } = this.opts;
    const now = clock.now();
    try {
      if (task.everyMs && !forced && !(await claimInterval(db, task.name, task.everyMs, now))) return 0;
      const handled = (await task.run({ db, now, log, signal: this.abort.signal })) ?? 0;
      if (handled) log.info({ task: task.name, handled }, 'scheduled task ran');
      return handled;
    } catch (err) {
      log.error({ err, task: task.name }, 'scheduled task failed');
      return err instanceof Error ? err : new Error(String(err));
    }
  }
}

/** One conditional upsert: true for the single process that takes this interval's run. */
async function claimInterval(db: Db, nombre: string, everyMs: number, now: Date): Promise<boolean> {
  const next = new Date(now.getTime() + everyMs);
  const rows = await db
    .insert(tareasProgramadas)
    .values({ nombre, proximaAt: next, ultimaAt: now })
    .onConflictDoUpdate({
      target: tareasProgramadas.nombre,
      set: { proximaAt: next, ultimaAt: now },
      setWhere: sql`${tareasProgramadas.proximaAt} <= ${now}`,
    })
    .returning({ nombre: tareasProgramadas.nombre });
  return rows.length > 0;
}

export interface SweepOptions<T> {
  /**
   * Selects up to `limit` due rows and locks them: `.where(<due condition>).limit(limit).for('update',
   * { skipLocked: true })`. Another process's sweep skips the rows this one holds.
   */
  claim(tx: Tx, limit: number): Promise<T[]>;
  /**
   * Moves one item so that it is no longer due (a guarded transition with its event row and notifications).
   * It runs inside the claiming transaction, in a savepoint: a failure rolls back this item only, which stays
   * due for the next run.
   */
  handle(tx: Tx, item: T): Promise<void>;
  batchSize?: number;
  log?: FastifyBaseLogger;
  signal?: AbortSignal;
}

/**
 * The standard sweep of a due-at column: claim a batch, handle each item in the same transaction, commit,
 * repeat until nothing is due. Each due item is handled exactly once, with any number of processes.
 */
export async function sweepDue<T>(db: Db, opts: SweepOptions<T>): Promise<number> {
  const batch = opts.batchSize ?? 100;
  let total = 0;
  for (;;) {
    if (opts.signal?.aborted) break;
    let claimed = 0;
    let handled = 0;
    await db.transaction(async (tx) => {
      const items = await opts.claim(tx, batch);
      claimed = items.length;
      for (const item of items) {
        try {
          await tx.transaction((sp) => opts.handle(sp, item));
          handled++;
        } catch (err) {
          opts.log?.error({ err }, 'due item failed; it stays due for the next run');
        }
      }
    });
    total += handled;
    if (claimed < batch || handled === 0) break;
  }
  return total;
}
