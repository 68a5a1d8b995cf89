import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { LIQUIDACION_MESSAGES, type GenerateRemesaInput } from '../../../contract/liquidaciones';
import { formatoImporte } from '../../../contract/facturas-calculo';
import type { UserRow } from '../../auth/guards';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { cuentasCobro, devengos, pagoDevengos, pagosProductor, remesas } from '../../db/schema/liquidaciones';
import { conflict, notFound } from '../../errors';
import { asentar } from '../facturas';
import { notify } from '../notificaciones';
import { auditar } from '../auditoria';
import { cuentaClientesCereza } from './cobro';
import { enmascarar } from './cuenta-cobro';
import { pain001, type Transferencia } from './pain001';
import { isSEPACountry } from 'ibantools';
import { PAGINAS } from '../../../contract/paginas';

/*
 * Payout batches (issue 29, docs/decisions/056): the operator gathers what is owed to producers whose payout
 * account is in force into one pain.001 order, downloads it for the bank, marks it sent; the statement that
 * shows each debit (by its EndToEndId) confirms the payout and writes it on the producer's ledger.
 */

interface LineaDebida {
  id: string;
  productorId: string;
  moneda: string;
  importe: number;
  pedidoNumero: string;
}

const fechaIso = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Generates a batch in one transaction. The owed lines are taken `FOR UPDATE SKIP LOCKED`: a batch generated at
 * the same moment takes the other lines, never the same ones; and `pago_devengos`' primary key (the line) refuses
 * a line a batch that committed meanwhile took (answered 409: generate again). Producers whose account changed in
 * the last 48 hours, who have none, or whose lines net to zero or less wait.
 */
export async function generateRemesa(db: Db, operador: Operador, input: GenerateRemesaInput, now: Date) {
  try {
    return await db.transaction((tx) => generateRemesaAt(tx, operador, input, now));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', LIQUIDACION_MESSAGES.REMESA_A_LA_VEZ);
    throw err;
  }
}

type Operador = Pick<UserRow, 'id' | 'email'>;

/** The batch inside the caller's transaction (the demo data generates one while seeding). */
export async function generateRemesaAt(tx: Tx, operador: Operador, input: GenerateRemesaInput, now: Date) {
  const deudor = await cuentaClientesCereza(tx);
  const filtro = input.productorIds?.length
    ? sql`and d.productor_id in (${sql.join(
        input.productorIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`
    : sql``;
  const res = await tx.execute<{
    id: string;
    productor_id: string;
    moneda: string;
    importe_centavos: string;
    pedido_numero: string;
  }>(sql`
        select d.id, d.productor_id, d.moneda, d.importe_centavos, d.pedido_numero
        from devengos d
        where not exists (select 1 from pago_devengos pd where pd.devengo_id = d.id)
          and exists (select 1 from cuentas_cobro c where c.productor_id = d.productor_id
                      and c.sustituida_at is null and c.vigente_desde <= ${now.toISOString()}::timestamptz)
      and not exists (select 1 from users u where u.id = d.productor_id and u.suspendida_at is not null)
          ${filtro}
        order by d.productor_id, d.moneda, d.n
        for update of d skip locked`);
  const lineas: LineaDebida[] = res.rows.map((r) => ({
    id: r.id,
    productorId: r.productor_id,
    moneda: r.moneda,
    importe: Number(r.importe_centavos),
    pedidoNumero: r.pedido_numero,
  }));
  const grupos = new Map<string, LineaDebida[]>();
  for (const l of lineas) {
    const k = `${l.productorId}|${l.moneda}`;
    grupos.set(k, [...(grupos.get(k) ?? []), l]);
  }
  const aPagar = [...grupos.values()].filter((ls) => ls.reduce((a, l) => a + l.importe, 0) > 0);
  if (aPagar.length === 0) throw conflict('CONFLICT', LIQUIDACION_MESSAGES.NADA_QUE_PAGAR);

  const productorIds = [...new Set(aPagar.map((ls) => ls[0].productorId))];
  const cuentas = await tx
    .select()
    .from(cuentasCobro)
    .where(and(inArray(cuentasCobro.productorId, productorIds), sql`${cuentasCobro.sustituidaAt} is null`));
  const cuentaDe = new Map(cuentas.map((c) => [c.productorId, c]));

  const [remesa] = await tx
    .insert(remesas)
    .values({
      msgId: `pendiente-${crypto.randomUUID()}`,
      estado: 'GENERADA',
      xml: '',
      numeroOperaciones: aPagar.length,
      totales: {},
      creadaPorId: operador.id,
      creadaPorEmail: operador.email,
      createdAt: now,
    })
    .returning();
  const msgId = `CZR-${fechaIso(now).replace(/-/g, '')}-${String(remesa.n).padStart(6, '0')}`;

  const transferencias: (Transferencia & { lineas: LineaDebida[]; cuentaId: string; productorId: string })[] =
    aPagar.map((ls, i) => {
      const c = cuentaDe.get(ls[0].productorId)!;
      const moneda = ls[0].moneda;
      const pedidosTxt = [...new Set(ls.map((l) => l.pedidoNumero))].join(' ');
      return {
        endToEndId: `${msgId}-${String(i + 1).padStart(4, '0')}`,
        importeCentavos: ls.reduce((a, l) => a + l.importe, 0),
        moneda,
        acreedor: {
          nombre: c.titular,
          pais: c.pais,
          bic: c.bic,
          iban: c.iban,
          numeroCuenta: c.numeroCuenta,
          banco: c.banco,
        },
        concepto: `Liquidacion Cereza ${msgId} pedidos ${pedidosTxt}`,
        sepa: moneda === 'EUR' && c.tipo === 'SEPA' && isSEPACountry(c.pais),
        lineas: ls,
        cuentaId: c.id,
        productorId: c.productorId,
      };
    });
  const xml = pain001({
    msgId,
    creadaAt: now,
    fechaEjecucion: fechaIso(now),
    deudor,
    transferencias,
  });
  const pmtInfDe = new Map<string, string>();
  for (const m of xml.matchAll(/<PmtInfId>([^<]+)<\/PmtInfId>(.*?)<\/PmtInf>/gs)) {
    for (const e of m[2].matchAll(/<EndToEndId>([^<]+)<\/EndToEndId>/g)) pmtInfDe.set(e[1], m[1]);
  }
  const totales: Record<string, number> = {};
  for (const t of transferencias) totales[t.moneda] = (totales[t.moneda] ?? 0) + t.importeCentavos;
  await tx.update(remesas).set({ msgId, xml, totales }).where(eq(remesas.id, remesa.id));

  for (const t of transferencias) {
    const [pago] = await tx
      .insert(pagosProductor)
      .values({
        remesaId: remesa.id,
        productorId: t.productorId,
        cuentaCobroId: t.cuentaId,
        moneda: t.moneda,
        importeCentavos: t.importeCentavos,
        pmtInfId: pmtInfDe.get(t.endToEndId)!,
        endToEndId: t.endToEndId,
        estado: 'GENERADO',
        createdAt: now,
      })
      .returning({ id: pagosProductor.id });
    await tx.insert(pagoDevengos).values(t.lineas.map((l) => ({ devengoId: l.id, pagoId: pago.id })));
  }
  await auditar(
    tx,
    operador,
    {
      accion: 'REMESA_GENERAR',
      entidad: 'remesa',
      entidadId: remesa.id,
      motivo: input.motivo,
      despues: { msgId, operaciones: transferencias.length, totales },
    },
    now,
  );
  return { id: remesa.id, msgId, numeroOperaciones: transferencias.length, totales };
}

/** The operator sent the file to the bank: GENERADA → ENVIADA (one wins, a second mark is 409), audited. */
export async function markRemesaEnviada(db: Db, operador: Operador, remesaId: string, motivo: string, now: Date) {
  return db.transaction((tx) => markRemesaEnviadaAt(tx, operador, remesaId, motivo, now));
}

export async function markRemesaEnviadaAt(tx: Tx, operador: Operador, remesaId: string, motivo: string, now: Date) {
  const [row] = await tx
    .update(remesas)
    .set({ estado: 'ENVIADA', enviadaAt: now, enviadaPorEmail: operador.email })
    .where(and(eq(remesas.id, remesaId), eq(remesas.estado, 'GENERADA')))
    .returning({ id: remesas.id, msgId: remesas.msgId });
  if (!row) {
    const [existe] = await tx.select({ estado: remesas.estado }).from(remesas).where(eq(remesas.id, remesaId)).limit(1);
    if (!existe) throw notFound('NOT_FOUND', 'Remesa no encontrada.');
    throw conflict(
      'CONFLICT',
      existe.estado === 'ANULADA' ? LIQUIDACION_MESSAGES.REMESA_ANULADA_YA : LIQUIDACION_MESSAGES.REMESA_YA_ENVIADA,
    );
  }
  await tx
    .update(pagosProductor)
    .set({ estado: 'ENVIADO' })
    .where(and(eq(pagosProductor.remesaId, remesaId), eq(pagosProductor.estado, 'GENERADO')));
  await auditar(
    tx,
    operador,
    { accion: 'REMESA_ENVIAR', entidad: 'remesa', entidadId: remesaId, motivo, despues: { msgId: row.msgId } },
    now,
  );
  return row;
}

/**
 * The lines of a payout that will not reach the producer are owed again (docs/decisions/067): each gets a copy
 * (`reemite_id` = the line) that is due and goes in a later batch, while the line itself stays in its payout for
 * good (`pago_devengos` is permanent and its key is the line: a payout never goes twice). Answers how many.
 */
async function reemitirLineas(tx: Tx, pagoId: string, now: Date): Promise<number> {
  const lineas = await tx
    .select({ d: devengos })
    .from(pagoDevengos)
    .innerJoin(devengos, eq(devengos.id, pagoDevengos.devengoId))
    .where(eq(pagoDevengos.pagoId, pagoId));
  if (lineas.length === 0) return 0;
  await tx.insert(devengos).values(
    lineas.map(({ d }) => ({
      productorId: d.productorId,
      tipo: d.tipo,
      pedidoId: d.pedidoId,
      pedidoNumero: d.pedidoNumero,
      moneda: d.moneda,
      ventaFacturaId: d.ventaFacturaId,
      ventaNumero: d.ventaNumero,
      ventaCentavos: d.ventaCentavos,
      comisionFacturaId: d.comisionFacturaId,
      comisionNumero: d.comisionNumero,
      comisionCentavos: d.comisionCentavos,
      importeCentavos: d.importeCentavos,
      reemiteId: d.id,
      createdAt: now,
    })),
  );
  return lineas.length;
}

/**
 * The operator cancels a batch he will not send (GENERADA → ANULADA, audited): its payouts become ANULADO and their
 * lines are owed again. One guarded update decides between cancelling and marking sent: the second is 409.
 */
export async function anularRemesa(db: Db, operador: Operador, remesaId: string, motivo: string, now: Date) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(remesas)
      .set({ estado: 'ANULADA' })
      .where(and(eq(remesas.id, remesaId), eq(remesas.estado, 'GENERADA')))
      .returning({ id: remesas.id, msgId: remesas.msgId });
    if (!row) {
      const [existe] = await tx.select({ id: remesas.id }).from(remesas).where(eq(remesas.id, remesaId)).limit(1);
      if (!existe) throw notFound('NOT_FOUND', 'Remesa no encontrada.');
      throw conflict('CONFLICT', LIQUIDACION_MESSAGES.REMESA_NO_ANULABLE);
    }
    const pagos = await tx
      .update(pagosProductor)
      .set({ estado: 'ANULADO' })
      .where(and(eq(pagosProductor.remesaId, remesaId), eq(pagosProductor.estado, 'GENERADO')))
      .returning({ id: pagosProductor.id });
    let lineas = 0;
    for (const p of pagos) lineas += await reemitirLineas(tx, p.id, now);
    await auditar(
      tx,
      operador,
      {
        accion: 'REMESA_ANULAR',
        entidad: 'remesa',
        entidadId: remesaId,
        motivo,
        antes: { estado: 'GENERADA' },
        despues: { estado: 'ANULADA', msgId: row.msgId, pagos: pagos.length, lineasDeNuevoPendientes: lineas },
      },
      now,
    );
    return row;
  });
}

/**
 * A credit in the statement that brings a payout back (docs/decisions/067): the producer's bank returned the transfer,
 * or Cereza's bank reversed the debit. Matched by the payout's EndToEndId, amount and currency, when the payout was
 * sent or confirmed: it becomes DEVUELTO (a guarded update: an overlapping statement returns it once), its lines are
 * owed again, a confirmed one is taken off the producer's ledger (LIQUIDACION +amount), and he is told to check his
 * payout account. Answers the note for the statement entry, or null when the credit is not a returned payout.
 */
export async function devolverPagoDeExtracto(tx: Tx, abono: ApunteCargo, ctx: { now: Date }): Promise<string | null> {
  if (!abono.endToEndId) return null;
  const [antes] = await tx
    .select({ estado: pagosProductor.estado })
    .from(pagosProductor)
    .where(eq(pagosProductor.endToEndId, abono.endToEndId))
    .limit(1);
  const [pago] = await tx
    .update(pagosProductor)
    .set({ estado: 'DEVUELTO' })
    .where(
      and(
        eq(pagosProductor.endToEndId, abono.endToEndId),
        eq(pagosProductor.importeCentavos, abono.importeCentavos),
        eq(pagosProductor.moneda, abono.moneda),
        inArray(pagosProductor.estado, ['ENVIADO', 'CONFIRMADO']),
      ),
    )
    .returning();
  if (!pago || !antes) return null;
  const lineas = await reemitirLineas(tx, pago.id, ctx.now);
  const importe = formatoImporte(pago.importeCentavos, pago.moneda);
  if (antes.estado === 'CONFIRMADO') {
    await asentar(
      tx,
      [
        {
          cuentaId: pago.productorId,
          tipo: 'LIQUIDACION',
          concepto: `Devolución de la transferencia de Cereza ${pago.endToEndId}`,
          importeCentavos: pago.importeCentavos,
          moneda: pago.moneda,
        },
      ],
      ctx.now,
    );
  }
  const [cuenta] = await tx.select().from(cuentasCobro).where(eq(cuentasCobro.id, pago.cuentaCobroId)).limit(1);
  await notify(tx, {
    userId: pago.productorId,
    tipo: 'LIQUIDACION_DEVUELTA',
    importe,
    cuenta: cuenta ? enmascarar(cuenta) : '',
    enlace: PAGINAS.productor.cuentaCobro,
    entidad: 'liquidacion',
    entidadId: pago.id,
  });
  return `Devolución del pago a productor ${pago.endToEndId} (${importe}): ${lineas === 1 ? 'su pedido vuelve' : 'sus pedidos vuelven'} a estar pendientes de liquidar.`;
}

/** One debit of a bank statement, as the collecting half's camt.053 import hands it over (h29-interface.md). */
export interface ApunteCargo {
  endToEndId: string | null;
  /** Positive, minor units. */
  importeCentavos: number;
  moneda: string;
  referenciaBanco: string;
  /** Value date, YYYY-MM-DD. */
  fechaValor: string;
}

export interface ResultadoCargos {
  confirmados: { pagoId: string; endToEndId: string }[];
  yaConfirmados: string[];
  sinCasar: ApunteCargo[];
}

/**
 * The statement shows the debits: each payout whose EndToEndId, amount and currency match becomes CONFIRMADO and
 * is written on the producer's ledger (LIQUIDACION, −amount) with a notification. Runs inside the import's
 * transaction; the payout row is updated only `where estado <> 'CONFIRMADO'`, so importing the statement twice,
 * or two overlapping statements at once, confirm it once.
 */
export async function confirmarPagosDeExtracto(
  tx: Tx,
  apuntes: ApunteCargo[],
  ctx: { now: Date; /** The demo data: notified in the app, not mailed. */ sinCorreo?: boolean },
): Promise<ResultadoCargos> {
  const out: ResultadoCargos = { confirmados: [], yaConfirmados: [], sinCasar: [] };
  for (const a of apuntes) {
    if (!a.endToEndId) {
      out.sinCasar.push(a);
      continue;
    }
    const [pago] = await tx
      .update(pagosProductor)
      .set({ estado: 'CONFIRMADO', confirmadoAt: ctx.now, referenciaBanco: a.referenciaBanco })
      .where(
        and(
          eq(pagosProductor.endToEndId, a.endToEndId),
          eq(pagosProductor.importeCentavos, a.importeCentavos),
          eq(pagosProductor.moneda, a.moneda),
          sql`${pagosProductor.estado} <> 'CONFIRMADO'`,
        ),
      )
      .returning();
    if (!pago) {
      const [ya] = await tx
        .select({ id: pagosProductor.id })
        .from(pagosProductor)
        .where(and(eq(pagosProductor.endToEndId, a.endToEndId), eq(pagosProductor.estado, 'CONFIRMADO')))
        .limit(1);
      if (ya) out.yaConfirmados.push(a.endToEndId);
      else out.sinCasar.push(a);
      continue;
    }
    const [cuenta] = await tx.select().from(cuentasCobro).where(eq(cuentasCobro.id, pago.cuentaCobroId)).limit(1);
    await asentar(
      tx,
      [
        {
          cuentaId: pago.productorId,
          tipo: 'LIQUIDACION',
          concepto: `Transferencia de Cereza ${pago.endToEndId}`,
          importeCentavos: -pago.importeCentavos,
          moneda: pago.moneda,
        },
      ],
      ctx.now,
    );
    await notify(
      tx,
      {
        userId: pago.productorId,
        tipo: 'LIQUIDACION_CONFIRMADA',
        importe: formatoImporte(pago.importeCentavos, pago.moneda),
        cuenta: cuenta ? enmascarar(cuenta) : '',
        enlace: PAGINAS.productor.movimientos,
        entidad: 'liquidacion',
        entidadId: pago.id,
      },
      { email: !ctx.sinCorreo },
    );
    out.confirmados.push({ pagoId: pago.id, endToEndId: pago.endToEndId });
  }
  return out;
}

/** Per currency, what Cereza has paid out (payouts the bank confirmed): the client-money balance's outflow. */
export async function pagadoPorMoneda(db: DbOrTx): Promise<Record<string, number>> {
  const rows = await db
    .select({ moneda: pagosProductor.moneda, total: sql<string>`sum(${pagosProductor.importeCentavos})` })
    .from(pagosProductor)
    .where(eq(pagosProductor.estado, 'CONFIRMADO'))
    .groupBy(pagosProductor.moneda);
  return Object.fromEntries(rows.map((r) => [r.moneda, Number(r.total)]));
}

export async function listRemesas(db: DbOrTx, limit = 50) {
  const rows = await db
    .select({
      id: remesas.id,
      msgId: remesas.msgId,
      estado: remesas.estado,
      numeroOperaciones: remesas.numeroOperaciones,
      totales: remesas.totales,
      creadaPorEmail: remesas.creadaPorEmail,
      createdAt: remesas.createdAt,
      enviadaAt: remesas.enviadaAt,
    })
    .from(remesas)
    .orderBy(desc(remesas.n))
    .limit(limit);
  const confirmados = rows.length
    ? await db
        .select({ remesaId: pagosProductor.remesaId, n: sql<number>`count(*)::int` })
        .from(pagosProductor)
        .where(
          and(
            inArray(
              pagosProductor.remesaId,
              rows.map((r) => r.id),
            ),
            eq(pagosProductor.estado, 'CONFIRMADO'),
          ),
        )
        .groupBy(pagosProductor.remesaId)
    : [];
  const porRemesa = new Map(confirmados.map((c) => [c.remesaId, c.n]));
  return rows.map((r) => ({
    ...r,
    confirmados: porRemesa.get(r.id) ?? 0,
    createdAt: r.createdAt.toISOString(),
    enviadaAt: r.enviadaAt?.toISOString() ?? null,
  }));
}

export async function xmlDeRemesa(db: DbOrTx, remesaId: string) {
  const [row] = await db
    .select({ xml: remesas.xml, msgId: remesas.msgId })
    .from(remesas)
    .where(eq(remesas.id, remesaId))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', 'Remesa no encontrada.');
  return row;
}

/** The payouts of a batch, with the producer's account as sent. */
export async function pagosDeRemesa(db: DbOrTx, remesaId: string) {
  return db
    .select({
      id: pagosProductor.id,
      productorId: pagosProductor.productorId,
      titular: cuentasCobro.titular,
      moneda: pagosProductor.moneda,
      importeCentavos: pagosProductor.importeCentavos,
      endToEndId: pagosProductor.endToEndId,
      estado: pagosProductor.estado,
      confirmadoAt: pagosProductor.confirmadoAt,
    })
    .from(pagosProductor)
    .innerJoin(cuentasCobro, eq(cuentasCobro.id, pagosProductor.cuentaCobroId))
    .where(eq(pagosProductor.remesaId, remesaId))
    .orderBy(pagosProductor.endToEndId);
}

/** What is due per producer and currency, with the account's state (in force, held until, none). */
export async function debidoPorProductor(db: DbOrTx, now: Date) {
  const res = await db.execute<{
    productor_id: string;
    nombre: string;
    moneda: string;
    pendiente: string;
    lineas: number;
    vigente_desde: Date | string | null;
    cuenta: string | null;
  }>(sql`
    select d.productor_id, coalesce(u.nombre, '') as nombre, d.moneda, sum(d.importe_centavos) as pendiente,
           count(*)::int as lineas, c.vigente_desde, c.titular as cuenta
    from devengos d
    left join users u on u.id = d.productor_id
    left join cuentas_cobro c on c.productor_id = d.productor_id and c.sustituida_at is null
    where not exists (select 1 from pago_devengos pd where pd.devengo_id = d.id)
    group by d.productor_id, u.nombre, d.moneda, c.vigente_desde, c.titular
    order by u.nombre, d.moneda`);
  return res.rows.map((r) => {
    const vigente = r.vigente_desde ? new Date(r.vigente_desde) : null;
    return {
      productorId: r.productor_id,
      nombre: r.nombre,
      moneda: r.moneda,
      pendienteCentavos: Number(r.pendiente),
      lineas: r.lineas,
      cuenta: r.cuenta,
      retenidaHasta: vigente && vigente > now ? vigente.toISOString() : null,
      listo: !!vigente && vigente <= now && Number(r.pendiente) > 0,
    };
  });
}
