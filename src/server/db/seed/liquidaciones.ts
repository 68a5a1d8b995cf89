import { and, eq } from 'drizzle-orm';
import type { Tx } from '../client';
import { cuentasCobro, pagosProductor, pedidos, productorPerfiles, users } from '../schema';
import { DAY } from '../../clock';
import { devengarPedido } from '../../modules/liquidaciones/devengos';
import { confirmarPagosDeExtracto, generateRemesaAt, markRemesaEnviadaAt } from '../../modules/liquidaciones/remesas';

/**
 * The demo's payouts (issue 29, docs/decisions/056): every demo producer records a payout account (one SEPA IBAN,
 * the rest local banks outside SEPA), in force for weeks; the demo orders collected through Cereza become owed;
 * the first producer's are paid in a batch the bank confirmed a week ago (a payout and its statement to see), and
 * the others' stay due for the operator to batch at /Dashboard/operador/liquidaciones.
 */
export async function seedDemoLiquidaciones(tx: Tx, operador: { id: string; email: string }, now: Date) {
  const productores = await tx
    .select({ id: users.id, nombre: users.nombre, apellido: users.apellido, pais: productorPerfiles.pais })
    .from(users)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, users.id))
    .where(eq(users.tipoUser, 'PRODUCTOR'))
    .orderBy(users.email);
  const hace = (dias: number) => new Date(now.getTime() - dias * DAY);
  // Only orders collected through Cereza are owed to their producer (the demo's direct one is not).
  const pagados = await tx
    .select()
    .from(pedidos)
    .where(and(eq(pedidos.estadoPago, 'PAGADO'), eq(pedidos.cobro, 'CEREZA')));
  const enOrden = pagados.sort((a, b) => (a.pagadoAt?.getTime() ?? 0) - (b.pagadoAt?.getTime() ?? 0));
  // The producer of the oldest paid order: his are the lines the demo batch pays.
  const primero = productores.find((p) => p.id === enOrden[0]?.productorId);

  await tx.insert(cuentasCobro).values(
    productores.map((p) => {
      const titular = `${p.nombre} ${p.apellido}`.trim() || 'Productor';
      const pais = /^[A-Z]{2}$/.test(p.pais ?? '') ? p.pais! : 'CO';
      return p.id === primero?.id
        ? {
            productorId: p.id,
            tipo: 'SEPA' as const,
            titular,
            iban: 'ES9121000418450200051332',
            bic: 'CAIXESBBXXX',
            pais: 'ES',
            vigenteDesde: hace(88),
            createdAt: hace(90),
          }
        : {
            productorId: p.id,
            tipo: 'INTERNACIONAL' as const,
            titular,
            banco: `Banco Cafetero de ${pais}`,
            // A BIC of the bank's country (the format banks use; the demo's banks are invented).
            bic: `CZDM${pais}2AXXX`,
            numeroCuenta: `0${String(1000_0000 + productores.indexOf(p) * 7919).slice(0, 8)}-01`,
            pais,
            vigenteDesde: hace(58),
            createdAt: hace(60),
          };
    }),
  );

  // Each paid demo order becomes owed when it was paid (invoices were issued by seedDemoFacturas before); the
  // older ones were paid out in a batch the bank confirmed, the newest stays due for the operator's next batch.
  const ultimo = enOrden[enOrden.length - 1];
  for (const p of enOrden.slice(0, -1)) await devengarPedido(tx, p, p.pagadoAt ?? hace(30));
  if (primero && enOrden.length > 1) {
    const cuando = hace(10);
    const remesa = await generateRemesaAt(
      tx,
      operador,
      { productorIds: [primero.id], motivo: 'Liquidaciones de la quincena (datos de demostración)' },
      cuando,
    );
    await markRemesaEnviadaAt(tx, operador, remesa.id, 'Enviada por banca electrónica', hace(9));
    const pagos = await tx.select().from(pagosProductor).where(eq(pagosProductor.remesaId, remesa.id));
    await confirmarPagosDeExtracto(
      tx,
      pagos.map((p, i) => ({
        endToEndId: p.endToEndId,
        importeCentavos: p.importeCentavos,
        moneda: p.moneda,
        referenciaBanco: `DEMO-${remesa.msgId}-${i + 1}`,
        fechaValor: hace(8).toISOString().slice(0, 10),
      })),
      { now: hace(8), sinCorreo: true },
    );
  }
  if (ultimo) await devengarPedido(tx, ultimo, ultimo.pagadoAt ?? hace(1));
}
