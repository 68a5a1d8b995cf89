/*
 * Collecting through Cereza (issue 29, docs/decisions/054): the operator imports the client-money account's bank
 * statement (camt.053); each new booked credit is matched to an order paid through Cereza — by its RF creditor
 * reference, else by an order or sale-invoice number in the remittance text together with the exact amount still
 * due — and applied: a partial payment leaves the rest due, an overpayment is flagged, a full payment moves the
 * order's payment axis to PAGADO (the "credit applied" effects of ./reacciones.ts, where src/server/composition.ts
 * registers pedidos' move: event, invoices, ledger, notifications). What
 * cannot be matched waits for the operator's hand (an audited action). Debits go to the payouts module's hook.
 *
 * One import is one transaction: a malformed or foreign file, or any failure, applies nothing. Entries are
 * identified by the bank's own references (apuntes_bancarios.clave_banco, unique): importing the same statement
 * twice, or two overlapping statements at once, applies each entry once. Entries are inserted in key order before
 * any order is touched, so two concurrent imports wait for each other instead of deadlocking; the order row is
 * locked while its payment is applied, so two transfers for one order never both count as "the rest".
 */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import QRCode from 'qrcode';
import {
  COBROS_MESSAGES,
  type Apunte,
  type ConciliarManual,
  type Importacion,
  type PanelCobros,
  type SaldoClientes,
} from '../../../contract/cobros';
import { MONEDAS } from '../../../contract/lotes-codes';
import { ESTADOS_PAGABLES, ESTADO_PEDIDO_LABELS, formatoDinero, type CobroPedido } from '../../../contract/pedidos';
import type { UserRow } from '../../auth/guards';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { apuntesBancarios, extractosBancarios } from '../../db/schema/cobros';
import { facturas } from '../../db/schema/facturas';
import { pedidos } from '../../db/schema/pedidos';
import { HttpError, conflict, notFound } from '../../errors';
import { Camt053Error, parseCamt053, type CamtEntry } from '../../lib/iso20022/camt053';
import { cargaEpc } from '../../lib/iso20022/epc-qr';
import { esReferenciaRfValida } from '../../lib/iso20022/rf';
import { asentar } from '../facturas';
import { auditar } from '../auditoria';
import { conciliadorCargos, devolucionPagos, type ApunteCargo } from './conciliacion';
import { alAplicarCobro } from './reacciones';
import { cuentaClientes } from '../facturas';

type ApunteRow = typeof apuntesBancarios.$inferSelect;
type PedidoRow = typeof pedidos.$inferSelect;
type Metodo = 'REFERENCIA' | 'CONCEPTO' | 'MANUAL';

const MONEDAS_COBRO = new Set<string>(MONEDAS);

// ---------------------------------------------------------------------------------------------------------------
// What an order owes and has received
// ---------------------------------------------------------------------------------------------------------------

/** The sale invoice of the order, if issued. */
async function ventaDe(tx: DbOrTx, pedidoId: string) {
  const [venta] = await tx
    .select()
    .from(facturas)
    .where(and(eq(facturas.pedidoId, pedidoId), eq(facturas.tipo, 'VENTA')))
    .limit(1);
  return venta ?? null;
}

/**
 * What the buyer owes for the order: the sale invoice's total less its credit notes once issued (tax included);
 * before shipment (prepayment), the order's total.
 */
async function deudaDe(tx: DbOrTx, p: PedidoRow): Promise<{ total: number; ventaId: string | null }> {
  const venta = await ventaDe(tx, p.id);
  if (!venta) return { total: p.totalCentavos, ventaId: null };
  const [r] = await tx
    .select({ total: sql<string>`coalesce(sum(${facturas.totalCentavos}), 0)` })
    .from(facturas)
    .where(eq(facturas.rectificaId, venta.id));
  return { total: venta.totalCentavos + Number(r?.total ?? 0), ventaId: venta.id };
}

async function aplicadoA(tx: DbOrTx, pedidoId: string): Promise<number> {
  const [r] = await tx
    .select({ total: sql<string>`coalesce(sum(${apuntesBancarios.aplicadoCentavos}), 0)` })
    .from(apuntesBancarios)
    .where(and(eq(apuntesBancarios.pedidoId, pedidoId), eq(apuntesBancarios.sentido, 'CRDT')));
  return Number(r?.total ?? 0);
}

/** Why a transfer cannot be applied to this order (null: it can). */
function impedimento(p: PedidoRow, moneda: string): string | null {
  if (p.cobro !== 'CEREZA') return COBROS_MESSAGES.PEDIDO_DIRECTO(p.numero);
  if (p.moneda !== moneda) return COBROS_MESSAGES.MONEDA_DISTINTA(moneda, p.moneda);
  if (p.estadoPago !== 'PAGADO' && !ESTADOS_PAGABLES.includes(p.estado)) {
    return COBROS_MESSAGES.NO_PAGABLE(p.numero, ESTADO_PEDIDO_LABELS[p.estado].toLowerCase());
  }
  return null;
}

/**
 * Applies a credit entry to an order (the order row locked): what is still due counts, the rest is flagged as an
 * overpayment; the buyer's ledger gets the transfer; a payment that completes the order moves its payment axis.
 */
async function aplicar(
  tx: Tx,
  apunte: ApunteRow,
  pedidoId: string,
  metodo: Metodo,
  now: Date,
  operador?: UserRow,
): Promise<ApunteRow> {
  const [p] = await tx.select().from(pedidos).where(eq(pedidos.id, pedidoId)).for('update').limit(1);
  const { total, ventaId } = await deudaDe(tx, p);
  const pagado = await aplicadoA(tx, p.id);
  const pendiente = p.estadoPago === 'PAGADO' ? 0 : Math.max(0, total - pagado);
  const aplicado = Math.min(apunte.importeCentavos, pendiente);
  const exceso = apunte.importeCentavos - aplicado;
  const venta = ventaId ? await ventaDe(tx, p.id) : null;
  const notas: string[] = [];
  if (aplicado > 0 && aplicado < pendiente) {
    notas.push(`Pago parcial: quedan ${formatoDinero(pendiente - aplicado, p.moneda)} por pagar.`);
  }
  if (exceso > 0) {
    notas.push(
      `Pago de más: ${formatoDinero(exceso, p.moneda)} sobre lo debido${pendiente === 0 ? ' (el pedido ya estaba pagado)' : ''}; hay que devolverlo al ordenante.`,
    );
  }
  const [row] = await tx
    .update(apuntesBancarios)
    .set({
      estado: 'CONCILIADO',
      metodo,
      pedidoId: p.id,
      facturaId: ventaId,
      aplicadoCentavos: aplicado,
      excesoCentavos: exceso,
      nota: notas.join(' '),
      conciliadoPorId: operador?.id ?? null,
      conciliadoAt: now,
    })
    .where(eq(apuntesBancarios.id, apunte.id))
    .returning();
  if (aplicado > 0) {
    await asentar(
      tx,
      [
        {
          cuentaId: p.compradorId,
          tipo: 'PAGO',
          concepto: `Transferencia recibida por Cereza para el pedido ${p.numero}${
            aplicado < pendiente ? ' (pago parcial)' : ''
          }`,
          importeCentavos: -aplicado,
          moneda: p.moneda,
          facturaId: venta?.id ?? null,
          facturaNumero: venta?.numero ?? null,
          pedidoId: p.id,
          pedidoNumero: p.numero,
        },
      ],
      now,
    );
  }
  if (aplicado > 0) {
    await alAplicarCobro({
      tx,
      pedido: p,
      now,
      aplicadoCentavos: aplicado,
      pendienteCentavos: pendiente,
      operadorId: operador?.id,
      datos: { apunte: apunte.claveBanco, metodo, importeCentavos: apunte.importeCentavos },
    });
  }
  return row;
}

// ---------------------------------------------------------------------------------------------------------------
// Matching a credit
// ---------------------------------------------------------------------------------------------------------------

/** Order and invoice numbers as people write them: "CZ-2026-000123", "2026-000012". */
const NUMERO_RE = /[A-Z0-9]+(?:[-/][A-Z0-9]+)+/g;

async function emparejar(tx: Tx, a: ApunteRow): Promise<{ pedidoId: string; metodo: Metodo } | { nota: string }> {
  if (!MONEDAS_COBRO.has(a.moneda)) {
    return { nota: `Moneda ${a.moneda}: Cereza no cobra pedidos en esa moneda. Revísalo con el banco.` };
  }
  const notas: string[] = [];
  const rf = a.referenciaAcreedor;
  if (rf) {
    if (!esReferenciaRfValida(rf)) {
      notas.push(`La referencia «${rf}» no es una referencia RF válida (dígitos de control).`);
    } else {
      const [p] = await tx.select().from(pedidos).where(eq(pedidos.referenciaCobro, rf)).limit(1);
      if (!p) notas.push(`Ningún pedido tiene la referencia ${rf}.`);
      else {
        const no = impedimento(p, a.moneda);
        if (!no) return { pedidoId: p.id, metodo: 'REFERENCIA' };
        notas.push(no);
      }
    }
  }
  const numeros = [...new Set((a.concepto.toUpperCase().match(NUMERO_RE) ?? []).slice(0, 20))];
  if (numeros.length) {
    const porPedido = await tx.select().from(pedidos).where(inArray(pedidos.numero, numeros));
    const porFactura = await tx
      .select({ p: pedidos })
      .from(facturas)
      .innerJoin(pedidos, eq(pedidos.id, facturas.pedidoId))
      .where(and(eq(facturas.tipo, 'VENTA'), inArray(facturas.numero, numeros)));
    const candidatos = new Map([...porPedido, ...porFactura.map((r) => r.p)].map((p) => [p.id, p]));
    const casan: PedidoRow[] = [];
    for (const p of candidatos.values()) {
      if (impedimento(p, a.moneda) || p.estadoPago === 'PAGADO') continue;
      const { total } = await deudaDe(tx, p);
      if (total - (await aplicadoA(tx, p.id)) === a.importeCentavos) casan.push(p);
    }
    if (casan.length === 1) return { pedidoId: casan[0]!.id, metodo: 'CONCEPTO' };
    notas.push(
      casan.length > 1
        ? `El concepto menciona ${numeros.join(', ')} y el importe casa con varios pedidos.`
        : candidatos.size
          ? `El concepto menciona ${numeros.join(', ')}, pero el importe no es lo pendiente de ese pedido.`
          : `El concepto menciona ${numeros.join(', ')}, que no es ningún pedido ni factura de venta.`,
    );
  }
  if (!rf && !numeros.length) notas.push('Sin referencia RF ni número de pedido o factura en el concepto.');
  return { nota: notas.join(' ') };
}

// ---------------------------------------------------------------------------------------------------------------
// The import
// ---------------------------------------------------------------------------------------------------------------

const nulo = (s: string | null | undefined) => (s && s !== 'NOTPROVIDED' ? s : null);

function valoresApunte(e: CamtEntry, extractoId: string, now: Date) {
  const t = e.transactions[0];
  const contraparte = e.creditDebit === 'CRDT' ? t?.debtorName : t?.creditorName;
  const contraparteIban = e.creditDebit === 'CRDT' ? t?.debtorIban : t?.creditorIban;
  return {
    extractoBancarioId: extractoId,
    claveBanco: e.bankKey,
    sentido: e.creditDebit,
    importeCentavos: Number(e.amountMinor),
    moneda: e.currency,
    fechaContable: e.bookingDate ?? e.valueDate,
    refBanco: e.acctSvcrRef ?? e.entryRef ?? t?.acctSvcrRef ?? null,
    endToEndId: nulo(e.transactions.map((x) => x.endToEndId).find((x) => nulo(x)) ?? null),
    referenciaAcreedor: e.transactions.map((x) => x.creditorReference).find(Boolean) ?? null,
    concepto: e.transactions
      .map((x) => x.unstructured)
      .filter(Boolean)
      .join(' ')
      .slice(0, 1000),
    contraparte: contraparte ?? null,
    contraparteIban: contraparteIban ?? null,
    estado: 'PENDIENTE' as const,
    createdAt: now,
  };
}

const aCargo = (f: ApunteRow, now: Date): ApunteCargo => ({
  endToEndId: f.endToEndId,
  importeCentavos: f.importeCentavos,
  moneda: f.moneda,
  referenciaBanco: f.claveBanco,
  fechaValor: f.fechaContable ?? now.toISOString().slice(0, 10),
});

/**
 * Decision 067: a buyer's transfer the bank takes back is not undone by the import (the order may have shipped and
 * been paid out on it); it waits for the operator, naming the order its reference points to.
 */
async function notaRetrocesionAbono(tx: Tx, row: ApunteRow): Promise<string> {
  const base = 'Retrocesión de un abono: el banco ha retirado una transferencia recibida.';
  if (!row.referenciaAcreedor) return `${base} Revísala con el banco.`;
  const [p] = await tx
    .select({ numero: pedidos.numero })
    .from(pedidos)
    .where(eq(pedidos.referenciaCobro, row.referenciaAcreedor))
    .limit(1);
  return p
    ? `${base} Es del pedido ${p.numero}, que sigue constando como pagado: resuélvelo con el comprador.`
    : `${base} Revísala con el banco.`;
}

const LIMITE_CENTAVOS = BigInt(Number.MAX_SAFE_INTEGER);

/** POST /api/operador/cobros/extractos: parse, check it is ours, apply every new entry, in one transaction. */
export async function importExtracto(
  db: Db,
  operador: UserRow,
  fichero: { nombre: string; contenido: Uint8Array },
  now: Date,
): Promise<Importacion> {
  let doc;
  try {
    doc = parseCamt053(fichero.contenido);
  } catch (err) {
    if (err instanceof Camt053Error)
      throw new HttpError(400, 'EXTRACTO_INVALIDO', `${err.message} No se ha aplicado nada.`);
    throw err;
  }
  const nuestra = cuentaClientes().iban;
  for (const s of doc.statements) {
    if (s.accountIban !== nuestra) {
      throw new HttpError(
        422,
        'EXTRACTO_AJENO',
        COBROS_MESSAGES.EXTRACTO_AJENO(s.accountIban ?? s.accountOther ?? '?', nuestra),
      );
    }
    for (const e of s.entries) {
      if (e.amountMinor > LIMITE_CENTAVOS) {
        throw new HttpError(
          400,
          'EXTRACTO_INVALIDO',
          `El apunte ${e.index + 1} trae un importe fuera de rango. No se ha aplicado nada.`,
        );
      }
    }
  }

  return db.transaction(async (tx) => {
    const out: Importacion = {
      extractos: [],
      apuntes: [],
      resumen: { nuevos: 0, duplicados: 0, conciliados: 0, pendientes: 0, noContabilizados: 0 },
    };
    const nuevos: { row: ApunteRow; extractoId: string; reversal: boolean }[] = [];
    for (const s of doc.statements) {
      const valores = {
        cuenta: s.accountIban!,
        extractoId: s.id,
        mensajeId: doc.messageId,
        version: doc.version,
        moneda: s.currency,
        saldoAperturaCentavos: s.openingBalance ? Number(s.openingBalance.amountMinor) : null,
        saldoCierreCentavos: s.closingBalance ? Number(s.closingBalance.amountMinor) : null,
        fechaCierre: s.closingBalance?.date ?? null,
        fichero: fichero.nombre.slice(0, 200),
        importadoPorId: operador.id,
        createdAt: now,
      };
      await tx.insert(extractosBancarios).values(valores).onConflictDoNothing();
      const [ext] = await tx
        .select()
        .from(extractosBancarios)
        .where(
          and(
            eq(extractosBancarios.cuenta, valores.cuenta),
            eq(extractosBancarios.extractoId, valores.extractoId),
            eq(extractosBancarios.mensajeId, valores.mensajeId),
          ),
        )
        .limit(1);
      out.extractos.push({
        id: ext.id,
        cuenta: ext.cuenta,
        extractoId: ext.extractoId,
        version: ext.version,
        moneda: ext.moneda,
        saldoCierreCentavos: ext.saldoCierreCentavos,
        fechaCierre: ext.fechaCierre,
      });
      // Reversals are booked money too (decision 067): a reversed debit may bring a payout back, a reversed credit
      // waits for the operator; leaving them out would leave the books apart from the bank's balance.
      const contabilizados = s.entries.filter((e) => e.status === 'BOOK');
      out.resumen.noContabilizados += s.entries.length - contabilizados.length;
      // Key order: two imports sharing entries lock them in the same order (module comment).
      for (const e of [...contabilizados].sort((x, y) =>
        x.bankKey < y.bankKey ? -1 : x.bankKey > y.bankKey ? 1 : 0,
      )) {
        const [row] = await tx
          .insert(apuntesBancarios)
          .values(valoresApunte(e, ext.id, now))
          .onConflictDoNothing({ target: apuntesBancarios.claveBanco })
          .returning();
        if (row) nuevos.push({ row, extractoId: ext.id, reversal: e.reversal });
        else {
          out.resumen.duplicados += 1;
          const [ya] = await tx.select().from(apuntesBancarios).where(eq(apuntesBancarios.claveBanco, e.bankKey));
          if (ya) out.apuntes.push({ ...(await aApunte(tx, ya)), duplicado: true });
        }
      }
    }
    out.resumen.nuevos = nuevos.length;

    const devolucion = devolucionPagos();
    for (const { row, reversal } of nuevos.filter((n) => n.row.sentido === 'CRDT')) {
      const nota = devolucion && row.endToEndId ? await devolucion(tx, aCargo(row, now), { now }) : null;
      if (nota) {
        const [final] = await tx
          .update(apuntesBancarios)
          .set({ estado: 'CONCILIADO', metodo: 'DEVOLUCION', nota, conciliadoAt: now })
          .where(eq(apuntesBancarios.id, row.id))
          .returning();
        out.apuntes.push(await aApunte(tx, final));
        continue;
      }
      if (reversal) {
        const [final] = await tx
          .update(apuntesBancarios)
          .set({ nota: 'Retrocesión de un cargo que no es ningún pago a productor enviado: revísalo con el banco.' })
          .where(eq(apuntesBancarios.id, row.id))
          .returning();
        out.apuntes.push(await aApunte(tx, final));
        continue;
      }
      const r = await emparejar(tx, row);
      const final =
        'pedidoId' in r
          ? await aplicar(tx, row, r.pedidoId, r.metodo, now)
          : (
              await tx.update(apuntesBancarios).set({ nota: r.nota }).where(eq(apuntesBancarios.id, row.id)).returning()
            )[0];
      out.apuntes.push(await aApunte(tx, final));
    }

    // A reversed credit (the buyer's bank took a transfer back) is not a payout: the operator looks at it.
    for (const { row } of nuevos.filter((n) => n.row.sentido === 'DBIT' && n.reversal)) {
      const [final] = await tx
        .update(apuntesBancarios)
        .set({ nota: await notaRetrocesionAbono(tx, row) })
        .where(eq(apuntesBancarios.id, row.id))
        .returning();
      out.apuntes.push(await aApunte(tx, final));
    }
    const cargos = nuevos.filter((n) => n.row.sentido === 'DBIT' && !n.reversal);
    const conciliador = conciliadorCargos();
    const porExtracto = new Map<string, ApunteRow[]>();
    for (const c of cargos) porExtracto.set(c.extractoId, [...(porExtracto.get(c.extractoId) ?? []), c.row]);
    for (const [extractoId, filas] of porExtracto) {
      const confirmados = new Set<string>();
      if (conciliador) {
        const entrada: ApunteCargo[] = filas.map((f) => aCargo(f, now));
        const r = await conciliador(tx, entrada, { now, extractoId });
        for (const ref of r.confirmados) confirmados.add(ref);
      }
      for (const f of filas) {
        const [final] = await tx
          .update(apuntesBancarios)
          .set(
            confirmados.has(f.claveBanco)
              ? { estado: 'CONCILIADO', metodo: 'LIQUIDACION', nota: 'Pago a productor confirmado.', conciliadoAt: now }
              : { nota: 'Cargo que no corresponde a ningún pago a productor enviado.' },
          )
          .where(eq(apuntesBancarios.id, f.id))
          .returning();
        out.apuntes.push(await aApunte(tx, final));
      }
    }
    for (const a of out.apuntes) {
      if (a.duplicado) continue;
      if (a.estado === 'CONCILIADO') out.resumen.conciliados += 1;
      else out.resumen.pendientes += 1;
    }
    return out;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// By hand, the list, the balance
// ---------------------------------------------------------------------------------------------------------------

/** POST /api/operador/cobros/apuntes/{id}/conciliar: the operator matches a waiting credit to an order (audited). */
export async function conciliarManual(
  db: Db,
  operador: UserRow,
  apunteId: string,
  input: ConciliarManual,
  now: Date,
): Promise<Apunte> {
  return db.transaction(async (tx) => {
    const [a] = await tx
      .select()
      .from(apuntesBancarios)
      .where(eq(apuntesBancarios.id, apunteId))
      .for('update')
      .limit(1);
    if (!a) throw notFound('NOT_FOUND', COBROS_MESSAGES.APUNTE_NO_ENCONTRADO);
    if (a.sentido !== 'CRDT') throw conflict('CONFLICT', COBROS_MESSAGES.APUNTE_NO_ES_ABONO);
    if (a.estado !== 'PENDIENTE') throw conflict('CONFLICT', COBROS_MESSAGES.APUNTE_YA_CONCILIADO);
    const numero = input.numero.trim().toUpperCase();
    let [p] = await tx.select().from(pedidos).where(eq(pedidos.numero, numero)).limit(1);
    if (!p) {
      const porFactura = await tx
        .select({ p: pedidos })
        .from(facturas)
        .innerJoin(pedidos, eq(pedidos.id, facturas.pedidoId))
        .where(and(eq(facturas.tipo, 'VENTA'), eq(facturas.numero, numero)));
      if (porFactura.length > 1) throw conflict('CONFLICT', COBROS_MESSAGES.FACTURA_AMBIGUA(numero));
      p = porFactura[0]?.p;
    }
    if (!p) throw notFound('NOT_FOUND', COBROS_MESSAGES.PEDIDO_NO_ENCONTRADO(input.numero));
    const no = impedimento(p, a.moneda);
    if (no) throw conflict('CONFLICT', no);
    const row = await aplicar(tx, a, p.id, 'MANUAL', now, operador);
    await auditar(
      tx,
      operador,
      {
        accion: 'CONCILIAR_COBRO',
        entidad: 'pedido',
        entidadId: p.id,
        motivo: input.motivo,
        antes: { apunte: a.claveBanco, estado: a.estado, nota: a.nota },
        despues: {
          pedido: p.numero,
          importeCentavos: a.importeCentavos,
          aplicadoCentavos: row.aplicadoCentavos,
          excesoCentavos: row.excesoCentavos,
          moneda: a.moneda,
        },
      },
      now,
    );
    return aApunte(tx, row);
  });
}

async function aApunte(tx: DbOrTx, r: ApunteRow): Promise<Apunte> {
  let pedidoNumero: string | null = null;
  if (r.pedidoId) {
    const [p] = await tx.select({ numero: pedidos.numero }).from(pedidos).where(eq(pedidos.id, r.pedidoId)).limit(1);
    pedidoNumero = p?.numero ?? null;
  }
  return {
    id: r.id,
    sentido: r.sentido,
    importeCentavos: r.importeCentavos,
    moneda: r.moneda,
    fechaContable: r.fechaContable,
    refBanco: r.refBanco,
    endToEndId: r.endToEndId,
    referenciaAcreedor: r.referenciaAcreedor,
    concepto: r.concepto,
    contraparte: r.contraparte,
    estado: r.estado,
    metodo: r.metodo,
    nota: r.nota,
    pedidoId: r.pedidoId,
    pedidoNumero,
    aplicadoCentavos: r.aplicadoCentavos,
    excesoCentavos: r.excesoCentavos,
  };
}

/**
 * Cereza's client money per currency: what the books say it holds (credits received − payouts confirmed, plus
 * what still waits unmatched on either side) against the bank's closing balance of the latest statement.
 */
export async function saldosClientes(db: DbOrTx): Promise<SaldoClientes[]> {
  const sumas = await db
    .select({
      moneda: apuntesBancarios.moneda,
      sentido: apuntesBancarios.sentido,
      estado: apuntesBancarios.estado,
      total: sql<string>`sum(${apuntesBancarios.importeCentavos})`,
    })
    .from(apuntesBancarios)
    .groupBy(apuntesBancarios.moneda, apuntesBancarios.sentido, apuntesBancarios.estado);
  const ultimos = await db
    .selectDistinctOn([extractosBancarios.moneda], {
      moneda: extractosBancarios.moneda,
      saldo: extractosBancarios.saldoCierreCentavos,
      fecha: extractosBancarios.fechaCierre,
    })
    .from(extractosBancarios)
    .orderBy(extractosBancarios.moneda, desc(extractosBancarios.fechaCierre), desc(extractosBancarios.createdAt));
  const monedas = new Set<string>([
    ...sumas.map((s) => s.moneda),
    ...ultimos.flatMap((u) => (u.moneda ? [u.moneda] : [])),
  ]);
  return [...monedas].sort().map((moneda) => {
    const de = (sentido: string, estado: string) =>
      Number(sumas.find((s) => s.moneda === moneda && s.sentido === sentido && s.estado === estado)?.total ?? 0);
    const cobrado = de('CRDT', 'CONCILIADO');
    const pagado = de('DBIT', 'CONCILIADO');
    const abonosPendientes = de('CRDT', 'PENDIENTE');
    const cargosPendientes = de('DBIT', 'PENDIENTE');
    const banco = ultimos.find((u) => u.moneda === moneda);
    const bancoCentavos = banco?.saldo ?? null;
    return {
      moneda,
      cobradoCentavos: cobrado,
      pagadoCentavos: pagado,
      abonosPendientesCentavos: abonosPendientes,
      cargosPendientesCentavos: cargosPendientes,
      bancoCentavos,
      fechaBanco: banco?.fecha ?? null,
      diferenciaCentavos: bancoCentavos === null ? null : bancoCentavos - (cobrado - pagado),
    };
  });
}

/** GET /api/operador/cobros: the account, what waits, the overpayments to return, the latest entries, the balance. */
export async function panelCobros(db: Db, extractoDemo = false): Promise<PanelCobros> {
  const pendientes = await db
    .select()
    .from(apuntesBancarios)
    .where(eq(apuntesBancarios.estado, 'PENDIENTE'))
    .orderBy(desc(apuntesBancarios.createdAt))
    .limit(200);
  const excesos = await db
    .select()
    .from(apuntesBancarios)
    .where(sql`${apuntesBancarios.excesoCentavos} > 0`)
    .orderBy(desc(apuntesBancarios.createdAt))
    .limit(100);
  const recientes = await db
    .select()
    .from(apuntesBancarios)
    .where(eq(apuntesBancarios.estado, 'CONCILIADO'))
    .orderBy(desc(apuntesBancarios.conciliadoAt))
    .limit(30);
  return {
    cuenta: cuentaClientes(),
    pendientes: await Promise.all(pendientes.map((r) => aApunte(db, r))),
    excesos: await Promise.all(excesos.map((r) => aApunte(db, r))),
    recientes: await Promise.all(recientes.map((r) => aApunte(db, r))),
    saldos: await saldosClientes(db),
    extractoDemo,
  };
}

// ---------------------------------------------------------------------------------------------------------------
// The buyer's side: how to pay an order
// ---------------------------------------------------------------------------------------------------------------

/** The order page's payment block for an order paid through Cereza (null when paid directly). */
export async function cobroDePedido(db: DbOrTx, p: PedidoRow): Promise<CobroPedido | null> {
  if (p.cobro !== 'CEREZA' || !p.referenciaCobro) return null;
  const venta = await ventaDe(db, p.id);
  const cuenta = venta?.instruccionesPago ?? { ...cuentaClientes(), referencia: p.referenciaCobro };
  const { total } = await deudaDe(db, p);
  const transferencias = await db
    .select()
    .from(apuntesBancarios)
    .where(and(eq(apuntesBancarios.pedidoId, p.id), eq(apuntesBancarios.sentido, 'CRDT')))
    .orderBy(apuntesBancarios.fechaContable);
  const pagado = transferencias.reduce((acc, t) => acc + t.aplicadoCentavos, 0);
  const exceso = transferencias.reduce((acc, t) => acc + t.excesoCentavos, 0);
  const pendiente = p.estadoPago === 'PAGADO' ? 0 : Math.max(0, total - pagado);
  const qrSvg =
    p.moneda === 'EUR' && pendiente > 0
      ? `data:image/svg+xml;base64,${Buffer.from(
          await QRCode.toString(cargaEpc({ ...cuenta, centavos: pendiente }), {
            type: 'svg',
            errorCorrectionLevel: 'M',
            margin: 2,
          }),
        ).toString('base64')}`
      : null;
  return {
    titular: cuenta.titular,
    iban: cuenta.iban,
    bic: cuenta.bic,
    referencia: cuenta.referencia,
    moneda: p.moneda,
    totalCentavos: total,
    pagadoCentavos: pagado,
    pendienteCentavos: pendiente,
    excesoCentavos: exceso,
    vencimiento: p.pagoVenceAt?.toISOString() ?? venta?.vencimiento ?? null,
    qrSvg,
    transferencias: transferencias.map((t) => ({
      fecha: t.fechaContable,
      importeCentavos: t.importeCentavos,
      ordenante: t.contraparte,
    })),
  };
}

/** What is still due on an order paid through Cereza (the payment reminder quotes it). */
export async function pendienteDePedido(db: DbOrTx, p: PedidoRow): Promise<number> {
  if (p.estadoPago === 'PAGADO') return 0;
  const { total } = await deudaDe(db, p);
  return Math.max(0, total - (await aplicadoA(db, p.id)));
}
