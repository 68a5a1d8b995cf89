/*
 * The demo's bank statement (README "Cobros"): a camt.053.001.08 of Cereza's client-money account that pays the
 * demo orders collected through Cereza, built from the live data so that its references and amounts match whatever
 * the seed produced. It shows every case of the import: an exact payment by RF reference, a reference with a typo
 * that falls back to the invoice number and the amount, a partial payment, an overpayment, a transfer nobody can
 * match (for the manual match) and one in a currency Cereza does not collect. Served only with DEMO_DATA.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { ESTADOS_PAGABLES } from '../../../contract/pedidos';
import type { DbOrTx } from '../../db/client';
import { facturas } from '../../db/schema/facturas';
import { pedidos } from '../../db/schema/pedidos';
import { users } from '../../db/schema/users';
import { buildCamt053, type CamtFixture, type CamtFixtureEntry } from '../../lib/iso20022/camt053-fixture';
import { cuentaClientes } from '../facturas';
import { pendienteDePedido } from './service';

export async function extractoDemo(db: DbOrTx, now: Date): Promise<string> {
  const rows = await db
    .select({ p: pedidos, empresa: users.informacionComercial })
    .from(pedidos)
    .innerJoin(users, eq(users.id, pedidos.compradorId))
    .where(
      and(
        eq(pedidos.cobro, 'CEREZA'),
        inArray(pedidos.estadoPago, ['PENDIENTE', 'VENCIDO']),
        inArray(pedidos.estado, ESTADOS_PAGABLES),
      ),
    )
    .orderBy(asc(pedidos.numero));
  const fecha = now.toISOString().slice(0, 10);
  const dia = fecha.replace(/-/g, '');
  const porMoneda = new Map<string, CamtFixtureEntry[]>();
  const add = (moneda: string, e: CamtFixtureEntry) => porMoneda.set(moneda, [...(porMoneda.get(moneda) ?? []), e]);
  let i = 0;
  for (const { p, empresa } of rows) {
    const pendiente = await pendienteDePedido(db, p);
    if (pendiente <= 0 || !p.referenciaCobro) continue;
    const [venta] = await db
      .select({ numero: facturas.numero })
      .from(facturas)
      .where(and(eq(facturas.pedidoId, p.id), eq(facturas.tipo, 'VENTA')))
      .limit(1);
    const caso = i % 4;
    i += 1;
    const rf = p.referenciaCobro;
    const base = {
      creditDebit: 'CRDT' as const,
      acctSvcrRef: `DEMO-${dia}-${String(i).padStart(3, '0')}`,
      debtorName: empresa?.razonSocial ?? 'Comprador',
      bookingDate: fecha,
    };
    if (caso === 0) add(p.moneda, { ...base, amountMinor: BigInt(pendiente), creditorReference: rf });
    else if (caso === 1 && venta) {
      // A digit of the reference mistyped: the invoice number in the text and the exact amount still find it.
      const typo = rf.slice(0, -1) + (rf.endsWith('7') ? '8' : '7');
      add(p.moneda, {
        ...base,
        amountMinor: BigInt(pendiente),
        creditorReference: typo,
        unstructured: `Pago factura ${venta.numero}`,
      });
    } else if (caso === 2) {
      add(p.moneda, { ...base, amountMinor: BigInt(Math.floor(pendiente / 2)), creditorReference: rf });
    } else add(p.moneda, { ...base, amountMinor: BigInt(pendiente + 1000), creditorReference: rf });
  }
  add('EUR', {
    creditDebit: 'CRDT',
    amountMinor: 125_000n,
    acctSvcrRef: `DEMO-${dia}-SIN-REF`,
    debtorName: 'Tostadores del Norte, S.L.',
    unstructured: 'Transferencia café verde',
    bookingDate: fecha,
  });
  add('CHF', {
    creditDebit: 'CRDT',
    amountMinor: 50_000n,
    currency: 'CHF',
    acctSvcrRef: `DEMO-${dia}-CHF`,
    debtorName: 'Kaffeerösterei Zürich AG',
    unstructured: 'Zahlung',
    bookingDate: fecha,
  });
  const fixtures: CamtFixture[] = [...porMoneda].map(([moneda, entries]) => ({
    version: '001.08',
    iban: cuentaClientes().iban,
    currency: moneda,
    date: fecha,
    messageId: `DEMO-${dia}`,
    statementId: `DEMO-${dia}-${moneda}`,
    entries: entries.map((e) => ({ ...e, currency: moneda })),
  }));
  return buildCamt053(fixtures);
}
