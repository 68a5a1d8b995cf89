import { and, eq, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx, Tx } from '../db/client';
import { eventos } from '../db/schema';
import { HttpError, notFound } from '../errors';

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
}

/** Declares a lifecycle table with its types inferred (no behaviour: the table is data). */
export function defineLifecycle<T extends LifecycleTable, S extends string, A extends string, R extends string, Input>(
  def: Lifecycle<T, S, A, R, Input>,
): Lifecycle<T, S, A, R, Input> {
  return def;
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
