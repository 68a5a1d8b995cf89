import { and, asc, desc, eq, ilike, lt, or, type SQL } from 'drizzle-orm';
import type { AuditoriaQuery, EntidadAuditoria } from '../../../contract/operador';
import type { UserRow } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { auditoria } from '../../db/schema/operador';

/*
 * The operators' audit log (docs/decisions/045): every operator action writes one row in its own transaction
 * (who, when, what, on which object, the reason typed, before and after). The table refuses UPDATE and DELETE
 * (a trigger, as invoices do): what an operator did stays on record.
 */

export interface EntradaAuditoria {
  accion: string;
  entidad: EntidadAuditoria;
  entidadId: string;
  motivo: string;
  antes?: Record<string, unknown> | null;
  despues?: Record<string, unknown> | null;
}

/** Writes the row; call it inside the action's transaction, so that the action and its record stand or fall together. */
export async function auditar(
  tx: DbOrTx,
  operador: Pick<UserRow, 'id' | 'email'>,
  e: EntradaAuditoria,
  now: Date,
): Promise<void> {
  await tx.insert(auditoria).values({
    operadorId: operador.id,
    operadorEmail: operador.email,
    accion: e.accion,
    entidad: e.entidad,
    entidadId: e.entidadId,
    motivo: e.motivo,
    antes: e.antes ?? null,
    despues: e.despues ?? null,
    createdAt: now,
  });
}

/**
 * The log, newest first: filtered by a word (reason, action, operator's e-mail, object id), an action, an object's
 * kind and/or id. Keyset pages on the sequence number `n` (unique, in insertion order): `siguiente` is the last
 * number shown, passed back as `antesDe`.
 */
export async function searchAuditoria(db: DbOrTx, filtro: Partial<AuditoriaQuery> & { limit: number }) {
  const where: SQL[] = [];
  const q = filtro.q?.trim();
  if (q) {
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    where.push(
      or(
        ilike(auditoria.motivo, like),
        ilike(auditoria.accion, like),
        ilike(auditoria.operadorEmail, like),
        ilike(auditoria.entidadId, like),
      )!,
    );
  }
  if (filtro.accion) where.push(eq(auditoria.accion, filtro.accion));
  if (filtro.entidad) where.push(eq(auditoria.entidad, filtro.entidad));
  if (filtro.entidadId) where.push(eq(auditoria.entidadId, filtro.entidadId));
  if (filtro.antesDe) where.push(lt(auditoria.n, filtro.antesDe));
  const rows = await db
    .select()
    .from(auditoria)
    .where(where.length ? and(...where) : undefined)
    .orderBy(desc(auditoria.n))
    .limit(filtro.limit + 1);
  return {
    entradas: rows.slice(0, filtro.limit).map((r) => ({
      id: r.id,
      n: r.n,
      operadorEmail: r.operadorEmail,
      accion: r.accion,
      entidad: r.entidad,
      entidadId: r.entidadId,
      motivo: r.motivo,
      antes: r.antes,
      despues: r.despues,
      createdAt: r.createdAt.toISOString(),
    })),
    siguiente: rows.length > filtro.limit ? rows[filtro.limit - 1].n : null,
  };
}

/** The actions the log holds, for the page's filter: only what was ever done, so every choice finds rows. */
export async function accionesAuditoria(db: DbOrTx): Promise<string[]> {
  const rows = await db.selectDistinct({ accion: auditoria.accion }).from(auditoria).orderBy(asc(auditoria.accion));
  return rows.map((r) => r.accion);
}
