import { nombreClave } from '../../../contract/common';
import { eq, sql } from 'drizzle-orm';
import { puntajeSca, type HojaCata } from '../../../contract/muestras';
import { AJUSTES } from '../../../contract/ajustes';
import { setDireccionLaboratorio } from '../../modules/ajustes/service';
import type { Db } from '../client';
import {
  busquedasGuardadas,
  catas,
  compradorPerfiles,
  conversaciones,
  conversacionEstados,
  eventos,
  favoritos,
  fincas,
  loteFincas,
  planes,
  planLineas,
  respuestas,
  solicitudes,
  lotes,
  mensajes,
  reportesConversacion,
  muestras,
  cajasMuestras,
  cajaMuestrasLotes,
  noticias,
  notificaciones,
  pedidoDocumentos,
  pedidoResenas,
  pedidos,
  reclamoAportes,
  productorPerfiles,
  users,
  auditoria,
  verificacionesProductor,
} from '../schema';
import type { Storage } from '../../storage/index';
import { hashPassword } from '../../auth/passwords';
import { buildRows, organisations } from './build';
import { buildDemoConversaciones } from './conversaciones';
import { imageCatalogue, renderAll } from './images';
import { buildDemoMuestras } from './muestras';
import { addInformacionComercial, buildDemoPedidos } from './pedidos';
import { renderContrato } from '../../modules/pedidos/contrato';
import type { PedidoRow } from '../../modules/pedidos/al-embarcar';
import { buildDemoAbastecimiento } from './abastecimiento';
import { juzgarFincasDemo, seedDemoDds, seedDemoEudr, seedDemoInstantaneas } from './eudr';
import { buildDemoLaboratorio } from './laboratorio';
import { seedDemoFacturas } from './facturas';
import { seedDemoLiquidaciones } from './liquidaciones';
import { buildDemoBusquedas } from './busquedas';
import { buildDemoOperador } from './operador';
import { buildDemoVerificaciones, renderDemoKyb } from './verificaciones';

/** The one password of every demo account (documented in docs/demo-accounts.md). */
export const DEMO_PASSWORD = 'cereza-demo-2026';

// An arbitrary constant naming "Cereza demo seed" among advisory locks (migrations use 727_001).
const SEED_LOCK_KEY = 727_002;

/** What the seed logs to: the server's pino logger, or a console wrapper in scripts/seed.ts. */
export interface SeedLog {
  info(obj: object, msg?: string): void;
}

async function hasUsers(db: Db): Promise<boolean> {
  const res = await db.execute<{ n: number }>(sql`select count(*)::int as n from ${users}`);
  return Number(res.rows[0]?.n ?? 0) > 0;
}

/**
 * Fills an empty database with the demo marketplace. Answers how many lots it created (0 when the
 * database already had users, so a real installation is never touched).
 *
 * Images are rendered and stored first, then every row goes in one transaction: a crash half-way leaves
 * an empty database (seeded again on the next start), never lots pointing at missing pictures.
 */
export async function seedIfEmpty(db: Db, storage: Storage, log: SeedLog): Promise<number> {
  if (await hasUsers(db)) return 0;
  const started = Date.now();
  const [urls, passwordHash] = await Promise.all([
    renderAll(imageCatalogue(organisations()), storage),
    // One argon2id hash for every demo account keeps start-up fast.
    hashPassword(DEMO_PASSWORD),
  ]);
  const rendered = Date.now();
  const rows = buildRows(urls, passwordHash);
  const demoMuestras = buildDemoMuestras(rows, new Date());
  const laboratorio = buildDemoLaboratorio(rows, new Date(), passwordHash);
  addInformacionComercial(rows);
  const demoPedidos = buildDemoPedidos(rows, new Date());
  // The confirmed orders' contracts, rendered from their frozen terms like the CONFIRMAR move does.
  const contratos = await Promise.all(
    demoPedidos.pedidos
      .filter((p) => p.confirmadoAt)
      .map(async (p) => ({
        pedidoId: p.id!,
        tipo: 'CONTRATO' as const,
        nombre: `Contrato ${p.numero}.pdf`,
        contenido: await renderContrato(p as PedidoRow, p.confirmadoAt!),
        bytes: 0,
        createdAt: p.confirmadoAt!,
      })),
  );
  for (const c of contratos) c.bytes = c.contenido.length;
  // The producers' organisation documents (KYB), private files like a producer's own uploads.
  const kybDocs = await renderDemoKyb(rows, storage);

  const created = await db.transaction(async (tx) => {
    // Two replicas starting on an empty PostgreSQL together: the second waits, then finds users and stops.
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    const again = await tx.execute<{ n: number }>(sql`select count(*)::int as n from ${users}`);
    if (Number(again.rows[0]?.n ?? 0) > 0) return 0;
    const chats = buildDemoConversaciones(rows);
    const operador = buildDemoOperador(rows, laboratorio.user, chats, new Date(), passwordHash);
    // Before the users go in: an approved producer's row carries the badge's date.
    const kyb = buildDemoVerificaciones(rows, kybDocs, operador.operadores[0], new Date());
    await tx.insert(users).values([...rows.users, laboratorio.user, ...operador.operadores]);
    await tx
      .insert(productorPerfiles)
      .values(rows.productorPerfiles.map((p) => ({ ...p, nombreClave: nombreClave(p.nombre) })));
    await tx.insert(compradorPerfiles).values(rows.compradorPerfiles);
    await tx.insert(lotes).values(rows.lotes);
    await tx.insert(eventos).values(laboratorio.eventos);
    await tx.insert(catas).values(laboratorio.catas);
    await tx.insert(noticias).values(rows.noticias);
    await tx.insert(favoritos).values(rows.favoritos);
    await tx.insert(notificaciones).values(rows.notificaciones);
    if (demoMuestras.cajas.length) await tx.insert(cajasMuestras).values(demoMuestras.cajas);
    if (demoMuestras.cajaLotes.length) await tx.insert(cajaMuestrasLotes).values(demoMuestras.cajaLotes);
    if (demoMuestras.muestras.length) {
      await tx.insert(muestras).values(demoMuestras.muestras);
      await tx.insert(eventos).values(demoMuestras.eventos);
      await tx.insert(catas).values(demoMuestras.catas);
    }
    if (demoPedidos.pedidos.length) {
      await tx.insert(muestras).values(demoPedidos.muestras);
      if (demoPedidos.catas.length) await tx.insert(catas).values(demoPedidos.catas);
      await tx.insert(pedidos).values(demoPedidos.pedidos);
      // Each demo claim with the buyer's arrival cupping; the resolved one with the producer's accepted
      // discount, the open one waiting for the demo producer's answer (issue 25 §3).
      const reclamados = demoPedidos.pedidos.filter((p) => p.motivoReclamo);
      if (reclamados.length) await tx.insert(reclamoAportes).values(aportesDemo(reclamados));
      await tx.insert(eventos).values(demoPedidos.eventos);
      if (demoPedidos.resenas.length) await tx.insert(pedidoResenas).values(demoPedidos.resenas);
      if (contratos.length) await tx.insert(pedidoDocumentos).values(contratos);
      // Real orders are numbered after the demo's.
      await tx.execute(sql`select setval('pedidos_numero_seq', ${demoPedidos.pedidos.length})`);
    }
    await tx.insert(conversaciones).values(chats.conversaciones);
    await tx.insert(conversacionEstados).values(chats.estados);
    await tx.insert(mensajes).values(chats.mensajes);
    if (operador.reportes.length) await tx.insert(reportesConversacion).values(operador.reportes);
    if (kyb.verificaciones.length) await tx.insert(verificacionesProductor).values(kyb.verificaciones);
    if (kyb.auditorias.length) await tx.insert(auditoria).values(kyb.auditorias);
    const ab = buildDemoAbastecimiento(rows, new Date());
    juzgarFincasDemo(rows, ab.fincas, new Date());
    if (ab.fincas.length) await tx.insert(fincas).values(ab.fincas);
    if (ab.loteFincas.length) await tx.insert(loteFincas).values(ab.loteFincas);
    await seedDemoEudr(tx, rows);
    await seedDemoDds(tx);
    await seedDemoInstantaneas(tx);
    if (ab.solicitudes.length) {
      await tx.insert(solicitudes).values(ab.solicitudes);
      if (ab.respuestas.length) await tx.insert(respuestas).values(ab.respuestas);
      await tx.insert(eventos).values(ab.eventos);
      await tx.insert(planes).values(ab.planes);
      await tx.insert(planLineas).values(ab.planLineas);
    }
    const busquedas = buildDemoBusquedas(rows, new Date());
    if (busquedas.length) await tx.insert(busquedasGuardadas).values(busquedas);
    // The shipped demo orders' invoices and both parties' ledgers (issue 12).
    await seedDemoFacturas(tx, demoPedidos.pedidos);
    // Payout accounts, what Cereza owes producers, and one batch the bank confirmed (issue 29).
    await seedDemoLiquidaciones(tx, operador.operadores[0] as { id: string; email: string }, new Date());
    // The operator's settings start at their defaults (the lab's address: issue 25 §3).
    await setDireccionLaboratorio(tx, AJUSTES.direccionLaboratorio.porDefecto);
    // One lot its producer retired after trade (docs/decisions/046): the first whose orders are all closed; its
    // buyers still read it as "Lote retirado" from their orders, the catalogue no longer shows it.
    const [retirado] = (
      await tx.execute<{ id: string }>(sql`
        select p.lote_id as id from ${pedidos} p
        where p.estado = 'COMPLETADO'
          and not exists (
            select 1 from ${pedidos} q
            where q.lote_id = p.lote_id and q.estado not in ('COMPLETADO', 'CANCELADO', 'EXPIRADO')
          )
        order by p.numero limit 1`)
    ).rows;
    if (retirado) {
      await tx.update(lotes).set({ ocultar: true, archivadoAt: new Date() }).where(eq(lotes.id, retirado.id));
      await tx.delete(favoritos).where(eq(favoritos.loteId, retirado.id));
    }
    return rows.lotes.length;
  });
  if (created) {
    log.info(
      {
        lotes: created,
        productores: rows.productorPerfiles.length,
        imagenesMs: rendered - started,
        totalMs: Date.now() - started,
      },
      'demo data seeded',
    );
  }
  return created;
}

/** The demo claims' contributions: the buyer's claim with an arrival cupping; a resolved claim's accepted discount. */
function aportesDemo(
  reclamados: {
    id?: string;
    compradorId: string;
    productorId: string;
    motivoReclamo?: string | null;
    estado?: string;
    totalCentavos: number;
    updatedAt?: Date;
  }[],
) {
  const cinco = [true, true, true, true, true];
  const cata = {
    atributos: {
      fragranciaAroma: 7.25,
      sabor: 7,
      regusto: 7,
      acidez: 7.25,
      cuerpo: 7.5,
      balance: 7,
      puntajeCatador: 7,
    },
    tazas: { uniformidad: cinco, tazaLimpia: [true, true, false, true, true], dulzor: cinco },
    defectos: { tazas: 1, intensidad: 'MANCHA' as const },
    notasCata: ['madera', 'papel'],
    comentarios: { general: 'Taza apagada a la llegada: humedad alta y notas de almacén.' },
    decision: null,
  } as HojaCata;
  return reclamados.flatMap((p) => {
    const at = p.updatedAt ?? new Date();
    const rows: (typeof reclamoAportes.$inferInsert)[] = [
      {
        pedidoId: p.id!,
        autorId: p.compradorId,
        rol: 'comprador',
        postura: 'RECLAMO',
        texto: p.motivoReclamo ?? '',
        cata,
        puntajeCata: puntajeSca(cata),
        createdAt: new Date(at.getTime() - 3 * 86_400_000),
      },
    ];
    if (p.estado !== 'EN_RECLAMO') {
      rows.push({
        pedidoId: p.id!,
        autorId: p.productorId,
        rol: 'productor',
        postura: 'ACEPTA_DESCUENTO',
        texto: 'Aceptamos un descuento por los sacos dañados en el transporte.',
        descuentoCentavos: Math.round(p.totalCentavos * 0.05),
        createdAt: new Date(at.getTime() - 2 * 86_400_000),
      });
    }
    return rows;
  });
}
