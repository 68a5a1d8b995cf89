import { and, eq, inArray, sql } from 'drizzle-orm';
import type { GeometriaParcela } from '../../../contract/fincas';
import { IndiceParcelas, juzgarParcela } from '../../modules/fincas/geometria';
import { recomputeEudr } from '../../modules/lotes/eudr';
import { instantaneaEudr } from '../../modules/eudr/exportar';
import type { DbOrTx } from '../client';
import { fincas, lotes, pedidos } from '../schema';
import type { SeedRows } from './build';

/*
 * The demo's EUDR side (issue 30): every member farm judged by the same plot rules as the API (its country, its
 * polygon's area as declared hectares), so most plots are valid and a few are not, for a reason a visitor reads on
 * the lot page (a point declared above 4 ha, an overlap); four lots in five get their production period from their
 * harvest month, the fifth says it is missing. The lots' readiness is then computed as for real lots.
 */

type FincaSeed = typeof fincas.$inferInsert;

export function juzgarFincasDemo(rows: SeedRows, demo: FincaSeed[], now: Date): void {
  const pais = new Map(rows.productorPerfiles.map((p) => [p.userId, p.pais]));
  const indices = new Map<string, IndiceParcelas>();
  for (const f of demo) {
    f.pais = pais.get(f.productorId) ?? null;
    const g = f.ubicacion as GeometriaParcela | null | undefined;
    if (!g || !f.pais) continue;
    if (g.type !== 'Point') {
      // The declared area is the polygon's, as a farmer measuring it would give it.
      const medida = juzgarParcela({ geometria: g, hectareas: null, pais: f.pais }).areaCalculadaHa;
      if (medida != null) f.hectareas = Math.round(medida * 100) / 100;
    }
    const v = juzgarParcela({ geometria: g, hectareas: f.hectareas, pais: f.pais });
    const indice = indices.get(f.productorId) ?? new IndiceParcelas();
    indices.set(f.productorId, indice);
    const errores = v.hallazgos.filter((h) => h.nivel === 'error');
    const solape = errores.length ? undefined : indice.solape(g);
    f.eudrComprobadaAt = now;
    f.areaCalculadaHa = v.areaCalculadaHa;
    f.eudrValida = !errores.length && !solape && f.hectareas != null;
    f.eudrAvisos = v.hallazgos.filter((h) => h.nivel === 'aviso').map((h) => h.mensaje);
    if (f.eudrValida) indice.add({ id: f.id!, nombre: f.nombre, geometria: g });
  }
}

const ultimoDia = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export async function seedDemoEudr(tx: DbOrTx, rows: SeedRows): Promise<void> {
  // Each organisation's last lot on show has no period yet: every producer has a lot that says what it lacks.
  const ultimo = new Map<string, string>();
  for (const l of rows.lotes) if (!l.ocultar) ultimo.set(l.productorId, l.id!);
  const sinPeriodo = new Set(ultimo.values());
  for (const l of rows.lotes) {
    if (sinPeriodo.has(l.id!) || !l.cosecha) continue;
    const [y, m] = l.cosecha.split('-').map(Number);
    // The harvest ran the three months up to its month.
    const inicio = new Date(Date.UTC(y, m - 3, 1)).toISOString().slice(0, 10);
    const fin = `${l.cosecha}-${String(ultimoDia(y, m)).padStart(2, '0')}`;
    await tx.update(lotes).set({ cosechaInicio: inicio, cosechaFin: fin }).where(eq(lotes.id, l.id!));
  }
  await recomputeEudr(
    tx,
    rows.lotes.map((l) => l.id!),
  );
}

/** Every demo order keeps its lot's plots and period as an order reserved through the API does (decision 068). */
export async function seedDemoInstantaneas(tx: DbOrTx): Promise<void> {
  const todos = await tx.select({ id: pedidos.id, loteId: pedidos.loteId, createdAt: pedidos.createdAt }).from(pedidos);
  for (const p of todos)
    await tx
      .update(pedidos)
      .set({ eudr: await instantaneaEudr(tx, p.loteId, p.createdAt) })
      .where(eq(pedidos.id, p.id));
}

/** One delivered demo order whose buyer recorded his statement's numbers (the order page and the pack show them). */
export async function seedDemoDds(tx: DbOrTx): Promise<void> {
  const [p] = await tx
    .select({ id: pedidos.id, compradorId: pedidos.compradorId, entregadoAt: pedidos.entregadoAt })
    .from(pedidos)
    .where(inArray(pedidos.estado, ['ENTREGADO', 'COMPLETADO']))
    .orderBy(pedidos.numero)
    .limit(1);
  if (!p) return;
  await tx
    .update(pedidos)
    .set({
      ddsReferencia: '26ESCZ7K4D2Q9M',
      ddsVerificacion: 'R8T3LQ2W',
      ddsRegistradoPor: p.compradorId,
      ddsRegistradoAt: p.entregadoAt ?? sql`now()`,
    })
    .where(and(eq(pedidos.id, p.id)));
}
