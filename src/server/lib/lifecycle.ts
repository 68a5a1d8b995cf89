import { and, asc, eq, inArray, lte, type InferInsertModel, type InferSelectModel, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx, Tx } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { eventos } from '../db/schema';
import { HttpError, notFound } from '../errors';
import { sweepDue, type Task } from '../scheduler';

/*
 * Runs a lifecycle table (docs/product.md §11; docs/decisions/019): each row of the table says from which
 * states an action may be taken, by whom, to which state, what must be true and what it causes. `transition()`
 * is the only way a row of such a table changes state:
 *
 *   1. read the row; the actor's role in it (`roleOf`) — no role: 404, like a missing row;
 *   2. find the table's row for (state, action, role) — another role's action: 403, the wrong state: 409 with
 *      the Spanish message of the state it is in ("La muestra ya fue enviada.");
 *   3. the guard (a Spanish refusal, 409); the state the actor saw (`desde`), when given, must still be the state;
 *   4. `UPDATE … SET estado = $to, … WHERE id = $id AND estado = $from`: 0 rows means someone moved it first,
 *      and the loser gets the same 409 as if he had pressed the button a second later;
 *   5. the event row (who, when, from, to, data) and the effects (notify(tx, …)), in the same transaction.
 *
 * `create()` is the only way such a row is born (docs/decisions/075): the table lists its creating moves ("—" →
 * first state), one per entry point, each with its actor, its rules, its event and the timer it starts. And the
 * table declares its timers (which column, in which states, what happens when it passes, taken by whom);
 * `timersTask()` is the one sweep that runs them.
 */

/**
 * Who moves: a signed-in account (with its account type when a table gives a role by it, as the lab's does), the
 * scheduler (a timer of the table), or Cereza's operator (a command on the server, `npm run reclamos`;
 * docs/decisions/035): neither of the last two is a party, so neither has a userId.
 */
export type Actor = { userId: string; tipoUser?: string } | { sistema: true } | { operador: true };
export const SISTEMA: Actor = { sistema: true };
export const OPERADOR: Actor = { operador: true };
/** The roles of the actors who are not a party of the row. */
export type RolAjeno = 'sistema' | 'operador';
const rolAjeno = (actor: Actor): RolAjeno | null =>
  'sistema' in actor ? 'sistema' : 'operador' in actor ? 'operador' : null;

/** A table whose rows have a lifecycle: a uuid `id` and a text state column (`estado`, or the one `estadoKey` names). */
export type LifecycleTable = PgTable & { id: PgColumn };

export interface MoveContext<Row, Input> {
  tx: Tx;
  /** The row before the move. */
  row: Row;
  input: Input;
  now: Date;
  actor: Actor;
}

export interface Transition<Row, S extends string, A extends string, R extends string, Input> {
  action: A;
  from: readonly S[];
  /** Roles of the row's parties that may take it; 'sistema' for the scheduler's moves, 'operador' for Cereza's. */
  who: readonly (R | RolAjeno)[];
  to: S;
  /** What must be true besides the state: a Spanish refusal (409), or nothing. */
  guard?: (ctx: MoveContext<Row, Input>) => string | undefined | Promise<string | undefined>;
  /** Other columns the move sets (dates, due times, carrier…). */
  set?: (ctx: MoveContext<Row, Input>) => Partial<Row>;
  /** What the event row records besides who, when, from and to. */
  datos?: (ctx: MoveContext<Row, Input>) => Record<string, unknown>;
  /** Notifications and other writes of the move, in its transaction; `moved` is the row after it. */
  effects?: (ctx: MoveContext<Row, Input> & { moved: Row }) => Promise<void>;
}

/** What a creating move knows: there is no row yet, only who creates it and what he sent. */
export interface CreateContext<Input> {
  tx: Tx;
  input: Input;
  now: Date;
  actor: Actor;
}

/**
 * A creating move ("—" → `to`): one entry point of the table (a buyer's request, a sourcing answer's sample, a
 * PSS). `create()` runs, in order: the rules (`guard`), the row's columns (`values`), the role check of the actor in
 * the row about to be (`who`, by `roleOf` on those columns), the insert with `to` and the timer `to` starts, the
 * event, the effects.
 */
export interface Creation<Row, S extends string, A extends string, R extends string, Input, New = Partial<Row>> {
  /** The event's action ('SOLICITAR'). */
  action: A;
  who: readonly (R | RolAjeno)[];
  to: S;
  /** The rules: a Spanish refusal (409), or nothing; a rule with another status throws its HttpError. */
  guard?: (ctx: CreateContext<Input>) => string | undefined | Promise<string | undefined>;
  /** The row's columns, without its state and its timer (the table sets both). */
  values: (ctx: CreateContext<Input>) => New | Promise<New>;
  /** Why a unique index refused the row (409): "Ya tienes una muestra de este lote en curso." */
  duplicateMessage?: string;
  /** What the event row records besides who, when and to. */
  datos?: (ctx: CreateContext<Input> & { created: Row }) => Record<string, unknown>;
  /** Notifications and other writes of the creation, in its transaction. */
  effects?: (ctx: CreateContext<Input> & { created: Row }) => Promise<void>;
}

/**
 * A timer of the table: in the states `in`, the row falls due when its `field` passes (or `due`, an expression, when
 * the moment is computed). Then either the table's move `action` is taken by `actor` (the scheduler, 'sistema'), or,
 * for a timer that moves nothing (a reminder), `run` does its write, which must clear or push the due time.
 */
export interface Timer<Row, S extends string, A extends string> {
  /** Names the timer in the logs and the decision ('SOLICITADA: sin respuesta'). */
  name: string;
  /** The states it runs in; omitted: any state (a timer of another axis, the payment's). */
  in?: readonly S[];
  field: keyof Row & string;
  /** When the row falls due, if not the column itself (a reminder before a due date). */
  due?: SQL;
  /** A further condition to be due (completion waits for the payment). */
  when?: SQL;
  /** How long after entering a state of `in` the timer falls due, when entering starts it (`startTimers`). */
  after?: number;
  action?: A;
  /** The move's input (a cancellation's reason). */
  input?: (row: Row) => unknown;
  /** Who takes `action`: the scheduler unless said otherwise. */
  actor?: Actor;
  run?: (tx: Tx, row: Row, now: Date) => Promise<void>;
}

export interface Lifecycle<T extends LifecycleTable, S extends string, A extends string, R extends string, Input> {
  /** The events' `entidad` ('muestra', 'pedido'). */
  entidad: string;
  table: T;
  /** The row's state column when it is not `estado` (the lots' `status`, docs/decisions/023). */
  estadoKey?: keyof InferSelectModel<T> & string;
  /** The actor's role in this row, or null when he is not a party (the row is then a 404 to him). */
  roleOf: (row: InferSelectModel<T>, userId: string, actor?: { userId: string; tipoUser?: string }) => R | null;
  notFoundMessage: string;
  /** Why a move is refused in each state (409): "La muestra ya fue enviada." */
  stateMessages: Record<S, string>;
  /** Why a party may not take an action that belongs to the other one (403). */
  roleMessage: (action: A, allowed: readonly (R | RolAjeno)[]) => string;
  transitions: readonly Transition<InferSelectModel<T>, S, A, R, Input>[];
  /**
   * The creating moves, by entry point (`create(db, lc, 'PSS', …)`). Each one's input is its own, typed where the
   * entry point is declared.
   */
  creations?: Record<string, Creation<InferSelectModel<T>, S, A, R, never, Partial<InferInsertModel<T>>>>;
  /** The table's timers, swept by `timersTask()`. */
  timers?: readonly Timer<InferSelectModel<T>, S, A>[];
}

/**
 * Declares a lifecycle table with its types inferred (no behaviour: the table is data). The creating moves keep
 * their own input types, so `create(tx, lc, 'PSS', { input })` checks the input of that entry point.
 */
export function defineLifecycle<
  T extends LifecycleTable,
  S extends string,
  A extends string,
  R extends string,
  Input,
  C extends Record<string, Creation<InferSelectModel<T>, S, A, R, never, Partial<InferInsertModel<T>>>> = Record<
    string,
    never
  >,
>(def: Lifecycle<T, S, A, R, Input> & { creations?: C }): Lifecycle<T, S, A, R, Input> & { creations: C } {
  return { ...def, creations: def.creations ?? ({} as C) };
}

type RowOf<T extends LifecycleTable> = InferSelectModel<T> & { id: string };

export function roleOfActor<T extends LifecycleTable, R extends string>(
  lc: Pick<Lifecycle<T, string, string, R, unknown>, 'roleOf'>,
  row: InferSelectModel<T>,
  actor: Actor,
): R | RolAjeno | null {
  return 'userId' in actor ? lc.roleOf(row, actor.userId, actor) : rolAjeno(actor);
}

/** The actions the table allows this role from this state: what the web shows as buttons. */
export function allowedActions<S extends string, A extends string, R extends string>(
  lc: { transitions: readonly { action: A; from: readonly S[]; who: readonly (R | RolAjeno)[] }[] },
  estado: S,
  role: R,
): A[] {
  const out = lc.transitions.filter((t) => t.from.includes(estado) && t.who.includes(role)).map((t) => t.action);
  return [...new Set(out)];
}

export interface TransitionRequest<Input> {
  id: string;
  action: string;
  actor: Actor;
  input: Input;
  now: Date;
  /**
   * The state the actor saw when he pressed the button (the web always sends it). When given, the move is taken
   * only from that state: a buyer who pressed "cancel" on a requested sample does not cancel the sample the
   * producer accepted a second before; he gets the 409 and sees it accepted. Without it, any state the table
   * allows the action from.
   */
  desde?: string;
}

export interface Moved<Row> {
  row: Row;
  from: string;
  to: string;
  eventoId: string;
}

/**
 * Takes one move of `lc` on row `id`, in one transaction (opened here on `db`, or a savepoint when `db` is
 * already a transaction, as the scheduler's sweep passes). Refusals are HttpErrors (404, 403, 409) and change
 * nothing.
 */
export async function transition<T extends LifecycleTable, S extends string, A extends string, R extends string, I>(
  db: DbOrTx,
  lc: Lifecycle<T, S, A, R, I>,
  req: TransitionRequest<I>,
): Promise<Moved<RowOf<T>>> {
  return db.transaction(async (tx) => {
    const table = lc.table as LifecycleTable;
    const key = lc.estadoKey ?? 'estado';
    const estadoCol = (table as unknown as Record<string, PgColumn>)[key];
    const estadoOf = (r: RowOf<T>) => (r as unknown as Record<string, string>)[key];
    const [row] = (await tx.select().from(table).where(eq(table.id, req.id)).limit(1)) as RowOf<T>[];
    if (!row) throw notFound('NOT_FOUND', lc.notFoundMessage);
    const role = roleOfActor(lc, row, req.actor);
    if (!role) throw notFound('NOT_FOUND', lc.notFoundMessage);

    const forAction = lc.transitions.filter((t) => t.action === req.action);
    if (!forAction.length) throw new HttpError(400, 'VALIDATION_ERROR', 'Acción no válida.');
    const byRole = forAction.filter((t) => t.who.includes(role));
    if (!byRole.length) {
      throw new HttpError(
        403,
        'FORBIDDEN',
        lc.roleMessage(req.action as A, [...new Set(forAction.flatMap((t) => t.who))]),
      );
    }
    const from = estadoOf(row) as S;
    if (req.desde !== undefined && req.desde !== from) throw refusedIn(lc, from);
    const move = byRole.find((t) => t.from.includes(from));
    if (!move) throw refusedIn(lc, from);

    const ctx: MoveContext<InferSelectModel<T>, I> = { tx, row, input: req.input, now: req.now, actor: req.actor };
    const refusal = await move.guard?.(ctx);
    if (refusal) throw new HttpError(409, 'CONFLICT', refusal);

    const changes = { ...move.set?.(ctx), [key]: move.to, updatedAt: req.now } as Record<string, unknown>;
    if (!('updatedAt' in lc.table)) delete changes.updatedAt;
    const updated = (await tx
      .update(table)
      .set(changes as never)
      .where(and(eq(table.id, req.id), eq(estadoCol, from)))
      .returning()) as RowOf<T>[];
    if (!updated.length) {
      // Someone moved it between our read and our update: answer as if we had read their state.
      const [now] = (await tx.select().from(table).where(eq(table.id, req.id)).limit(1)) as RowOf<T>[];
      throw refusedIn(lc, (now ? estadoOf(now) : from) as S);
    }
    const moved = updated[0];
    const eventoId = await writeEvento(tx, {
      entidad: lc.entidad,
      entidadId: req.id,
      accion: req.action,
      desde: from,
      hacia: move.to,
      actor: req.actor,
      actorRol: role,
      datos: move.datos?.(ctx) ?? {},
      at: req.now,
    });
    await move.effects?.({ ...ctx, moved });
    return { row: moved, from, to: move.to, eventoId };
  });
}

function refusedIn<S extends string>(lc: { stateMessages: Record<S, string> }, estado: S): HttpError {
  return new HttpError(409, 'CONFLICT', lc.stateMessages[estado] ?? 'Esta acción ya no es posible.');
}

/** An event row: what a move records (who, from which state to which, when). */
export interface EventoInput {
  entidad: string;
  entidadId: string;
  accion: string;
  desde: string | null;
  hacia: string;
  actor: Actor;
  actorRol: string;
  datos?: Record<string, unknown>;
  at: Date;
}

/**
 * The event's insert, not yet sent: a creating move can put it in the statement that inserts its object (a
 * data-modifying WITH, the reservation's in issue 33) instead of a statement of its own.
 */
export function eventoInsert(tx: DbOrTx, e: EventoInput) {
  return tx
    .insert(eventos)
    .values({
      entidad: e.entidad,
      entidadId: e.entidadId,
      accion: e.accion,
      desde: e.desde,
      hacia: e.hacia,
      actorId: 'userId' in e.actor ? e.actor.userId : null,
      actorRol: e.actorRol,
      datos: e.datos ?? {},
      createdAt: e.at,
    })
    .returning({ id: eventos.id });
}

/** The event row of a move; creating moves ("—" → first state) write it through here too. */
export async function writeEvento(tx: DbOrTx, e: EventoInput): Promise<string> {
  const [row] = await eventoInsert(tx, e);
  return row.id;
}

// ---------------------------------------------------------------------------------------------------------
// Creating moves
// ---------------------------------------------------------------------------------------------------------

/** The due-time columns the declared timers of `estado` start on entering it (those with an `after`). */
export function startTimers<Row>(
  lc: { timers?: readonly Timer<Row, string, string>[] },
  estado: string,
  now: Date,
): Partial<Row> {
  const out: Record<string, Date> = {};
  for (const t of lc.timers ?? []) {
    if (t.after !== undefined && t.in?.includes(estado)) out[t.field] = new Date(now.getTime() + t.after);
  }
  return out as Partial<Row>;
}

export interface CreateRequest<Input> {
  actor: Actor;
  input: Input;
  now: Date;
}

type InputOf<C> = C extends { values: (ctx: CreateContext<infer I>) => unknown } ? I : never;
/** What `create()` reads of a table, whatever its types. */
interface AnyLifecycle {
  entidad: string;
  table: LifecycleTable;
  estadoKey?: string;
  roleOf: (row: never, userId: string, actor?: never) => string | null;
  roleMessage: (action: never, allowed: never) => string;
  timers?: readonly unknown[];
  creations: Record<string, unknown>;
}
type RowOfLc<L> = L extends { table: infer T extends LifecycleTable } ? RowOf<T> : never;

/**
 * Creates a row of `lc` through its entry point `via`, in the caller's transaction (a savepoint for the insert, so a
 * unique index's refusal is a 409 and leaves the caller's transaction usable). Refusals are HttpErrors.
 */
export async function create<L extends AnyLifecycle, V extends keyof L['creations'] & string>(
  tx: Tx,
  lc: L,
  via: V,
  req: CreateRequest<InputOf<L['creations'][V]>>,
): Promise<Moved<RowOfLc<L>>> {
  type Row = RowOf<LifecycleTable>;
  const c = lc.creations[via] as unknown as
    Creation<Row, string, string, string, unknown, Record<string, unknown>> | undefined;
  if (!c) throw new Error(`${lc.entidad}: no creating move '${via}'`);
  const ctx: CreateContext<unknown> = { tx, input: req.input, now: req.now, actor: req.actor };
  const refusal = await c.guard?.(ctx);
  if (refusal) throw new HttpError(409, 'CONFLICT', refusal);
  const values: Record<string, unknown> = {
    ...(await c.values(ctx)),
    ...startTimers<Row>(lc as { timers?: Timer<Row, string, string>[] }, c.to, req.now),
    [lc.estadoKey ?? 'estado']: c.to,
  };
  const role = roleOfActor(
    lc as unknown as Lifecycle<LifecycleTable, string, string, string, unknown>,
    values as Row,
    req.actor,
  );
  if (!role || !c.who.includes(role))
    throw new HttpError(
      403,
      'FORBIDDEN',
      (lc.roleMessage as (a: string, w: readonly string[]) => string)(c.action, c.who),
    );
  let created: Row;
  try {
    [created] = (await tx.transaction((sp) =>
      sp
        .insert(lc.table)
        .values(values as never)
        .returning(),
    )) as Row[];
  } catch (err) {
    if (c.duplicateMessage && isUniqueViolation(err)) throw new HttpError(409, 'CONFLICT', c.duplicateMessage);
    throw err;
  }
  const eventoId = await writeEvento(tx, {
    entidad: lc.entidad,
    entidadId: created.id,
    accion: c.action,
    desde: null,
    hacia: c.to,
    actor: req.actor,
    actorRol: role,
    datos: c.datos?.({ ...ctx, created }) ?? {},
    at: req.now,
  });
  await c.effects?.({ ...ctx, created });
  return { row: created as RowOfLc<L>, from: '—', to: c.to, eventoId };
}

// ---------------------------------------------------------------------------------------------------------
// Timers
// ---------------------------------------------------------------------------------------------------------

export interface SweepContext {
  db: Db;
  now: Date;
  log?: Parameters<typeof sweepDue>[1]['log'];
  signal?: AbortSignal;
}

/**
 * The one sweep of a table's declared timers: for each timer, the due rows are claimed (FOR UPDATE SKIP LOCKED, so
 * several processes can sweep) and each one is moved by the timer's action or handled by its `run`, in a savepoint
 * (a failure leaves that row due for the next run). Returns how many rows were handled.
 */
export async function sweepTimers<T extends LifecycleTable, S extends string, A extends string, R extends string, I>(
  lc: Lifecycle<T, S, A, R, I>,
  { db, now, log, signal }: SweepContext,
): Promise<number> {
  const table = lc.table as LifecycleTable;
  const cols = table as unknown as Record<string, PgColumn>;
  const estadoCol = cols[lc.estadoKey ?? 'estado'];
  let total = 0;
  for (const t of lc.timers ?? []) {
    const col = cols[t.field];
    const isDue = t.due ? lte(t.due, now) : lte(col, now);
    total += await sweepDue(db, {
      log,
      signal,
      claim: (tx, limit) =>
        tx
          .select()
          .from(table)
          .where(and(t.in ? inArray(estadoCol, [...t.in]) : undefined, isDue, t.when))
          .orderBy(asc(t.due ?? col))
          .limit(limit)
          .for('update', { skipLocked: true }) as unknown as Promise<RowOf<T>[]>,
      handle: async (tx, row) => {
        if (t.action) {
          const input = (t.input?.(row) ?? {}) as I;
          await transition(tx, lc, { id: row.id, action: t.action, actor: t.actor ?? SISTEMA, input, now });
        } else await t.run?.(tx, row, now);
      },
    });
  }
  return total;
}

/** The scheduler's task of a table's timers: run every tick, in every process (the claim keeps it exactly-once). */
export function timersTask<T extends LifecycleTable, S extends string, A extends string, R extends string, I>(
  name: string,
  lc: Lifecycle<T, S, A, R, I>,
): Task {
  return { name, run: ({ db, now, log, signal }) => sweepTimers(lc, { db, now, log, signal }) };
}
