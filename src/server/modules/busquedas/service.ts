import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNull, lte, or, sql } from 'drizzle-orm';
import {
  BUSQUEDA_FILTROS,
  BUSQUEDA_LIMITS,
  BUSQUEDA_MESSAGES,
  nombrePorDefecto,
  resumenConsulta,
  type Busqueda,
  type BusquedaInput,
  type BusquedaUpdate,
} from '../../../contract/busquedas';
import { LOTE_LIMITS } from '../../../contract/lotes-codes';
import { LotesQuerySchema, type Lote } from '../../../contract/lotes';
import { wantsEmail } from '../../../contract/notificaciones';
import type { Db } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { busquedasGuardadas } from '../../db/schema/busquedas';
import { users } from '../../db/schema/users';
import { badRequest, conflict, notFound } from '../../errors';
import { enqueueMail } from '../../mail/outbox';
import { fieldErrors } from '../../validation';
import { listPublicLotes, type CatalogoReader } from '../lotes';
import { notify } from '../notificaciones';

/** The outbox renderer of a saved search's alert: the notification's mail plus its one-click unsubscribe link. */
export const BUSQUEDA_MAIL = 'BUSQUEDA_AVISO';

type Row = typeof busquedasGuardadas.$inferSelect;

/**
 * The catalogue's query as a saved search keeps it: its known filters only (first value of each, trimmed), checked
 * by the catalogue's own schema (so a saved search always opens), keys sorted so that the same filters are the same
 * search. The default order is left out.
 */
export function normalizeConsulta(raw: string): string {
  const entrada = new URLSearchParams(raw.startsWith('?') ? raw.slice(1) : raw);
  const valores: Record<string, string> = {};
  for (const key of BUSQUEDA_FILTROS) {
    const v = entrada.get(key)?.trim();
    if (v) valores[key] = v;
  }
  const parsed = LotesQuerySchema.safeParse(valores);
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error);
    throw badRequest(
      'VALIDATION_ERROR',
      Object.values(fields)[0] ?? 'Los filtros de la búsqueda no son válidos.',
      fields,
    );
  }
  if (valores.orden === 'relevancia') delete valores.orden;
  return new URLSearchParams(Object.entries(valores).sort(([a], [b]) => (a < b ? -1 : 1))).toString();
}

/**
 * The public lots matching a search that were published after `desde`, newest first: the catalogue's reader in
 * its "most recent" order, read page by page until the lots are older than `desde`.
 */
export async function lotesNuevos(reader: CatalogoReader, consulta: string, desde: Date): Promise<Lote[]> {
  const query = Object.fromEntries(new URLSearchParams(consulta));
  const limit = LOTE_LIMITS.pageLimitMax;
  const nuevos: Lote[] = [];
  for (let page = 1; ; page++) {
    const { lotes } = await listPublicLotes(reader, { ...query, orden: 'recientes', page, limit });
    for (const l of lotes) {
      if (Date.parse(l.createdAt) <= desde.getTime()) return nuevos;
      nuevos.push(l);
    }
    if (lotes.length < limit) return nuevos;
  }
}

async function answer(reader: CatalogoReader, r: Row): Promise<Busqueda> {
  return {
    id: r.id,
    nombre: r.nombre,
    consulta: r.consulta,
    resumen: resumenConsulta(r.consulta),
    avisarEmail: r.avisarEmail,
    nuevos: (await lotesNuevos(reader, r.consulta, r.avisoDesde)).length,
    ultimoAvisoAt: r.ultimoAvisoAt?.toISOString() ?? null,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listBusquedas(reader: CatalogoReader, compradorId: string): Promise<Busqueda[]> {
  const rows = await reader.db
    .select()
    .from(busquedasGuardadas)
    .where(eq(busquedasGuardadas.compradorId, compradorId))
    .orderBy(asc(busquedasGuardadas.createdAt));
  return Promise.all(rows.map((r) => answer(reader, r)));
}

async function propia(db: Db, compradorId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(busquedasGuardadas)
    .where(and(eq(busquedasGuardadas.id, id), eq(busquedasGuardadas.compradorId, compradorId)));
  if (!row) throw notFound('NOT_FOUND', BUSQUEDA_MESSAGES.noEncontrada);
  return row;
}

export async function saveBusqueda(
  reader: CatalogoReader,
  compradorId: string,
  input: BusquedaInput,
): Promise<Busqueda> {
  const consulta = normalizeConsulta(input.consulta);
  try {
    const row = await reader.db.transaction(async (tx) => {
      // One buyer's saves are serialised on his row: two at once cannot both pass the count.
      await tx.execute(sql`select id from ${users} where ${users.id} = ${compradorId} for update`);
      const [{ n }] = await tx
        .select({ n: count() })
        .from(busquedasGuardadas)
        .where(eq(busquedasGuardadas.compradorId, compradorId));
      if (n >= BUSQUEDA_LIMITS.porComprador) throw conflict('CONFLICT', BUSQUEDA_MESSAGES.demasiadas);
      const [inserted] = await tx
        .insert(busquedasGuardadas)
        .values({
          compradorId,
          nombre: input.nombre ?? nombrePorDefecto(consulta),
          consulta,
          avisarEmail: input.avisarEmail,
          bajaToken: randomBytes(24).toString('base64url'),
        })
        .returning();
      return inserted;
    });
    return answer(reader, row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', BUSQUEDA_MESSAGES.repetida);
    throw err;
  }
}

export async function updateBusqueda(
  reader: CatalogoReader,
  compradorId: string,
  id: string,
  patch: BusquedaUpdate,
): Promise<Busqueda> {
  await propia(reader.db, compradorId, id);
  const [row] = await reader.db
    .update(busquedasGuardadas)
    .set({
      ...(patch.nombre !== undefined ? { nombre: patch.nombre } : {}),
      ...(patch.avisarEmail !== undefined ? { avisarEmail: patch.avisarEmail } : {}),
    })
    .where(and(eq(busquedasGuardadas.id, id), eq(busquedasGuardadas.compradorId, compradorId)))
    .returning();
  if (!row) throw notFound('NOT_FOUND', BUSQUEDA_MESSAGES.noEncontrada);
  return answer(reader, row);
}

export async function deleteBusqueda(db: Db, compradorId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(busquedasGuardadas)
    .where(and(eq(busquedasGuardadas.id, id), eq(busquedasGuardadas.compradorId, compradorId)))
    .returning({ id: busquedasGuardadas.id });
  if (!deleted.length) throw notFound('NOT_FOUND', BUSQUEDA_MESSAGES.noEncontrada);
}

/** The e-mail's unsubscribe link: the search's e-mail alerts stop; the bell goes on. Answers the search's name. */
export async function darDeBaja(db: Db, token: string): Promise<string> {
  const [row] = await db
    .update(busquedasGuardadas)
    .set({ avisarEmail: false })
    .where(eq(busquedasGuardadas.bajaToken, token))
    .returning({ nombre: busquedasGuardadas.nombre });
  if (!row) throw notFound('NOT_FOUND', BUSQUEDA_MESSAGES.bajaEnlaceNoValido);
  return row.nombre;
}

/** The alert opens the search with the newest lots first, whatever order the search was saved with. */
export function enlaceDeAviso(consulta: string): string {
  const p = new URLSearchParams(consulta);
  p.set('orden', 'recientes');
  return `/lotes?${p.toString()}`;
}

const listaDeLotes = (lotes: Lote[]) => {
  const primeros = lotes.slice(0, BUSQUEDA_LIMITS.lotesEnAviso).map((l) => `• ${l.nombre} (${l.region})`);
  const resto = lotes.length - primeros.length;
  return [...primeros, ...(resto > 0 ? [`… y ${resto} ${resto === 1 ? 'lote más' : 'lotes más'}.`] : [])].join('\n');
};

/**
 * The daily digest (a scheduler task): each saved search not alerted in the last 24 hours that has new lots gets
 * one notification, and an e-mail when both the account's preference and the search's switch want it. The alert
 * is claimed by a conditional update, so two processes at once send one; the watermark moves to the newest lot
 * announced, so a lot published while the digest runs is announced next time.
 */
export async function enviarAvisosDeBusquedas(reader: CatalogoReader, now: Date): Promise<number> {
  const limite = new Date(now.getTime() - BUSQUEDA_LIMITS.avisoCadaMs);
  const pendientes = await reader.db
    .select()
    .from(busquedasGuardadas)
    .where(or(isNull(busquedasGuardadas.ultimoAvisoAt), lte(busquedasGuardadas.ultimoAvisoAt, limite)));
  let enviados = 0;
  for (const b of pendientes) {
    const nuevos = await lotesNuevos(reader, b.consulta, b.avisoDesde);
    if (!nuevos.length) continue;
    const hasta = new Date(Math.max(...nuevos.map((l) => Date.parse(l.createdAt))));
    await reader.db.transaction(async (tx) => {
      const claimed = await tx
        .update(busquedasGuardadas)
        .set({ ultimoAvisoAt: now, avisoDesde: hasta })
        .where(
          and(
            eq(busquedasGuardadas.id, b.id),
            or(isNull(busquedasGuardadas.ultimoAvisoAt), lte(busquedasGuardadas.ultimoAvisoAt, limite)),
          ),
        )
        .returning({ id: busquedasGuardadas.id });
      if (!claimed.length) return;
      const { id: notificacionId } = await notify(
        tx,
        {
          userId: b.compradorId,
          tipo: 'BUSQUEDA_LOTES_NUEVOS',
          busqueda: b.nombre,
          n: nuevos.length,
          lista: listaDeLotes(nuevos),
          resumen: resumenConsulta(b.consulta),
          enlace: enlaceDeAviso(b.consulta),
          entidad: 'busqueda',
          entidadId: b.id,
        },
        { email: false },
      );
      const [user] = await tx.select({ prefs: users.notificaciones }).from(users).where(eq(users.id, b.compradorId));
      if (b.avisarEmail && user && wantsEmail(user.prefs, 'BUSQUEDA_LOTES_NUEVOS')) {
        await enqueueMail(tx, {
          userId: b.compradorId,
          tipo: BUSQUEDA_MAIL,
          notificacionId,
          datos: { busquedaId: b.id },
        });
      }
      enviados++;
    });
  }
  return enviados;
}
