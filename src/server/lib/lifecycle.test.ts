import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createTestApp, createUser, type TestContext, type TestUser } from '../test/helpers';
import { eventos, notificaciones } from '../db/schema';
import { HttpError } from '../errors';
import { notify } from '../modules/notificaciones/notify';
import { allowedActions, defineLifecycle, SISTEMA, transition } from './lifecycle';

/*
 * The helper on a table of its own (created here, not in the migrations): a request one party makes and the other
 * answers. The sample table (modules/muestras) is tested through the API; this file proves the helper's rules.
 */
const tramites = pgTable('tramites_prueba', {
  id: uuid('id').primaryKey().defaultRandom(),
  estado: text('estado').notNull(),
  pideId: uuid('pide_id').notNull(),
  respondeId: uuid('responde_id').notNull(),
  nota: text('nota'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

type Estado = 'ABIERTO' | 'ACEPTADO' | 'CANCELADO' | 'VENCIDO';
type Accion = 'ACEPTAR' | 'CANCELAR' | 'VENCER';

const tabla = defineLifecycle({
  entidad: 'tramite',
  table: tramites,
  roleOf: (row, userId) => (row.pideId === userId ? 'pide' : row.respondeId === userId ? 'responde' : null),
  notFoundMessage: 'Trámite no encontrado.',
  stateMessages: {
    ABIERTO: 'El trámite sigue abierto.',
    ACEPTADO: 'El trámite ya fue aceptado.',
    CANCELADO: 'El trámite fue cancelado.',
    VENCIDO: 'El trámite venció.',
  } satisfies Record<Estado, string>,
  roleMessage: () => 'Esta acción corresponde a la otra parte.',
  transitions: [
    {
      action: 'ACEPTAR' as Accion,
      from: ['ABIERTO'] as Estado[],
      who: ['responde'] as const,
      to: 'ACEPTADO' as Estado,
      guard: ({ input }: { input: { nota?: string } }) => (input.nota === 'no' ? 'La nota no lo permite.' : undefined),
      set: ({ input }) => ({ nota: input.nota ?? null }),
      datos: ({ input }) => ({ nota: input.nota ?? null }),
      effects: async ({ tx, moved }) => {
        await notify(tx, { userId: moved.pideId, tipo: 'LOTE_FAVORITO', lote: 'Trámite', quien: 'La otra parte' });
      },
    },
    {
      action: 'CANCELAR' as Accion,
      from: ['ABIERTO', 'ACEPTADO'] as Estado[],
      who: ['pide'] as const,
      to: 'CANCELADO' as Estado,
    },
    { action: 'VENCER' as Accion, from: ['ABIERTO'] as Estado[], who: ['sistema'] as const, to: 'VENCIDO' as Estado },
  ],
});

let ctx: TestContext;
let pide: TestUser;
let responde: TestUser;
let otro: TestUser;
const now = new Date('2026-03-01T10:00:00Z');

beforeAll(async () => {
  ctx = await createTestApp();
  await ctx.app.db.execute(sql`create table tramites_prueba (
    id uuid primary key default gen_random_uuid(), estado text not null, pide_id uuid not null,
    responde_id uuid not null, nota text, updated_at timestamptz not null default now())`);
  pide = await createUser(ctx, 'COMPRADOR');
  responde = await createUser(ctx, 'PRODUCTOR');
  otro = await createUser(ctx, 'COMPRADOR');
});
afterAll(() => ctx.close());

async function abrir(estado: Estado = 'ABIERTO') {
  const [row] = await ctx.app.db
    .insert(tramites)
    .values({ estado, pideId: pide.id, respondeId: responde.id })
    .returning();
  return row;
}

const move = (id: string, action: Accion, userId: string | null, input: { nota?: string } = {}, desde?: Estado) =>
  transition(ctx.app.db, tabla, { id, action, actor: userId ? { userId } : SISTEMA, input, now, desde });

async function refusal(p: Promise<unknown>): Promise<{ status: number; message: string }> {
  try {
    await p;
  } catch (err) {
    if (err instanceof HttpError) return { status: err.statusCode, message: err.message };
    throw err;
  }
  throw new Error('the move was not refused');
}

const eventosDe = (id: string) =>
  ctx.app.db
    .select()
    .from(eventos)
    .where(and(eq(eventos.entidad, 'tramite'), eq(eventos.entidadId, id)));

describe('transition()', () => {
  it('moves the row, records the event and runs the effects in one go', async () => {
    const t = await abrir();
    const moved = await move(t.id, 'ACEPTAR', responde.id, { nota: 'de acuerdo' });
    expect(moved).toMatchObject({ from: 'ABIERTO', to: 'ACEPTADO' });
    expect(moved.row).toMatchObject({ estado: 'ACEPTADO', nota: 'de acuerdo' });
    const [e] = await eventosDe(t.id);
    expect(e).toMatchObject({
      accion: 'ACEPTAR',
      desde: 'ABIERTO',
      hacia: 'ACEPTADO',
      actorId: responde.id,
      actorRol: 'responde',
      datos: { nota: 'de acuerdo' },
    });
    expect(e.createdAt.toISOString()).toBe(now.toISOString());
    const avisos = await ctx.app.db.select().from(notificaciones).where(eq(notificaciones.userId, pide.id));
    expect(avisos).toHaveLength(1);
  });

  it('answers 404 to someone who is not a party, and to a missing row, changing nothing', async () => {
    const t = await abrir();
    expect(await refusal(move(t.id, 'ACEPTAR', otro.id))).toEqual({ status: 404, message: 'Trámite no encontrado.' });
    expect(await refusal(move('00000000-0000-4000-8000-000000000000', 'ACEPTAR', responde.id))).toMatchObject({
      status: 404,
    });
    expect(await eventosDe(t.id)).toHaveLength(0);
  });

  it("answers 403 to a party taking the other party's action, and 409 with the state's message", async () => {
    const t = await abrir();
    expect(await refusal(move(t.id, 'ACEPTAR', pide.id))).toEqual({
      status: 403,
      message: 'Esta acción corresponde a la otra parte.',
    });
    expect(await refusal(move(t.id, 'VENCER', responde.id))).toMatchObject({ status: 403 });
    await move(t.id, 'CANCELAR', pide.id);
    expect(await refusal(move(t.id, 'ACEPTAR', responde.id))).toEqual({
      status: 409,
      message: 'El trámite fue cancelado.',
    });
    expect(await refusal(move(t.id, 'VENCER', null))).toMatchObject({ status: 409 });
    expect((await eventosDe(t.id)).map((e) => e.accion)).toEqual(['CANCELAR']);
  });

  it('a guard refuses with its own message and rolls back', async () => {
    const t = await abrir();
    expect(await refusal(move(t.id, 'ACEPTAR', responde.id, { nota: 'no' }))).toEqual({
      status: 409,
      message: 'La nota no lo permite.',
    });
    const [row] = await ctx.app.db.select().from(tramites).where(eq(tramites.id, t.id));
    expect(row.estado).toBe('ABIERTO');
  });

  it('a failing effect rolls the whole move back (state, event)', async () => {
    const t = await abrir();
    const rota = {
      ...tabla,
      transitions: tabla.transitions.map((tr) =>
        tr.action === 'CANCELAR'
          ? {
              ...tr,
              effects: async () => {
                throw new Error('boom');
              },
            }
          : tr,
      ),
    };
    await expect(
      transition(ctx.app.db, rota, { id: t.id, action: 'CANCELAR', actor: { userId: pide.id }, input: {}, now }),
    ).rejects.toThrow('boom');
    const [row] = await ctx.app.db.select().from(tramites).where(eq(tramites.id, t.id));
    expect(row.estado).toBe('ABIERTO');
    expect(await eventosDe(t.id)).toHaveLength(0);
  });

  it('two moves at the same moment: exactly one wins, the other gets 409, one event', async () => {
    for (let i = 0; i < 10; i++) {
      const t = await abrir();
      const results = await Promise.allSettled([
        // Each presses the button on the state he sees: ABIERTO (cancelling an accepted one would be legal).
        move(t.id, 'ACEPTAR', responde.id, {}, 'ABIERTO'),
        move(t.id, 'CANCELAR', pide.id, {}, 'ABIERTO'),
      ]);
      const won = results.filter((r) => r.status === 'fulfilled');
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      expect(lost[0].reason).toBeInstanceOf(HttpError);
      expect((lost[0].reason as HttpError).statusCode).toBe(409);
      expect(await eventosDe(t.id)).toHaveLength(1);
    }
  });

  it('a move from a state the actor no longer sees is a 409 with the current state', async () => {
    const t = await abrir();
    await move(t.id, 'ACEPTAR', responde.id);
    expect(await refusal(move(t.id, 'CANCELAR', pide.id, {}, 'ABIERTO'))).toEqual({
      status: 409,
      message: 'El trámite ya fue aceptado.',
    });
    expect((await move(t.id, 'CANCELAR', pide.id, {}, 'ACEPTADO')).to).toBe('CANCELADO');
  });

  it('lists the actions a role may take in a state', () => {
    expect(allowedActions(tabla, 'ABIERTO', 'responde')).toEqual(['ACEPTAR']);
    expect(allowedActions(tabla, 'ACEPTADO', 'pide')).toEqual(['CANCELAR']);
    expect(allowedActions(tabla, 'CANCELADO', 'pide')).toEqual([]);
  });
});
