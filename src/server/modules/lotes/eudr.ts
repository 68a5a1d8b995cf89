import { and, eq, inArray, sql } from 'drizzle-orm';
import { EUDR_FALTA, type EudrLote, type RiesgoPais } from '../../../contract/eudr';
import { PARCELA_FALTA } from '../../../contract/parcelas-codes';
import type { DbOrTx } from '../../db/client';
import { fincas, loteFincas } from '../../db/schema/abastecimiento';
import { riesgoPaises } from '../../db/schema/eudr';
import { lotes } from '../../db/schema/lotes';
import { lotesChanged } from './changed';

/*
 * A lot is EUDR-ready when its production period is set, it names at least one plot and every plot it names is
 * valid (issue 30, decision 058). `lotes.eudr_listo` keeps that answer for the catalogue's filter and badge;
 * whoever changes a lot's period, its plots or a plot calls `recomputeEudr` inside the same transaction.
 */

const listoSql = sql<boolean>`(${lotes.cosechaInicio} is not null and ${lotes.cosechaFin} is not null
  and exists (select 1 from ${loteFincas} lf where lf.lote_id = ${lotes.id})
  and not exists (select 1 from ${loteFincas} lf join ${fincas} f on f.id = lf.finca_id
                  where lf.lote_id = ${lotes.id} and not f.eudr_valida))`;

/** Recomputes the lots' flag; the catalogue reads again those whose answer changed. */
export async function recomputeEudr(tx: DbOrTx, loteIds: string[]): Promise<void> {
  if (!loteIds.length) return;
  const cambiados = await tx
    .update(lotes)
    .set({ eudrListo: listoSql })
    .where(and(inArray(lotes.id, loteIds), sql`${lotes.eudrListo} is distinct from ${listoSql}`))
    .returning({ id: lotes.id });
  await lotesChanged(
    tx,
    cambiados.map((r) => r.id),
  );
}

/** The lots a plot is in (a plot's save changes their readiness). */
export async function recomputeEudrOfFincas(tx: DbOrTx, fincaIds: string[]): Promise<void> {
  if (!fincaIds.length) return;
  const rows = await tx
    .selectDistinct({ loteId: loteFincas.loteId })
    .from(loteFincas)
    .where(inArray(loteFincas.fincaId, fincaIds));
  await recomputeEudr(
    tx,
    rows.map((r) => r.loteId),
  );
}

export async function riesgoDe(db: DbOrTx, pais: string): Promise<RiesgoPais | null> {
  const [r] = await db.select().from(riesgoPaises).where(eq(riesgoPaises.pais, pais)).limit(1);
  return r ? { ...r, updatedAt: r.updatedAt.toISOString() } : null;
}

type FincaRow = typeof fincas.$inferSelect;

/** What a lot lacks to be EUDR-ready, in Spanish; empty when it is ready. */
export function faltasDeLote(lote: { cosechaInicio: string | null; cosechaFin: string | null }, parcelas: FincaRow[]) {
  const out: string[] = [];
  if (!lote.cosechaInicio || !lote.cosechaFin) out.push(EUDR_FALTA.SIN_PERIODO);
  if (!parcelas.length) out.push(EUDR_FALTA.SIN_PARCELAS);
  for (const f of parcelas) {
    if (f.eudrValida) continue;
    const falta = !f.ubicacion
      ? PARCELA_FALTA.SIN_UBICACION
      : !f.pais
        ? PARCELA_FALTA.SIN_PAIS
        : f.hectareas == null
          ? PARCELA_FALTA.SIN_HECTAREAS
          : PARCELA_FALTA.SIN_COMPROBAR;
    out.push(EUDR_FALTA.PARCELA(f.nombre, falta));
  }
  return out;
}

/** The lot page's traceability summary. */
export async function eudrDeLote(db: DbOrTx, lote: typeof lotes.$inferSelect): Promise<EudrLote> {
  const parcelas = (
    await db
      .select({ f: fincas })
      .from(loteFincas)
      .innerJoin(fincas, eq(fincas.id, loteFincas.fincaId))
      .where(eq(loteFincas.loteId, lote.id))
  ).map((r) => r.f);
  const faltas = faltasDeLote(lote, parcelas);
  return {
    listo: faltas.length === 0,
    faltas,
    cosechaInicio: lote.cosechaInicio,
    cosechaFin: lote.cosechaFin,
    pais: lote.pais,
    riesgo: await riesgoDe(db, lote.pais),
    parcelas: parcelas.length,
    hectareas: Math.round(parcelas.reduce((s, f) => s + (f.hectareas ?? 0), 0) * 100) / 100,
  };
}
