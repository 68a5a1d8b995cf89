import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InformacionComercial } from '../../../contract/auth';
import { ERRORS } from '../../../contract/errors';
import { OPERADOR_MESSAGES } from '../../../contract/operador';
import { DAY, ManualClock } from '../../clock';
import { facturas } from '../../db/schema/facturas';
import { lotes } from '../../db/schema/lotes';
import { auditoria } from '../../db/schema/operador';
import { pedidos } from '../../db/schema/pedidos';
import { users } from '../../db/schema/users';
import {
  bearer,
  createTestApp,
  createUser,
  json,
  TEST_PASSWORD,
  type TestContext,
  type TestUser,
} from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { applyAcciones, movesToReclamo, postPedido } from '../pedidos/test-fixtures';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { OPERADOR_RUTAS } from './routes';

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-02T09:00:00Z'));
let operador: TestUser;
let operador2: TestUser;
let comprador: TestUser;
let productor: TestUser;
let loteId: string;

const info = (razonSocial: string, taxId: string): InformacionComercial => ({
  razonSocial,
  taxId,
  direccionFacturacion: { linea1: 'Calle Mayor 12', ciudad: 'Valencia', region: '', codigoPostal: '46001', pais: 'ES' },
  emailFacturacion: 'facturas@example.com',
});

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  operador = await createUser(ctx, 'OPERADOR');
  operador2 = await createUser(ctx, 'OPERADOR');
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  await ctx.app.db
    .update(users)
    .set({ informacionComercial: info('Tostadores del Norte S.L.', 'B87654321') })
    .where(eq(users.id, comprador.id));
  await ctx.app.db
    .update(users)
    .set({ informacionComercial: info('Finca El Roble S.A.S.', '900765432-1') })
    .where(eq(users.id, productor.id));
  loteId = (await postLote(ctx, productor, { sacosDisponibles: 500, loteMinimoSacos: 1 })).id;
});
afterAll(() => ctx.close());

const as = (u: TestUser | null, method: string, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: method as 'GET', url, headers: u ? bearer(u) : {}, ...(payload ? { payload } : {}) });
const accion = (u: TestUser, id: string, body: Record<string, unknown>) =>
  as(u, 'POST', `/api/pedidos/${id}/acciones`, body);

async function reservado(buyer = comprador) {
  const res = await postPedido(ctx, buyer, { loteId, sacos: 1, condicionMuestra: 'SIN_MUESTRA' });
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.pedido as { id: string; numero: string };
}

async function enReclamo() {
  const p = await reservado();
  await applyAcciones(
    ctx,
    p.id,
    movesToReclamo({ productor, comprador }, clock.now(), 'Humedad del 12,8 % al llegar.'),
  );
  return p;
}

const filasAuditoria = (entidadId: string) =>
  ctx.app.db.select().from(auditoria).where(eq(auditoria.entidadId, entidadId)).orderBy(auditoria.n);

describe('who reaches the operator’s calls (a matrix over every registered operator route)', () => {
  it('visitors 401, buyers, producers and the lab 403, an operator without second factor 401', async () => {
    const routes = [...OPERADOR_RUTAS.values()];
    expect(routes.length).toBeGreaterThanOrEqual(18);
    const lab = await createUser(ctx, 'LABORATORIO');
    const sinSegundoFactor = await createUser(ctx, 'OPERADOR', { segundoFactor: false });
    const id = randomUUID();
    for (const r of routes) {
      const url = r.url.replace(':id', id).replace(':numero', 'P-2026-000001');
      const payload = r.method === 'GET' ? undefined : { motivo: 'Una prueba de acceso.' };
      for (const [who, user, expected] of [
        ['visitante', null, 401],
        ['comprador', comprador, 403],
        ['productor', productor, 403],
        ['laboratorio', lab, 403],
        ['operador sin segundo factor', sinSegundoFactor, 401],
      ] as const) {
        const res = await as(user, r.method, url, payload);
        expect(res.statusCode, `${who} ${r.method} ${url}`).toBe(expected);
      }
      // The operator is let in: a missing object is a 404, a wrong body a 400, never a 401/403.
      const ok = await as(operador, r.method, url, payload);
      expect([200, 201, 400, 404, 409], `operador ${r.method} ${url}: ${ok.body}`).toContain(ok.statusCode);
    }
  });
});

describe('every operator call is declared once (issue 27, decision 077)', () => {
  it('each registered route is one of OPERADOR_API’s declarations and checks its answer with a schema', () => {
    const declared = new Set(Object.values(OPERADOR_API).map((e) => `${e.method} ${e.path}`));
    const routes = [...OPERADOR_RUTAS.values()];
    expect(routes.length).toBeGreaterThanOrEqual(18);
    for (const r of routes) {
      expect(declared, `${r.method} ${r.url}`).toContain(`${r.method} ${r.url}`);
      expect(r.answerChecked, `${r.method} ${r.url} answers without a schema`).toBe(true);
    }
  });
});

describe('the audit log', () => {
  it('one row per action with the reason, before and after; UPDATE and DELETE are refused', async () => {
    const lote = await postLote(ctx, productor, { codigo: 'AUD-1' });
    const hide = await as(operador, 'POST', `/api/operador/lotes/${lote.id}/ocultar`, {
      motivo: 'Fotos de otro productor.',
    });
    expect(hide.statusCode, hide.body).toBe(200);
    const rows = await filasAuditoria(lote.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      operadorId: operador.id,
      operadorEmail: operador.email,
      accion: 'LOTE_OCULTAR',
      entidad: 'lote',
      motivo: 'Fotos de otro productor.',
      antes: { ocultar: false },
      despues: { ocultar: true, motivoOcultoOperador: 'Fotos de otro productor.' },
    });
    // The producer cannot publish it again, and sees why it is hidden.
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id));
    expect(row.ocultar).toBe(true);
    expect(row.motivoOcultoOperador).toBe('Fotos de otro productor.');
    const republish = await as(productor, 'PUT', `/api/lotes/${lote.id}`, { ocultar: false });
    expect(republish.statusCode).toBe(409);
    expect(json(republish).error.message).toContain('«Fotos de otro productor.»');
    expect((await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id)))[0].ocultar).toBe(true);
    // A second hide is refused and writes nothing.
    expect(
      (await as(operador2, 'POST', `/api/operador/lotes/${lote.id}/ocultar`, { motivo: 'Otra vez.' })).statusCode,
    ).toBe(409);
    expect(await filasAuditoria(lote.id)).toHaveLength(1);
    const show = await as(operador, 'POST', `/api/operador/lotes/${lote.id}/mostrar`, { motivo: 'Fotos aclaradas.' });
    expect(show.statusCode, show.body).toBe(200);
    expect(await filasAuditoria(lote.id)).toHaveLength(2);

    await expect(
      ctx.app.db.update(auditoria).set({ motivo: 'cambiado' }).where(eq(auditoria.entidadId, lote.id)),
    ).rejects.toThrow();
    await expect(ctx.app.db.delete(auditoria).where(eq(auditoria.entidadId, lote.id))).rejects.toThrow();
    expect((await filasAuditoria(lote.id)).map((r) => r.motivo)).toEqual([
      'Fotos de otro productor.',
      'Fotos aclaradas.',
    ]);

    // The dashboard searches it by the reason's words.
    const found = json(await as(operador, 'GET', `/api/operador/auditoria?q=${encodeURIComponent('aclaradas')}`)).data;
    expect(found.entradas.map((e: { accion: string }) => e.accion)).toEqual(['LOTE_MOSTRAR']);
    // A reason is required.
    const sin = await as(operador, 'POST', `/api/operador/lotes/${lote.id}/ocultar`, { motivo: ' ' });
    expect(sin.statusCode).toBe(400);
  });
});

describe('two operators at once', () => {
  it('resolving the same claim: one wins, the other gets 409; the discount issues rectifying invoices', async () => {
    const p = await enReclamo();
    const body = { resolucion: 'DESCUENTO', importe: 1000, motivo: 'Humedad fuera de contrato.' };
    const [a, b] = await Promise.all([
      as(operador, 'POST', `/api/operador/reclamos/${p.numero}/resolver`, body),
      as(operador2, 'POST', `/api/operador/reclamos/${p.numero}/resolver`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const rows = await filasAuditoria(p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accion: 'RECLAMO_DESCUENTO', motivo: 'Humedad fuera de contrato.' });
    const rect = await ctx.app.db
      .select()
      .from(facturas)
      .where(and(eq(facturas.pedidoId, p.id), eq(facturas.tipo, 'RECTIFICATIVA')));
    expect(rect.length).toBeGreaterThanOrEqual(1);
  });

  it('resolving the same report: one wins, the other gets 409', async () => {
    const conv = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversaciones',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { productorId: productor.id, texto: 'Hola, ¿me pagas por fuera?' },
    });
    expect(conv.statusCode, conv.body).toBeLessThan(300);
    const convId = json(conv).data.conversacion.id;
    const rep = await as(comprador, 'POST', `/api/conversaciones/${convId}/reportes`, { motivo: 'Pago por fuera.' });
    expect(rep.statusCode, rep.body).toBe(201);
    const reportes = json(await as(operador, 'GET', '/api/operador/reportes?estado=ABIERTO')).data;
    const reporte = reportes.find((r: { conversacionId: string }) => r.conversacionId === convId);
    // Reading the thread is an audited action.
    const leido = await as(operador, 'POST', `/api/operador/reportes/${reporte.id}/leer`);
    expect(leido.statusCode).toBe(200);
    expect(json(leido).data.mensajes[0].texto).toBe('Hola, ¿me pagas por fuera?');
    const body = { resolucion: 'ADVERTIR', cuentaId: comprador.id, motivo: 'No se pide pagar fuera de Cereza.' };
    const [a, b] = await Promise.all([
      as(operador, 'POST', `/api/operador/reportes/${reporte.id}/resolver`, body),
      as(operador2, 'POST', `/api/operador/reportes/${reporte.id}/resolver`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect((await filasAuditoria(reporte.id)).map((r) => r.accion)).toEqual(['REPORTE_LEER', 'REPORTE_ADVERTIR']);
  });
});

describe('the operator cancels an order', () => {
  it('a reserved one, with his reason, audited; a second cancellation and a shipped order are 409; a stranger id 404', async () => {
    const p = await reservado();
    const url = `/api/operador/pedidos/${p.id}/cancelar`;
    expect((await as(operador, 'POST', url, { motivo: '' })).statusCode).toBe(400);
    const [a, b] = await Promise.all([
      as(operador, 'POST', url, { motivo: 'El comprador no existe: suplantación.' }),
      as(operador2, 'POST', url, { motivo: 'El comprador no existe: suplantación.' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(json(a.statusCode === 200 ? a : b)).toMatchObject({
      data: { estado: 'CANCELADO' },
      message: OPERADOR_MESSAGES.PEDIDO_CANCELADO,
    });
    // The buyer reads the cancellation on his order.
    const suyo = json(await as(comprador, 'GET', `/api/pedidos/${p.id}`)).data.pedido;
    expect(suyo.estado).toBe('CANCELADO');
    expect((await filasAuditoria(p.id)).map((f) => [f.accion, f.motivo, f.despues])).toEqual([
      ['PEDIDO_CANCELAR', 'El comprador no existe: suplantación.', { estado: 'CANCELADO' }],
    ]);
    // Once the coffee has shipped, the contract does not let the operator cancel.
    const enviado = await enReclamo();
    await as(operador, 'POST', `/api/operador/reclamos/${enviado.numero}/resolver`, {
      resolucion: 'SIN_CAMBIO',
      motivo: 'Sin cambios.',
    });
    const tarde = await as(operador, 'POST', `/api/operador/pedidos/${enviado.id}/cancelar`, {
      motivo: 'Demasiado tarde.',
    });
    expect(tarde.statusCode, tarde.body).toBe(409);
    expect(
      (await as(operador, 'POST', `/api/operador/pedidos/${randomUUID()}/cancelar`, { motivo: 'Nada.' })).statusCode,
    ).toBe(404);
  });
});

describe('the lab’s accounts from Laboratorio', () => {
  it('an account disabled is enabled again: listed active, signs in again, both acts audited with their reasons', async () => {
    const creada = await as(operador, 'POST', '/api/operador/laboratorio/cuentas', {
      email: `catadora-${randomUUID().slice(0, 8)}@example.com`,
    });
    expect(creada.statusCode, creada.body).toBe(201);
    const { email, password } = json(creada).data as { email: string; password: string };
    const cuentas = async () =>
      json(await as(operador, 'GET', '/api/operador/laboratorio')).data.cuentas as Array<{
        id: string;
        email: string;
        activa: boolean;
      }>;
    const lab = (await cuentas()).find((c) => c.email === email)!;
    const login = () => ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect((await login()).statusCode).toBe(200);

    const off = await as(operador, 'POST', `/api/operador/cuentas/${lab.id}/suspender`, {
      motivo: 'Catadora de baja.',
    });
    expect(off.statusCode, off.body).toBe(200);
    expect(json(off).message).toBe(OPERADOR_MESSAGES.LAB_DESACTIVADA);
    expect((await cuentas()).find((c) => c.id === lab.id)?.activa).toBe(false);
    expect((await login()).statusCode).toBe(403);

    const on = await as(operador, 'POST', `/api/operador/cuentas/${lab.id}/reactivar`, {
      motivo: 'Vuelve de la baja.',
    });
    expect(on.statusCode, on.body).toBe(200);
    expect(json(on).message).toBe(OPERADOR_MESSAGES.LAB_REACTIVADA);
    expect((await cuentas()).find((c) => c.id === lab.id)?.activa).toBe(true);
    // Her password works again and the second factor follows, as for any lab account.
    const again = await login();
    expect(again.statusCode, again.body).toBe(200);
    expect(json(again).segundoFactor).toBeDefined();
    // Enabling twice is a 409: nothing to reactivate.
    expect(
      (await as(operador, 'POST', `/api/operador/cuentas/${lab.id}/reactivar`, { motivo: 'Otra vez.' })).statusCode,
    ).toBe(409);
    expect((await filasAuditoria(lab.id)).map((f) => [f.accion, f.motivo])).toEqual([
      ['LABORATORIO_CREAR', expect.stringContaining(email)],
      ['CUENTA_SUSPENDER', 'Catadora de baja.'],
      ['CUENTA_REACTIVAR', 'Vuelve de la baja.'],
    ]);
  });
});

describe('suspending an account', () => {
  it('ends the producer’s sessions, takes his lots out of the catalogue, keeps his buyers’ orders working', async () => {
    const vendedor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    await ctx.app.db
      .update(users)
      .set({ informacionComercial: info('Finca Suspendida S.A.S.', '900111222-3') })
      .where(eq(users.id, vendedor.id));
    const lote = await postLote(ctx, vendedor, {
      codigo: 'SUSP-1',
      nombre: 'Geisha de la finca suspendida',
      sacosDisponibles: 50,
    });
    const catalogo = async () =>
      (json(await as(null, 'GET', '/api/lotes?q=suspendida')).data.lotes as { id: string }[]).map((l) => l.id);
    expect(await catalogo()).toContain(lote.id);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { loteId: lote.id, sacos: 2, condicionMuestra: 'SIN_MUESTRA' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const pedido = json(res).data.pedido as { id: string };

    const s = await as(operador, 'POST', `/api/operador/cuentas/${vendedor.id}/suspender`, {
      motivo: 'Fraude en fotos.',
    });
    expect(s.statusCode, s.body).toBe(200);
    expect(json(s).message).toBe(OPERADOR_MESSAGES.CUENTA_SUSPENDIDA);
    // Out of the catalogue (the in-memory index and the SQL path) as soon as the answer came back.
    expect(await catalogo()).not.toContain(lote.id);
    expect((await as(null, 'GET', `/api/lotes/${lote.id}`)).statusCode).toBe(404);
    // His session stops working and he cannot sign in again.
    expect((await as(vendedor, 'GET', '/api/users/me')).statusCode).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: vendedor.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(json(login).error.message).toBe(ERRORS.ACCOUNT_SUSPENDED);
    // The buyer still reads and moves his order (he cancels his reservation).
    expect((await as(comprador, 'GET', `/api/pedidos/${pedido.id}`)).statusCode).toBe(200);
    const cancel = await accion(comprador, pedido.id, { accion: 'CANCELAR', motivo: 'El productor ya no opera.' });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect((await ctx.app.db.select().from(pedidos).where(eq(pedidos.id, pedido.id)))[0].estado).toBe('CANCELADO');

    // Twice: 409. Reactivation publishes the same lots again.
    expect(
      (await as(operador2, 'POST', `/api/operador/cuentas/${vendedor.id}/suspender`, { motivo: 'Otra vez.' }))
        .statusCode,
    ).toBe(409);
    const r = await as(operador, 'POST', `/api/operador/cuentas/${vendedor.id}/reactivar`, {
      motivo: 'Aclarado con el productor.',
    });
    expect(r.statusCode, r.body).toBe(200);
    expect(await catalogo()).toContain(lote.id);
    expect((await filasAuditoria(vendedor.id)).map((x) => x.accion)).toEqual(['CUENTA_SUSPENDER', 'CUENTA_REACTIVAR']);
  });

  it('finds accounts by name, e-mail, company and tax id', async () => {
    for (const q of ['Tostadores del Norte', 'B87654321', comprador.email]) {
      const found = json(await as(operador, 'GET', `/api/operador/cuentas?q=${encodeURIComponent(q)}`)).data;
      expect(
        found.map((c: { id: string }) => c.id),
        q,
      ).toContain(comprador.id);
    }
    const cuenta = json(await as(operador, 'GET', `/api/operador/cuentas/${comprador.id}`)).data;
    expect(cuenta.pedidos.length).toBeGreaterThan(0);
  });

  it('the summary counts what needs a person and the month’s figures', async () => {
    const r = json(await as(operador, 'GET', '/api/operador/resumen')).data;
    expect(r.pendientes.reportes.n).toBeGreaterThanOrEqual(0);
    expect(r.cifras.pedidos.length).toBeGreaterThan(0);
    expect(r.cifras.pedidos[0]).toHaveProperty('moneda');
  });
});

describe('Laboratorio’s queue and a lot’s trade history (what the operator reads)', () => {
  let enviado = '';
  it('a lot waiting for the lab is listed with its age in days, and Resumen counts it with the oldest age', async () => {
    const { id } = await postLote(ctx, productor, { codigo: 'COLA-LAB', nombre: 'Lote en la cola del laboratorio' });
    const laboratorio = async () => json(await as(operador, 'GET', '/api/operador/laboratorio')).data;
    // Not sent yet: not waiting for the lab.
    expect((await laboratorio()).cola.map((l: { id: string }) => l.id)).not.toContain(id);

    const envio = await as(productor, 'POST', `/api/laboratorio/lotes/${id}/acciones`, {
      accion: 'ENVIAR',
      transportista: 'DHL',
      numeroGuia: 'JD0147',
      desde: 'POR_ENVIAR',
    });
    expect(envio.statusCode, envio.body).toBe(200);
    enviado = id;
    const enviadoEl = clock.now();
    const enCola = (d: { cola: { id: string; dias: number; status: string; codigo: string }[] }) =>
      d.cola.find((l) => l.id === id);
    expect(enCola(await laboratorio())).toMatchObject({ codigo: 'COLA-LAB', status: 'POR_ENVIAR', dias: 0 });

    clock.advance(3 * DAY + 2 * 60 * 60 * 1000);
    try {
      const lab = await laboratorio();
      expect(enCola(lab)).toMatchObject({ dias: 3, updatedAt: enviadoEl.toISOString() });
      const pendientes = json(await as(operador, 'GET', '/api/operador/resumen')).data.pendientes;
      expect(pendientes.laboratorio).toEqual({ n: lab.cola.length, diasMasAntiguo: 3 });
    } finally {
      clock.set(enviadoEl);
    }
  });

  it('a lot’s page in Lotes lists its orders and its timeline', async () => {
    expect(enviado).not.toBe('');
    const p = await reservado();
    const confirmar = await accion(productor, p.id, { accion: 'CONFIRMAR' });
    expect(confirmar.statusCode, confirmar.body).toBe(200);
    const res = await as(operador, 'GET', `/api/operador/lotes/${loteId}`);
    expect(res.statusCode, res.body).toBe(200);
    const lote = json(res).data;
    expect(lote.pedidos).toContainEqual(
      expect.objectContaining({ id: p.id, numero: p.numero, estado: 'CONFIRMADO', sacos: 1 }),
    );
    // The lab's timeline of the lot sent above: who moved it, from where to where.
    const conEnvio = json(await as(operador, 'GET', `/api/operador/lotes/${enviado}`)).data;
    expect(conEnvio.historial).toEqual([
      expect.objectContaining({ accion: 'ENVIAR', actorRol: 'productor', desde: 'POR_ENVIAR', hacia: 'POR_ENVIAR' }),
    ]);
    expect(conEnvio.pedidos).toEqual([]);
    // A stranger id is 404, not 500.
    expect((await as(operador, 'GET', `/api/operador/lotes/${randomUUID()}`)).statusCode).toBe(404);
  });
});
