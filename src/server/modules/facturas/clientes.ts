/*
 * A producer's clients (TRADE.md: `comunidad/clientes` is derived): every buyer who requested one of his samples
 * or was invoiced a sale of his. Figures come from the samples, the cuppings of those samples, and the sale
 * invoices (an order counts as a purchase once it shipped and was invoiced; its value is the taxable base net
 * of credit notes). Nothing is stored: the list is computed per request from the producer's own rows.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import {
  CLIENTE_MESSAGES,
  type Cliente,
  type ClientesQuery,
  type HistorialItem,
  ESTADO_FACTURA_LABELS,
} from '../../../contract/facturas';
import { ESTADO_MUESTRA_LABELS } from '../../../contract/muestras';
import { normalizeText } from '../../../contract/common';
import { paisName } from '../../../contract/lotes-codes';
import { TIPO_COMPRADOR_LABELS, type TipoComprador } from '../../../contract/perfiles-codes';
import type { Db } from '../../db/client';
import { facturas } from '../../db/schema/facturas';
import { lotes } from '../../db/schema/lotes';
import { catas, muestras } from '../../db/schema/muestras';
import { compradorPerfiles, users } from '../../db/schema/users';
import { notFound } from '../../errors';
import { fechaDe } from './emision';
import { toFactura } from './service';

interface Acumulado {
  primerContacto: string;
  muestras: number;
  puntajes: number[];
  pedidos: Set<string>;
  gramos: number;
  valor: Map<string, number>;
  ultimaCompra: string | null;
}

async function datos(db: Db, productorId: string, compradorId?: string) {
  const mConds = [eq(muestras.productorId, productorId)];
  if (compradorId) mConds.push(eq(muestras.compradorId, compradorId));
  const ms = await db
    .select({
      id: muestras.id,
      compradorId: muestras.compradorId,
      createdAt: muestras.createdAt,
      estado: muestras.estado,
      loteId: muestras.loteId,
      lote: lotes.nombre,
      puntaje: catas.puntajeTotal,
      catadorId: catas.catadorId,
    })
    .from(muestras)
    .innerJoin(lotes, eq(lotes.id, muestras.loteId))
    .leftJoin(catas, eq(catas.muestraId, muestras.id))
    .where(and(...mConds))
    .orderBy(desc(muestras.createdAt));
  const fConds = [eq(facturas.productorId, productorId), inArray(facturas.tipo, ['VENTA', 'RECTIFICATIVA'])];
  if (compradorId) fConds.push(eq(facturas.compradorId, compradorId));
  // Only the producer's own invoices (not Cereza's rectifying ones of its commission).
  fConds.push(eq(facturas.emisorId, productorId));
  const fs = await db
    .select()
    .from(facturas)
    .where(and(...fConds))
    .orderBy(desc(facturas.fechaEmision), desc(facturas.createdAt));
  return { ms, fs };
}

function acumular(d: Awaited<ReturnType<typeof datos>>): Map<string, Acumulado> {
  const por = new Map<string, Acumulado>();
  const de = (id: string, fecha: string) => {
    let a = por.get(id);
    if (!a) {
      a = {
        primerContacto: fecha,
        muestras: 0,
        puntajes: [],
        pedidos: new Set(),
        gramos: 0,
        valor: new Map(),
        ultimaCompra: null,
      };
      por.set(id, a);
    }
    if (fecha < a.primerContacto) a.primerContacto = fecha;
    return a;
  };
  for (const m of d.ms) {
    const a = de(m.compradorId, m.createdAt.toISOString());
    a.muestras += 1;
    // The cupping the buyer himself made of the sample (a lab's cupping is not his score).
    if (m.puntaje !== null && m.catadorId === m.compradorId) a.puntajes.push(m.puntaje);
  }
  for (const f of d.fs) {
    const a = de(f.compradorId, `${f.fechaEmision}T00:00:00.000Z`);
    a.valor.set(f.moneda, (a.valor.get(f.moneda) ?? 0) + f.baseCentavos);
    if (f.tipo === 'VENTA') {
      if (f.pedidoId) a.pedidos.add(f.pedidoId);
      a.gramos += f.lineas.reduce((s, l) => s + (l.gramos ?? 0), 0);
      if (!a.ultimaCompra || f.fechaEmision > a.ultimaCompra) a.ultimaCompra = f.fechaEmision;
    }
  }
  return por;
}

async function perfiles(db: Db, ids: string[]) {
  if (ids.length === 0)
    return new Map<string, { nombre: string; empresa: string; pais: string | null; tipo: string | null }>();
  const rows = await db
    .select({
      id: users.id,
      nombre: users.nombre,
      apellido: users.apellido,
      name: users.name,
      email: users.email,
      empresa: compradorPerfiles.empresa,
      pais: compradorPerfiles.pais,
      tipo: compradorPerfiles.tipoComprador,
    })
    .from(users)
    .leftJoin(compradorPerfiles, eq(compradorPerfiles.userId, users.id))
    .where(inArray(users.id, ids));
  return new Map(
    rows.map((r) => {
      const nombre = r.name || [r.nombre, r.apellido].filter(Boolean).join(' ') || r.email;
      return [r.id, { nombre, empresa: r.empresa ?? nombre, pais: r.pais, tipo: r.tipo }];
    }),
  );
}

function toCliente(
  id: string,
  a: Acumulado,
  p: { nombre: string; empresa: string; pais: string | null; tipo: string | null } | undefined,
): Cliente {
  return {
    compradorId: id,
    empresa: p?.empresa ?? 'Cuenta eliminada',
    nombre: p?.nombre ?? '',
    pais: p?.pais ?? null,
    tipoComprador: p?.tipo ?? null,
    primerContacto: a.primerContacto,
    muestras: a.muestras,
    catas: a.puntajes.length,
    puntajeMedio: a.puntajes.length
      ? Math.round((a.puntajes.reduce((s, x) => s + x, 0) / a.puntajes.length) * 100) / 100
      : null,
    pedidos: a.pedidos.size,
    gramos: a.gramos,
    valor: [...a.valor]
      .map(([moneda, centavos]) => ({ moneda, centavos }))
      .sort((x, y) => x.moneda.localeCompare(y.moneda)),
    ultimaCompra: a.ultimaCompra,
  };
}

const claveOrden: Record<ClientesQuery['orden'], (c: Cliente) => string | number> = {
  empresa: (c) => c.empresa.toLocaleLowerCase('es'),
  primerContacto: (c) => c.primerContacto,
  muestras: (c) => c.muestras,
  pedidos: (c) => c.pedidos,
  kg: (c) => c.gramos,
  // Values in several currencies are not comparable: sort by the largest one's minor units.
  valor: (c) => Math.max(0, ...c.valor.map((v) => v.centavos)),
  ultimaCompra: (c) => c.ultimaCompra ?? '',
  puntajeMedio: (c) => c.puntajeMedio ?? -1,
};

export async function listClientes(db: Db, productorId: string, q: ClientesQuery): Promise<Cliente[]> {
  const por = acumular(await datos(db, productorId));
  const ps = await perfiles(db, [...por.keys()]);
  let clientes = [...por].map(([id, a]) => toCliente(id, a, ps.get(id)));
  if (q.q) {
    const needle = normalizeText(q.q);
    clientes = clientes.filter((c) =>
      normalizeText(
        [
          c.empresa,
          c.nombre,
          c.pais ? paisName(c.pais) : '',
          c.tipoComprador ? (TIPO_COMPRADOR_LABELS[c.tipoComprador as TipoComprador] ?? c.tipoComprador) : '',
        ].join(' '),
      ).includes(needle),
    );
  }
  const k = claveOrden[q.orden];
  const signo = q.dir === 'asc' ? 1 : -1;
  return clientes.sort((a, b) => {
    const x = k(a);
    const y = k(b);
    return (x < y ? -1 : x > y ? 1 : a.empresa.localeCompare(b.empresa, 'es')) * signo;
  });
}

/** One client's history with this producer: his samples (with his score) and his invoiced orders, newest first. */
export async function getCliente(db: Db, productorId: string, compradorId: string, now: Date) {
  const d = await datos(db, productorId, compradorId);
  const a = acumular(d).get(compradorId);
  if (!a) throw notFound('NOT_FOUND', CLIENTE_MESSAGES.NOT_FOUND);
  const ps = await perfiles(db, [compradorId]);
  const hoy = fechaDe(now);
  const historial: HistorialItem[] = [
    ...d.ms.map((m): HistorialItem => ({
      tipo: 'muestra',
      id: m.id,
      fecha: m.createdAt.toISOString(),
      titulo: `Muestra de ${m.lote}`,
      estado: ESTADO_MUESTRA_LABELS[m.estado],
      loteId: m.loteId,
      puntaje: m.catadorId === m.compradorId ? m.puntaje : null,
      gramos: null,
      centavos: null,
      moneda: null,
    })),
    ...d.fs
      .filter((f) => f.tipo === 'VENTA')
      .map((f): HistorialItem => ({
        tipo: 'pedido',
        id: f.pedidoId ?? f.id,
        fecha: `${f.fechaEmision}T00:00:00.000Z`,
        titulo: `Pedido ${f.pedidoNumero ?? ''} · factura ${f.numero}`,
        estado: ESTADO_FACTURA_LABELS[toFactura(f, productorId, hoy).estado],
        loteId: null,
        puntaje: null,
        gramos: f.lineas.reduce((s, l) => s + (l.gramos ?? 0), 0),
        centavos: f.baseCentavos,
        moneda: f.moneda,
      })),
  ].sort((x, y) => (x.fecha < y.fecha ? 1 : x.fecha > y.fecha ? -1 : 0));
  return {
    cliente: toCliente(compradorId, a, ps.get(compradorId)),
    historial,
    facturas: d.fs.map((f) => toFactura(f, productorId, hoy)),
  };
}
