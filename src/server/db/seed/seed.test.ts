import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoteInputSchema, LOTE_STATUS, PESOS_SACO, UbicacionSchema } from '../../../contract/lotes';
import { verifyPassword } from '../../auth/passwords';
import { buildSearchText } from '../../modules/lotes/search-text';
import { createTestApp, type TestContext } from '../../test/helpers';
import {
  catas,
  compradorPerfiles,
  correos,
  eventos,
  facturas,
  devengos,
  movimientos,
  muestras,
  cajasMuestras,
  cajaMuestrasLotes,
  favoritos,
  lotes,
  noticias,
  notificaciones,
  pedidoDocumentos,
  pedidos,
  productorPerfiles,
  users,
  fincas,
  loteFincas,
  planes,
  planLineas,
  reclamoAportes,
  auditoria,
  verificacionesProductor,
  respuestas,
  solicitudes,
  cuentasCobro,
  pagosProductor,
} from '../schema';
import { isTipoNotificacion } from '../../../contract/notificaciones';
import { isValidBIC, isValidIBAN } from 'ibantools';
import { saldosPendientes } from '../../modules/liquidaciones';
import { extractoDemo } from '../../modules/cobros/demo';
import { importExtracto } from '../../modules/cobros/service';
import { puntajeSca, HojaCataSchema } from '../../../contract/muestras';
import { buildRows, REFERENCE_DATE } from './build';
import { REGIONES_POR_PAIS, VARIEDADES_POR_PAIS } from './coherencia';
import { InformacionComercialSchema } from '../../../contract/auth';
import { COMPRADORES } from './compradores';
import { DEMO_PASSWORD, seedIfEmpty } from './index';
import { PRODUCTORES } from './productores';
import { DEMO_LABORATORIO } from './laboratorio';
import { DEMO_OPERADOR, DEMO_OPERADORA_NUEVA, DEMO_TOTP_LABORATORIO, DEMO_TOTP_OPERADOR } from './operador';

const silent = { info: () => {} };

let ctx: TestContext;
let created: number;
beforeAll(async () => {
  ctx = await createTestApp();
  created = await seedIfEmpty(ctx.app.db, ctx.app.storage, silent);
}, 180_000);
afterAll(() => ctx.close());

/** The demo's rows built without rendering a picture (every image id answers a made-up address). */
const builtRows = () => {
  const images = new Map<string, { lg: string; sm: string }>();
  const fake = new Proxy(images, {
    get: (target, prop) =>
      prop === 'get'
        ? (id: string) => ({ lg: `/uploads/${id}-lg.webp`, sm: `/uploads/${id}-sm.webp` })
        : Reflect.get(target, prop),
  });
  return buildRows(fake, 'hash');
};

const fileFor = (url: string) => {
  expect(url.startsWith('/uploads/'), url).toBe(true);
  return path.join(ctx.config.uploadsDir, url.slice('/uploads/'.length));
};

describe('demo seed', () => {
  it('creates at least 12 producers from at least 8 origins, each with a complete profile', async () => {
    const perfiles = await ctx.app.db.select().from(productorPerfiles);
    expect(perfiles.length).toBeGreaterThanOrEqual(12);
    expect(new Set(perfiles.map((p) => p.pais)).size).toBeGreaterThanOrEqual(8);
    for (const p of perfiles) {
      for (const [field, value] of Object.entries(p)) expect(value, `${p.nombre}.${field}`).not.toBeNull();
      expect(p.imagenes.length).toBeGreaterThanOrEqual(3);
      expect(p.descripcion!.split('\n\n').length).toBeGreaterThanOrEqual(2);
      expect(p.sitioWeb).toMatch(/^https:\/\/[a-z0-9.-]+\.example$/);
    }
    const productores = await ctx.app.db.select().from(users).where(eq(users.tipoUser, 'PRODUCTOR'));
    expect(productores.every((u) => u.perfilBase)).toBe(true);
    expect(productores.filter((u) => u.verificado).length).toBeGreaterThanOrEqual(3);
  });

  it('creates at least 60 lots with every attribute it writes filled and accepted by the lot contract', async () => {
    expect(created).toBeGreaterThanOrEqual(60);
    const rows = await ctx.app.db.select().from(lotes);
    expect(rows.length).toBe(created);
    // Every column the demo writes (today all of them): a field added later without a demo value stays null, and
    // the demo may give it one when a page shows it (docs/decisions/015).
    const written = new Set(builtRows().lotes.flatMap((l) => Object.keys(l)));
    expect(written.size).toBeGreaterThanOrEqual(40);
    for (const l of rows) {
      for (const [fieldName, fieldValue] of Object.entries(l)) {
        if (fieldName === 'motivoRechazo' || !written.has(fieldName)) continue;
        expect(fieldValue, `${l.codigo}.${fieldName}`).not.toBeNull();
      }
      expect(l.variedades.length, l.codigo).toBeGreaterThan(0);
      expect(l.notasCata.length, l.codigo).toBeGreaterThanOrEqual(3);
      expect(l.galeriaLote.length, l.codigo).toBeGreaterThanOrEqual(2);
      expect(l.galeriaLote.length, l.codigo).toBeLessThanOrEqual(4);
      expect(l.puntaje! * 4, l.codigo).toBe(Math.round(l.puntaje! * 4));
      expect(l.puntaje!).toBeGreaterThanOrEqual(82);
      expect(l.puntaje!).toBeLessThanOrEqual(91);
      expect(l.precioKg).toBeGreaterThanOrEqual(6);
      expect(l.precioKg).toBeLessThanOrEqual(40);
      expect(l.humedad!).toBeGreaterThanOrEqual(9.5);
      expect(l.humedad!).toBeLessThanOrEqual(11.5);
      expect(l.actividadAgua!).toBeGreaterThanOrEqual(0.5);
      expect(l.actividadAgua!).toBeLessThanOrEqual(0.6);
      expect(l.densidad!).toBeGreaterThanOrEqual(650);
      expect(l.densidad!).toBeLessThanOrEqual(760);
      expect(PESOS_SACO).toContain(l.pesoSacoKg);
      expect(l.codigo).toMatch(new RegExp(`^${l.pais}-[A-Z]{3}-\\d{2}-\\d{3}$`));
      // A harvest of the 2025-26 seasons, never after the reference date.
      expect(l.cosecha! >= '2025-01' && l.cosecha! <= REFERENCE_DATE.toISOString().slice(0, 7), l.codigo).toBe(true);
      const parsed = LoteInputSchema.safeParse(l);
      expect(
        parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
        l.codigo,
      ).toEqual([]);
    }
    const codes = rows.map((l) => `${l.productorId}:${l.codigo}`);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('mixes statuses, hides a few lots and explains every rejection', async () => {
    const rows = await ctx.app.db.select().from(lotes);
    const statuses = new Set(rows.map((l) => l.status));
    expect(statuses.size).toBeGreaterThanOrEqual(3);
    for (const s of statuses) expect(LOTE_STATUS).toContain(s);
    expect(rows.filter((l) => l.status === 'VERIFICADO').length).toBeGreaterThan(rows.length / 2);
    const ocultos = rows.filter((l) => l.ocultar);
    expect(ocultos.length).toBeGreaterThanOrEqual(2);
    // One of them retired after trade (docs/decisions/046), every order of it closed.
    expect(rows.filter((l) => l.archivadoAt && l.ocultar)).toHaveLength(1);
    expect(ocultos.length).toBeLessThan(rows.length / 4);
    const rechazados = rows.filter((r) => r.status === 'RECHAZADO');
    expect(rechazados.length).toBeGreaterThan(0);
    for (const l of rechazados) expect(l.motivoRechazo).toMatch(/\w{10,}/);
    expect(new Set(rows.map((l) => l.posicion))).toEqual(new Set(['DISPONIBLE', 'EN_TRANSITO', 'FUTURO']));
    for (const l of rows.filter((r) => r.posicion === 'FUTURO')) expect(l.ventanaEmbarque).toMatch(/^Embarque entre /);
    const createdTimes = rows.map((l) => l.createdAt.getTime());
    expect(Math.max(...createdTimes) - Math.min(...createdTimes)).toBeGreaterThan(90 * 86_400_000);
    expect(Math.max(...createdTimes)).toBeLessThanOrEqual(REFERENCE_DATE.getTime());
  });

  it('breaks every price down into parts that add up exactly to the price per kg', async () => {
    const rows = await ctx.app.db.select().from(lotes);
    for (const l of rows) {
      const d = l.desglosePrecio!;
      const suma =
        Math.round(d.precioFinca * 100) +
        Math.round(d.costosExportacion * 100) +
        Math.round(d.comisionPlataforma * 100);
      expect(suma, l.codigo).toBe(Math.round(l.precioKg * 100));
      expect(d.precioFinca).toBeGreaterThan(d.costosExportacion + d.comisionPlataforma);
    }
  });

  it('keeps the search text in step with the lot and its producer name', async () => {
    const rows = await ctx.app.db
      .select({ lote: lotes, productor: productorPerfiles.nombre })
      .from(lotes)
      .innerJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId));
    for (const { lote, productor } of rows) expect(lote.busqueda).toBe(buildSearchText(lote, productor));
  });

  it('stores every image it references, in the sizes it declares', async () => {
    const urls = new Set<string>();
    for (const l of await ctx.app.db.select().from(lotes)) {
      for (const g of l.galeriaLote) {
        urls.add(g.url);
        urls.add(g.thumb!);
      }
      urls.add(l.muestra.imagen!);
    }
    for (const p of await ctx.app.db.select().from(productorPerfiles)) {
      urls.add(p.avatar!);
      urls.add(p.portada!);
      p.imagenes.forEach((i) => urls.add(i));
    }
    for (const c of await ctx.app.db.select().from(compradorPerfiles)) urls.add(c.avatar!);
    // Operators have no picture (nobody sees them); every other demo account has one.
    for (const u of await ctx.app.db.select().from(users)) if (u.tipoUser !== 'OPERADOR') urls.add(u.image!);
    for (const n of await ctx.app.db.select().from(noticias)) urls.add(n.imagen!);
    expect(urls.size).toBeGreaterThan(40);
    for (const url of urls) expect(existsSync(fileFor(url)), url).toBe(true);

    const [lote] = await ctx.app.db.select().from(lotes).limit(1);
    const lg = await sharp(fileFor(lote.galeriaLote[0].url)).metadata();
    const sm = await sharp(fileFor(lote.galeriaLote[0].thumb!)).metadata();
    expect([lg.format, lg.width, lg.height]).toEqual(['webp', lote.galeriaLote[0].width, lote.galeriaLote[0].height]);
    expect([sm.format, sm.width]).toEqual(['webp', 400]);
  });

  it('creates demo buyers with profiles and favourites, news and drafts, all signing in with the documented password', async () => {
    const compradores = await ctx.app.db.select().from(compradorPerfiles);
    expect(compradores.length).toBeGreaterThanOrEqual(3);
    for (const c of compradores)
      for (const [fieldName, fieldValue] of Object.entries(c))
        expect(fieldValue, `${c.empresa}.${fieldName}`).not.toBeNull();
    const [comprador] = await ctx.app.db.select().from(users).where(eq(users.email, 'comprador@cereza.example'));
    expect(comprador.tipoUser).toBe('COMPRADOR');
    const favs = await ctx.app.db.select().from(favoritos).where(eq(favoritos.userId, comprador.id));
    expect(favs.length).toBeGreaterThanOrEqual(3);

    const [productor] = await ctx.app.db.select().from(users).where(eq(users.email, 'productor@cereza.example'));
    expect(productor.tipoUser).toBe('PRODUCTOR');
    expect(await verifyPassword(productor.passwordHash!, DEMO_PASSWORD)).toBe(true);
    expect(await verifyPassword(comprador.passwordHash!, 'otra-contraseña')).toBe(false);

    const news = await ctx.app.db.select().from(noticias);
    expect(news.filter((n) => n.publicada).length).toBeGreaterThanOrEqual(5);
    expect(news.some((n) => !n.publicada)).toBe(true);
    expect(new Set(news.map((n) => n.productorId)).size).toBeGreaterThanOrEqual(4);
  });

  it('verifies every demo account and gives each a few notifications from the real templates, none mailed', async () => {
    const all = await ctx.app.db.select().from(users);
    expect(all.every((u) => u.verificado)).toBe(true);
    const avisos = await ctx.app.db.select().from(notificaciones);
    for (const email of [
      'productor@cereza.example',
      'comprador@cereza.example',
      'importador@cereza.example',
      'cafeteria@cereza.example',
      'distribuidor@cereza.example',
    ]) {
      const u = all.find((x) => x.email === email)!;
      const mine = avisos.filter((n) => n.userId === u.id);
      expect(mine.length, email).toBeGreaterThanOrEqual(3);
      expect(
        mine.some((n) => n.tipo === 'BIENVENIDA'),
        email,
      ).toBe(true);
      for (const n of mine) {
        expect(isTipoNotificacion(n.tipo)).toBe(true);
        if (n.enlace) expect(n.enlace).toMatch(/^\/(lote|perfil|Dashboard)\//);
      }
    }
    const comprador = all.find((x) => x.email === 'comprador@cereza.example')!;
    const suyas = avisos.filter((n) => n.userId === comprador.id);
    expect(suyas.some((n) => n.leidaAt === null)).toBe(true);
    expect(suyas.some((n) => n.tipo === 'NOTICIA_NUEVA' && n.texto.length > 140)).toBe(true);
    expect(await ctx.app.db.select().from(correos)).toHaveLength(0);
  });

  it('gives every demo account the legal data invoices print, valid for the account form', () => {
    for (const u of builtRows().users) {
      const info = InformacionComercialSchema.safeParse(u.informacionComercial);
      expect(info.success, `${u.email}: ${JSON.stringify(info.error?.issues)}`).toBe(true);
    }
  });

  it('invoices the shipped demo orders, paid ones paid, with consistent ledgers', async () => {
    const todos = await ctx.app.db.select().from(pedidos);
    const embarcados = todos.filter((p) => p.embarcadoAt);
    expect(embarcados.length).toBeGreaterThanOrEqual(3);
    const todas = await ctx.app.db.select().from(facturas);
    const ventas = todas.filter((f) => f.tipo === 'VENTA');
    expect(ventas.map((f) => f.pedidoId).sort()).toEqual(embarcados.map((p) => p.id).sort());
    expect(todas.filter((f) => f.tipo === 'COMISION')).toHaveLength(embarcados.length);
    for (const v of ventas) {
      const p = embarcados.find((x) => x.id === v.pedidoId)!;
      expect(v.totalCentavos).toBe(p.totalCentavos);
      expect(v.estado).toBe(p.estadoPago === 'PAGADO' ? 'PAGADA' : 'EMITIDA');
    }
    const movs = await ctx.app.db.select().from(movimientos).orderBy(movimientos.n);
    const saldos = new Map<string, number>();
    for (const m of movs) {
      const k = `${m.cuentaId}:${m.moneda}`;
      saldos.set(k, (saldos.get(k) ?? 0) + m.importeCentavos);
      expect(m.saldoCentavos).toBe(saldos.get(k));
    }
  });

  it('gives every producer a payout account, a due balance to batch and one payout the bank confirmed (issue 29)', async () => {
    const productores = await ctx.app.db.select({ id: users.id }).from(users).where(eq(users.tipoUser, 'PRODUCTOR'));
    const cuentas = await ctx.app.db.select().from(cuentasCobro);
    expect(new Set(cuentas.map((c) => c.productorId))).toEqual(new Set(productores.map((p) => p.id)));
    for (const c of cuentas) {
      expect(c.tipo === 'SEPA' ? isValidIBAN(c.iban!) : !!c.numeroCuenta).toBe(true);
      expect(isValidBIC(c.bic), c.bic).toBe(true);
      expect(c.vigenteDesde.getTime()).toBeLessThan(Date.now());
    }
    const pagos = await ctx.app.db.select().from(pagosProductor);
    expect(pagos.filter((p) => p.estado === 'CONFIRMADO').length).toBeGreaterThanOrEqual(1);
    const due = await saldosPendientes(ctx.app.db);
    expect(due.filter((d) => d.pendienteCentavos > 0).length).toBeGreaterThanOrEqual(1);
  });

  it('has one shipped order paid directly between the parties: no reference, the producer’s ledger collected it, Cereza owes nothing for it (issue 29)', async () => {
    const directos = await ctx.app.db.select().from(pedidos).where(eq(pedidos.cobro, 'DIRECTO'));
    expect(directos).toHaveLength(1);
    const [d] = directos;
    expect(d).toMatchObject({ referenciaCobro: null, estadoPago: 'PAGADO' });
    expect(d.embarcadoAt).not.toBeNull();
    const [venta] = await ctx.app.db
      .select()
      .from(facturas)
      .where(and(eq(facturas.pedidoId, d.id), eq(facturas.tipo, 'VENTA')));
    expect(venta.instruccionesPago).toBeNull();
    expect(await ctx.app.db.select().from(devengos).where(eq(devengos.pedidoId, d.id))).toEqual([]);
    const cobro = await ctx.app.db
      .select()
      .from(movimientos)
      .where(
        and(eq(movimientos.pedidoId, d.id), eq(movimientos.cuentaId, d.productorId), eq(movimientos.tipo, 'PAGO')),
      );
    // The sale collected, and the commission invoice settled, at the producer's "Registrar pago recibido".
    expect(cobro.map((m) => m.importeCentavos)).toContain(-venta.totalCentavos);
    expect((await ctx.app.db.select().from(pedidos).where(eq(pedidos.cobro, 'CEREZA'))).length).toBeGreaterThan(5);
  });

  it('gives the demo buyer and producer samples in every state, with valid cuppings', async () => {
    const [comprador] = await ctx.app.db.select().from(users).where(eq(users.email, 'comprador@cereza.example'));
    const [productor] = await ctx.app.db.select().from(users).where(eq(users.email, 'productor@cereza.example'));
    const todas = await ctx.app.db.select().from(muestras).where(eq(muestras.productorId, productor.id));
    expect(new Set(todas.map((m) => m.estado)).size).toBe(9);
    const delComprador = todas.filter((m) => m.compradorId === comprador.id).map((m) => m.estado);
    expect(delComprador).toEqual(expect.arrayContaining(['SOLICITADA', 'ACEPTADA', 'ENVIADA', 'ENTREGADA', 'CATADA']));
    const hojas = (await ctx.app.db.select().from(catas)).filter((c) => c.muestraId !== null);
    expect(hojas.length).toBe(todas.filter((m) => m.estado === 'CATADA').length);
    for (const c of hojas) {
      expect(HojaCataSchema.parse(c.hoja)).toEqual(c.hoja);
      expect(c.puntajeTotal).toBe(puntajeSca(c.hoja));
    }
    // Nothing is due at start-up: the timers do not move the demo's samples the minute the server starts.
    const vencidas = todas.filter((m) => m.venceAt && m.venceAt <= new Date());
    expect(vencidas).toEqual([]);
  });

  it('gives the demo buyer a sample box being filled and a box sent, and the importer a box shipped (decision 070)', async () => {
    const [comprador] = await ctx.app.db.select().from(users).where(eq(users.email, 'comprador@cereza.example'));
    const enCaja = await ctx.app.db
      .select()
      .from(cajaMuestrasLotes)
      .where(eq(cajaMuestrasLotes.compradorId, comprador.id));
    expect(enCaja.length).toBe(3);
    const cajas = await ctx.app.db.select().from(cajasMuestras);
    expect(cajas.length).toBe(2);
    const porCaja = async (id: string) =>
      (await ctx.app.db.select().from(muestras).where(eq(muestras.cajaId, id))).map((m) => m.estado).sort();
    const suya = cajas.find((c) => c.compradorId === comprador.id)!;
    expect(suya.enviadaAt).toBeNull();
    expect(await porCaja(suya.id)).toEqual(['SOLICITADA']);
    const enviada = cajas.find((c) => c.compradorId !== comprador.id)!;
    expect(enviada.enviadaAt).not.toBeNull();
    expect(await porCaja(enviada.id)).toEqual(['ENVIADA', 'RECHAZADA']);
  });

  it('gives the demo accounts orders in every state, consistent with stock, with contracts and nothing due', async () => {
    const todos = await ctx.app.db.select().from(pedidos);
    expect(new Set(todos.map((p) => p.estado)).size).toBeGreaterThanOrEqual(10);
    const reservas = new Map<string, number>();
    for (const p of todos) {
      if (['RESERVADO', 'CONFIRMADO', 'PSS_ENVIADA', 'PSS_APROBADA', 'PSS_RECHAZADA'].includes(p.estado)) {
        reservas.set(p.loteId, (reservas.get(p.loteId) ?? 0) + p.sacos);
      }
    }
    for (const l of await ctx.app.db.select().from(lotes)) {
      expect(l.sacosReservados).toBe(reservas.get(l.id) ?? 0);
      expect(l.sacosReservados).toBeLessThanOrEqual(l.sacosDisponibles);
    }
    const contratos = await ctx.app.db.select().from(pedidoDocumentos);
    expect(contratos.length).toBe(todos.filter((p) => p.confirmadoAt).length);
    for (const c of contratos) expect(c.contenido?.subarray(0, 5).toString()).toBe('%PDF-');
    expect(todos.filter((p) => p.venceAt && p.venceAt <= new Date())).toEqual([]);
    // One claim open for the operator's command, one he resolved with a discount (docs/decisions/035).
    expect(todos.filter((p) => p.estado === 'EN_RECLAMO')).toHaveLength(1);
    const resuelto = todos.find((p) => p.terminos.resolucionReclamo)!;
    expect(resuelto.estado).toBe('COMPLETADO');
    expect(resuelto.terminos.resolucionReclamo!.descuentoCentavos).toBeGreaterThan(0);
    expect(resuelto.terminos.resolucionReclamo!.descuentoCentavos).toBeLessThan(resuelto.totalCentavos);
    const suyos = await ctx.app.db.select().from(eventos).where(eq(eventos.entidadId, resuelto.id));
    expect(suyos.find((e) => e.accion === 'RESOLVER_RECLAMO')).toMatchObject({ actorRol: 'operador', actorId: null });
    const rects = await ctx.app.db.select().from(facturas).where(eq(facturas.pedidoId, resuelto.id));
    expect(rects.find((f) => f.tipo === 'RECTIFICATIVA')?.baseCentavos).toBe(
      -resuelto.terminos.resolucionReclamo!.descuentoCentavos,
    );
    const [{ n }] = (await ctx.app.db.execute(sql`select last_value::int as n from pedidos_numero_seq`)).rows as {
      n: number;
    }[];
    expect(n).toBe(todos.length);
  });

  it('gives the demo accounts member farms on a map, sourcing requests with answers, and a purchase plan', async () => {
    const [productor] = await ctx.app.db.select().from(users).where(eq(users.email, 'productor@cereza.example'));
    const [comprador] = await ctx.app.db.select().from(users).where(eq(users.email, 'comprador@cereza.example'));
    const suyas = await ctx.app.db.select().from(fincas).where(eq(fincas.productorId, productor.id));
    expect(suyas.length).toBeGreaterThanOrEqual(3);
    expect(new Set(suyas.map((f) => f.ubicacion?.type))).toEqual(new Set(['Point', 'Polygon']));
    // Every single farm has itself; every farm's location passes the contract.
    const perfiles = await ctx.app.db.select().from(productorPerfiles);
    const todas = await ctx.app.db.select().from(fincas);
    for (const p of perfiles.filter((x) => x.tipoProductor === 'FINCA')) {
      expect(todas.filter((f) => f.productorId === p.userId).map((f) => f.propia)).toEqual([true]);
    }
    for (const f of todas) expect(UbicacionSchema.safeParse(f.ubicacion).success).toBe(true);
    expect((await ctx.app.db.select().from(loteFincas)).length).toBeGreaterThan(60);
    const sols = await ctx.app.db.select().from(solicitudes).where(eq(solicitudes.compradorId, comprador.id));
    expect(new Set(sols.map((s) => s.estado))).toEqual(new Set(['BORRADOR', 'ABIERTA', 'EXPIRADA']));
    expect((await ctx.app.db.select().from(respuestas)).length).toBe(2);
    const [plan] = await ctx.app.db.select().from(planes).where(eq(planes.compradorId, comprador.id));
    expect((await ctx.app.db.select().from(planLineas).where(eq(planLineas.planId, plan.id))).length).toBe(4);
  });

  it('gives the lab an account and lots in every state of its table, each cupped lot with its sheet', async () => {
    const [lab] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_LABORATORIO));
    expect(lab.tipoUser).toBe('LABORATORIO');
    expect(await verifyPassword(lab.passwordHash!, DEMO_PASSWORD)).toBe(true);
    const todos = await ctx.app.db.select().from(lotes);
    const enviados = todos.filter((l) => l.envioLaboratorio);
    // The lab's queue: samples on their way, lots to cup; and its history.
    expect(enviados.some((l) => l.status === 'POR_ENVIAR')).toBe(true);
    expect(todos.some((l) => l.status === 'POR_ENVIAR' && !l.envioLaboratorio)).toBe(true);
    for (const s of ['EN_REVISION', 'VERIFICADO', 'RECHAZADO'] as const) {
      expect(enviados.filter((l) => l.status === s).length, s).toBeGreaterThan(0);
    }
    const deLab = (await ctx.app.db.select().from(catas)).filter((c) => c.muestraId === null);
    for (const l of todos.filter((x) => x.status === 'VERIFICADO' || x.status === 'RECHAZADO')) {
      const c = deLab.find((x) => x.loteId === l.id)!;
      expect(c, l.nombre).toBeDefined();
      expect(HojaCataSchema.parse(c.hoja)).toEqual(c.hoja);
      expect(c.puntajeTotal).toBe(puntajeSca(c.hoja));
      if (l.status === 'VERIFICADO') {
        expect(c.puntajeTotal).toBeGreaterThanOrEqual(80);
        expect(l.puntaje).toBe(c.puntajeTotal);
      } else {
        expect(c.puntajeTotal).toBeLessThan(80);
        expect(l.motivoRechazo).toContain('Puntaje del laboratorio');
      }
    }
  });

  it('keeps every lot, farm and variety coherent with its producer’s country (issue 25 §3)', async () => {
    const perfiles = await ctx.app.db.select().from(productorPerfiles);
    const paisDe = new Map(perfiles.map((p) => [p.userId, p.pais]));
    const todos = await ctx.app.db.select().from(lotes);
    expect(todos.length).toBeGreaterThan(0);
    for (const l of todos) {
      const pais = paisDe.get(l.productorId)!;
      expect(l.pais, `${l.nombre}: país`).toBe(pais);
      expect(REGIONES_POR_PAIS[pais], `${l.nombre}: región ${l.region}`).toContain(l.region);
      for (const v of l.variedades) expect(VARIEDADES_POR_PAIS[pais], `${l.nombre}: variedad ${v}`).toContain(v);
    }
    const todas = await ctx.app.db.select().from(fincas);
    expect(todas.length).toBeGreaterThan(0);
    for (const f of todas) {
      const pais = paisDe.get(f.productorId)!;
      expect(REGIONES_POR_PAIS[pais], `${f.nombre}: región ${f.region}`).toContain(f.region);
      for (const v of f.variedades) expect(VARIEDADES_POR_PAIS[pais], `${f.nombre}: variedad ${v}`).toContain(v);
    }
    // The Ethiopian washing station's members are Ethiopian smallholders, not Colombian farms.
    const et = perfiles.find((p) => p.pais === 'ET')!;
    const miembros = todas.filter((f) => f.productorId === et.userId && !f.propia);
    expect(miembros.length).toBeGreaterThan(0);
    for (const f of miembros) expect(f.variedades).not.toContain('Castillo');
    expect(miembros.map((f) => f.nombre)).not.toContain('Finca El Mirador');
  });

  it('gives every demo claim the buyer’s arrival cupping; the open one waits for the producer’s answer (issue 25 §3)', async () => {
    const reclamados = (await ctx.app.db.select().from(pedidos)).filter((p) => p.motivoReclamo);
    expect(reclamados.length).toBeGreaterThan(0);
    const aportes = await ctx.app.db.select().from(reclamoAportes);
    for (const p of reclamados) {
      const suyos = aportes.filter((a) => a.pedidoId === p.id);
      expect(suyos.find((a) => a.rol === 'comprador')?.puntajeCata).toBeGreaterThan(0);
      expect(suyos.some((a) => a.rol === 'productor')).toBe(p.estado !== 'EN_RECLAMO');
    }
  });

  it('shows the organisation check (KYB): most producers verified by the demo operator, some waiting, one rejected, one withdrawn', async () => {
    const rows = await ctx.app.db.select().from(verificacionesProductor);
    const por = (e: string) => rows.filter((r) => r.estado === e);
    expect(por('ENVIADA')).toHaveLength(2);
    expect(por('RECHAZADA')).toHaveLength(2);
    expect(por('RETIRADA')).toHaveLength(1);
    expect(por('RETIRADA')[0].motivoRetirada).toBeTruthy();
    expect(por('APROBADA').length).toBeGreaterThanOrEqual(8);
    const productores = await ctx.app.db.select().from(users).where(eq(users.tipoUser, 'PRODUCTOR'));
    const verificados = productores.filter((u) => u.productorVerificadoAt);
    // Only an approved request earns the badge, and some producers with a confirmed e-mail do not carry it.
    expect(new Set(verificados.map((u) => u.id))).toEqual(new Set(por('APROBADA').map((r) => r.productorId)));
    expect(productores.filter((u) => u.verificado && !u.productorVerificadoAt).length).toBeGreaterThanOrEqual(4);
    // Every document is a real PDF, stored privately.
    for (const d of rows.flatMap((r) => r.documentos)) {
      expect(d.key).toMatch(/^privado\/u\//);
      const data = await ctx.app.storage.get(d.key);
      expect(data?.subarray(0, 5).toString('latin1'), d.key).toBe('%PDF-');
    }
    const log = await ctx.app.db.select().from(auditoria).where(eq(auditoria.entidad, 'verificacion'));
    expect(log).toHaveLength(por('APROBADA').length + por('RECHAZADA').length + por('RETIRADA').length);
    const retiradas = await ctx.app.db.select().from(auditoria).where(eq(auditoria.accion, 'VERIFICACION_RETIRAR'));
    expect(retiradas.map((r) => r.entidadId)).toEqual([por('RETIRADA')[0].productorId]);
  });

  it('does nothing on a database that already has users', async () => {
    const before = (await ctx.app.db.select().from(lotes)).length;
    expect(await seedIfEmpty(ctx.app.db, ctx.app.storage, silent)).toBe(0);
    expect((await ctx.app.db.select().from(lotes)).length).toBe(before);
    expect((await ctx.app.db.select().from(users)).length).toBeGreaterThan(0);
  });

  it('is deterministic: the same images give the same rows', () => {
    expect(builtRows()).toEqual(builtRows());
  });

  it('documents exactly the accounts it creates, with the password it uses', () => {
    const doc = readFileSync(new URL('../../../../docs/demo-accounts.md', import.meta.url), 'utf8');
    const documented = new Set(doc.match(/[a-z0-9.-]+@[a-z0-9.-]+\.example/g));
    const seeded = new Set([
      ...PRODUCTORES.map((p) => p.email),
      ...COMPRADORES.map((c) => c.email),
      DEMO_LABORATORIO,
      DEMO_OPERADOR,
      DEMO_OPERADORA_NUEVA,
    ]);
    expect(documented).toEqual(seeded);
    expect(doc).toContain(`\`${DEMO_PASSWORD}\``);
    // The demo second factors a person can add to an authenticator app.
    expect(doc).toContain(DEMO_TOTP_OPERADOR);
    expect(doc).toContain(DEMO_TOTP_LABORATORIO);
  });
});

describe('the demo’s EUDR side (issue 30)', () => {
  it('has EUDR-ready lots and lots that are not, each saying why; one order carries its statement’s numbers', async () => {
    const { eudrDeLote } = await import('../../modules/lotes/eudr');
    const visibles = await ctx.app.db.select().from(lotes).where(eq(lotes.ocultar, false));
    const listos = visibles.filter((l) => l.eudrListo);
    expect(listos.length).toBeGreaterThanOrEqual(5);
    expect(visibles.length - listos.length).toBeGreaterThanOrEqual(5);
    const [demo] = await ctx.app.db.select().from(users).where(eq(users.email, 'productor@cereza.example'));
    const suyos = visibles.filter((l) => l.productorId === demo.id);
    expect(suyos.some((l) => l.eudrListo)).toBe(true);
    expect(suyos.some((l) => !l.eudrListo)).toBe(true);
    for (const l of visibles) {
      const e = await eudrDeLote(ctx.app.db, l);
      expect(e.listo).toBe(l.eudrListo);
      if (!e.listo) expect(e.faltas.length).toBeGreaterThan(0);
    }
    const conDds = await ctx.app.db
      .select()
      .from(pedidos)
      .where(sql`${pedidos.ddsReferencia} is not null`);
    expect(conDds).toHaveLength(1);
    // Every demo order keeps the plots it was bought with (decision 068).
    const todos = await ctx.app.db.select({ eudr: pedidos.eudr }).from(pedidos);
    expect(todos.length).toBeGreaterThan(0);
    expect(todos.filter((p) => !p.eudr)).toEqual([]);
    expect(todos.some((p) => p.eudr!.parcelas.length > 0)).toBe(true);
  });
});

describe('the demo statement on a fresh demo (README "Demo statement")', () => {
  it('imports: each case of the README happens, the two odd credits wait, and importing it again changes nothing', async () => {
    const now = new Date();
    const [operador] = await ctx.app.db.select().from(users).where(eq(users.email, DEMO_OPERADOR));
    const xml = await extractoDemo(ctx.app.db, now);
    const fichero = { nombre: 'extracto-camt053-demo.xml', contenido: new TextEncoder().encode(xml) };
    const r = await importExtracto(ctx.app.db, operador, fichero, now);
    const notas = r.apuntes.map((a) => a.nota).join(' ');
    expect(r.apuntes.map((a) => a.metodo)).toEqual(expect.arrayContaining(['REFERENCIA', 'CONCEPTO']));
    expect(notas).toMatch(/Pago parcial/);
    expect(notas).toMatch(/Pago de más/);
    const pendientes = r.apuntes.filter((a) => a.estado === 'PENDIENTE');
    expect(pendientes.map((a) => a.moneda).sort()).toEqual(['CHF', 'EUR']);
    expect(r.resumen.conciliados).toBe(r.apuntes.length - 2);
    const otra = await importExtracto(ctx.app.db, operador, fichero, now);
    expect(otra.resumen).toMatchObject({ nuevos: 0, duplicados: r.apuntes.length });
  });
});
