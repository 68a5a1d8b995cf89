import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import {
  PLAN_MESSAGES,
  cifrasLinea,
  fechaLimite,
  plazoPorDefecto,
  totalesPlan,
  type Linea,
  type LineaParsed,
  type Plan,
  type Plazo,
  type PedidoDeLinea,
} from '../../../contract/planificadores';
import { aCentavos } from '../../../contract/campos';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { planes, planLineas, plazosOrigen } from '../../db/schema/abastecimiento';
import { pedidos } from '../../db/schema/pedidos';
import { conflict, notFound } from '../../errors';
import { notify } from '../notificaciones';
import { desvincularDeLineas, desvincularDePlanLinea, vincularAPlanLinea } from '../pedidos';
import { PAGINAS } from '../../../contract/paginas';

type LineaRow = typeof planLineas.$inferSelect;
export type PedidoVinculado = PedidoDeLinea & { id: string; numero: string; lineaId: string };

/** The buyer's orders linked to these lines (an order counts in one line: its planLineaId). */
async function readPedidos(db: DbOrTx, lineaIds: string[], compradorId: string): Promise<PedidoVinculado[]> {
  if (!lineaIds.length) return [];
  const rows = await db
    .select({
      id: pedidos.id,
      numero: pedidos.numero,
      estado: pedidos.estado,
      kg: pedidos.kg,
      importeCentavos: pedidos.totalCentavos,
      moneda: pedidos.moneda,
      lineaId: pedidos.planLineaId,
    })
    .from(pedidos)
    .where(and(inArray(pedidos.planLineaId, lineaIds), eq(pedidos.compradorId, compradorId)))
    .orderBy(asc(pedidos.createdAt));
  return rows.map((r) => ({ ...r, lineaId: r.lineaId! }));
}

export async function plazosDe(db: DbOrTx, compradorId: string, paises: string[]) {
  const propios = await db.select().from(plazosOrigen).where(eq(plazosOrigen.compradorId, compradorId));
  const m = new Map<string, Plazo & { porDefecto: boolean }>();
  for (const p of [...new Set(paises)]) m.set(p, { ...plazoPorDefecto(p), porDefecto: true });
  for (const p of propios) {
    m.set(p.pais, {
      pais: p.pais,
      semanasMuestras: p.semanasMuestras,
      semanasPss: p.semanasPss,
      semanasTransito: p.semanasTransito,
      porDefecto: false,
    });
  }
  return [...m.values()].sort((a, b) => a.pais.localeCompare(b.pais));
}

function toLinea(l: LineaRow, plazo: Plazo, pedidos: PedidoVinculado[], now: Date): Linea {
  const cifras = cifrasLinea(l.kgObjetivo, pedidos);
  const limite = fechaLimite(l.periodo, plazo);
  return {
    id: l.id,
    planId: l.planId,
    componente: l.componente,
    origen: l.origen,
    proceso: l.proceso,
    puntajeMin: l.puntajeMin,
    periodo: l.periodo,
    kgObjetivo: l.kgObjetivo,
    precioObjetivoCentavos: l.precioObjetivoCentavos,
    presupuestoCentavos: l.presupuestoCentavos,
    moneda: l.moneda,
    ...cifras,
    fechaLimite: limite.toISOString().slice(0, 10),
    atrasada: cifras.brechaKg > 0 && limite.getTime() <= now.getTime(),
    pedidos: pedidos.map((p) => ({ id: p.id, numero: p.numero, estado: p.estado, kg: p.kg })),
  };
}

export async function listPlanes(db: Db, compradorId: string, now: Date) {
  const ps = await db.select().from(planes).where(eq(planes.compradorId, compradorId)).orderBy(asc(planes.anio));
  const ls = ps.length
    ? await db
        .select()
        .from(planLineas)
        .where(
          inArray(
            planLineas.planId,
            ps.map((p) => p.id),
          ),
        )
        .orderBy(asc(planLineas.periodo), asc(planLineas.componente))
    : [];
  const plazos = await plazosDe(
    db,
    compradorId,
    ls.map((l) => l.origen),
  );
  const pedidos = await readPedidos(
    db,
    ls.map((l) => l.id),
    compradorId,
  );
  const plazo = (pais: string) => plazos.find((p) => p.pais === pais) ?? plazoPorDefecto(pais);
  const out: Plan[] = ps.map((p) => {
    const lineas = ls
      .filter((l) => l.planId === p.id)
      .map((l) =>
        toLinea(
          l,
          plazo(l.origen),
          pedidos.filter((x) => x.lineaId === l.id),
          now,
        ),
      );
    return { id: p.id, anio: p.anio, nombre: p.nombre, lineas, totales: totalesPlan(lineas) };
  });
  return { planes: out, plazos };
}

export async function createPlan(db: Db, compradorId: string, input: { anio: number; nombre: string }, now: Date) {
  try {
    const [p] = await db
      .insert(planes)
      .values({ compradorId, anio: input.anio, nombre: input.nombre, createdAt: now, updatedAt: now })
      .returning();
    return { id: p.id, anio: p.anio, nombre: p.nombre, lineas: [], totales: [] } satisfies Plan;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', PLAN_MESSAGES.YA_EXISTE);
    throw err;
  }
}

/** Deletes a plan with its lines; the orders linked to them are unlinked first, in the same transaction. */
export async function deletePlan(db: Db, compradorId: string, id: string) {
  return db.transaction(async (tx) => {
    const lineas = await tx
      .select({ id: planLineas.id })
      .from(planLineas)
      .innerJoin(planes, eq(planes.id, planLineas.planId))
      .where(and(eq(planes.id, id), eq(planes.compradorId, compradorId)));
    await desvincularDeLineas(
      tx,
      compradorId,
      lineas.map((l) => l.id),
    );
    const [p] = await tx
      .delete(planes)
      .where(and(eq(planes.id, id), eq(planes.compradorId, compradorId)))
      .returning({ id: planes.id });
    if (!p) throw notFound('NOT_FOUND', PLAN_MESSAGES.NOT_FOUND);
    return p.id;
  });
}

const valores = (input: LineaParsed) => ({
  componente: input.componente,
  origen: input.origen,
  proceso: input.proceso ?? null,
  puntajeMin: input.puntajeMin ?? null,
  periodo: input.periodo,
  kgObjetivo: input.kgObjetivo,
  precioObjetivoCentavos: input.precioObjetivo != null ? aCentavos(input.precioObjetivo) : null,
  presupuestoCentavos: input.presupuesto != null ? aCentavos(input.presupuesto) : null,
  moneda: input.moneda,
});

async function lineaPropia(db: DbOrTx, compradorId: string, id: string) {
  const [r] = await db
    .select({ l: planLineas })
    .from(planLineas)
    .innerJoin(planes, eq(planes.id, planLineas.planId))
    .where(and(eq(planLineas.id, id), eq(planes.compradorId, compradorId)))
    .limit(1);
  if (!r) throw notFound('NOT_FOUND', PLAN_MESSAGES.LINEA_NOT_FOUND);
  return r.l;
}

async function unaLinea(db: DbOrTx, compradorId: string, l: LineaRow, now: Date) {
  const [plazo] = await plazosDe(db, compradorId, [l.origen]).then((ps) => ps.filter((p) => p.pais === l.origen));
  return toLinea(l, plazo, await readPedidos(db, [l.id], compradorId), now);
}

export async function createLinea(db: Db, compradorId: string, planId: string, input: LineaParsed, now: Date) {
  const [p] = await db
    .select({ id: planes.id })
    .from(planes)
    .where(and(eq(planes.id, planId), eq(planes.compradorId, compradorId)))
    .limit(1);
  if (!p) throw notFound('NOT_FOUND', PLAN_MESSAGES.NOT_FOUND);
  const [l] = await db
    .insert(planLineas)
    .values({ ...valores(input), planId, createdAt: now, updatedAt: now })
    .returning();
  return unaLinea(db, compradorId, l, now);
}

export async function editarLinea(db: Db, compradorId: string, id: string, input: LineaParsed, now: Date) {
  await lineaPropia(db, compradorId, id);
  // A changed need or date may be due again: the reminder is re-armed.
  const [l] = await db
    .update(planLineas)
    .set({ ...valores(input), avisoAt: null, updatedAt: now })
    .where(eq(planLineas.id, id))
    .returning();
  return unaLinea(db, compradorId, l, now);
}

export async function deleteLinea(db: Db, compradorId: string, id: string) {
  await lineaPropia(db, compradorId, id);
  await db.transaction(async (tx) => {
    await desvincularDeLineas(tx, compradorId, [id]);
    await tx.delete(planLineas).where(eq(planLineas.id, id));
  });
  return id;
}

export async function savePlazos(db: Db, compradorId: string, plazos: Plazo[]) {
  await db.transaction(async (tx) => {
    await tx.delete(plazosOrigen).where(eq(plazosOrigen.compradorId, compradorId));
    if (plazos.length) await tx.insert(plazosOrigen).values(plazos.map((p) => ({ ...p, compradorId })));
  });
}

/** Links one of the buyer's orders to one of his lines (an order counts in one line: linking moves it). */
export async function vincularPedido(db: Db, compradorId: string, lineaId: string, pedidoId: string, now: Date) {
  await lineaPropia(db, compradorId, lineaId);
  if (!(await vincularAPlanLinea(db, compradorId, pedidoId, lineaId))) {
    // Linking it again would change nothing and say it did (issue 32): said apart from an order that is not his.
    const [mio] = await db
      .select({ id: pedidos.id })
      .from(pedidos)
      .where(and(eq(pedidos.id, pedidoId), eq(pedidos.compradorId, compradorId), eq(pedidos.planLineaId, lineaId)));
    if (mio) throw conflict('CONFLICT', PLAN_MESSAGES.YA_VINCULADO);
    throw notFound('NOT_FOUND', PLAN_MESSAGES.PEDIDO_NOT_FOUND);
  }
  return unaLinea(db, compradorId, await lineaPropia(db, compradorId, lineaId), now);
}

export async function desvincularPedido(db: Db, compradorId: string, lineaId: string, pedidoId: string, now: Date) {
  await lineaPropia(db, compradorId, lineaId);
  await desvincularDePlanLinea(db, compradorId, pedidoId, lineaId);
  return unaLinea(db, compradorId, await lineaPropia(db, compradorId, lineaId), now);
}

/**
 * The scheduler's reminder: each line whose latest contracting date has passed with kg still missing tells its
 * buyer once (the line's `avisoAt`; editing the line re-arms it).
 */
export async function avisarLineasAtrasadas(db: Db, now: Date): Promise<number> {
  const rows = await db
    .select({ l: planLineas, compradorId: planes.compradorId })
    .from(planLineas)
    .innerJoin(planes, eq(planes.id, planLineas.planId))
    .where(isNull(planLineas.avisoAt));
  let n = 0;
  for (const r of rows) {
    const linea = await unaLinea(db, r.compradorId, r.l, now);
    if (!linea.atrasada) continue;
    await db.transaction(async (tx) => {
      const claimed = await tx
        .update(planLineas)
        .set({ avisoAt: now })
        .where(and(eq(planLineas.id, r.l.id), isNull(planLineas.avisoAt)))
        .returning({ id: planLineas.id });
      if (!claimed.length) return;
      await notify(tx, {
        userId: r.compradorId,
        tipo: 'PLAN_LINEA_ATRASADA',
        componente: linea.componente,
        fecha: linea.fechaLimite.split('-').reverse().join('/'),
        faltan: linea.brechaKg.toLocaleString('es-ES'),
        enlace: PAGINAS.comprador.planificadores(linea.id),
        entidad: 'planLinea',
        entidadId: linea.id,
      });
      n++;
    });
  }
  return n;
}
