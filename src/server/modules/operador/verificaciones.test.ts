import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AJUSTES } from '../../../contract/ajustes';
import { OPERADOR_MESSAGES } from '../../../contract/operador';
import { VERIFICACION_MESSAGES } from '../../../contract/verificacion';
import { DAY, ManualClock } from '../../clock';
import { notificaciones } from '../../db/schema/notificaciones';
import { auditoria } from '../../db/schema/operador';
import { users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { postDocumento } from '../uploads/test-fixtures';

/*
 * The producer's organisation check (KYB, docs/decisions/052), the lab's address editor and the claim's evidence in
 * the back office (issue 28).
 */

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-06-02T09:00:00Z'));
let operador: TestUser;
let operador2: TestUser;

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
  operador = await createUser(ctx, 'OPERADOR');
  operador2 = await createUser(ctx, 'OPERADOR');
});
afterAll(() => ctx.close());

const as = (u: TestUser | null, method: string, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: method as 'GET', url, headers: u ? bearer(u) : {}, ...(payload ? { payload } : {}) });

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');

async function uploadPdf(u: TestUser, nombre = 'registro.pdf') {
  const res = await postDocumento(ctx, u, nombre, PDF);
  expect(res.statusCode, res.body).toBe(201);
  return json(res).data.id as string;
}

async function solicitud(p: TestUser) {
  return {
    razonSocial: 'Finca El Roble S.A.S.',
    identificacionFiscal: '900765432-1',
    documentos: [
      { tipo: 'REGISTRO', documentoId: await uploadPdf(p) },
      { tipo: 'IDENTIFICACION_FISCAL', documentoId: await uploadPdf(p, 'rut.pdf') },
    ],
  };
}

const badge = async (productorId: string, loteId: string) => {
  const perfil = json(await as(null, 'GET', `/api/productores/${productorId}`)).data.productor.verificado;
  const lote = json(await as(null, 'GET', `/api/lotes/${loteId}`)).data.lote.perfilProductor.verificado;
  return { perfil, lote };
};

describe('a producer asks for verification (KYB)', () => {
  it('the e-mail confirmation alone earns no badge; the request is validated, private and one at a time', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    await ctx.app.db.update(users).set({ verificado: true }).where(eq(users.id, productor.id));
    const lote = await postLote(ctx, productor);
    expect(await badge(productor.id, lote.id)).toEqual({ perfil: false, lote: false });

    expect(json(await as(productor, 'GET', '/api/productor/verificacion')).data).toMatchObject({
      estado: 'SIN_ENVIAR',
      verificadoAt: null,
      solicitud: null,
    });
    expect((await as(null, 'GET', '/api/productor/verificacion')).statusCode).toBe(401);
    expect((await as(comprador, 'POST', '/api/productor/verificacion', await solicitud(comprador))).statusCode).toBe(
      403,
    );

    const body = await solicitud(productor);
    const sinFiscal = await as(productor, 'POST', '/api/productor/verificacion', {
      ...body,
      documentos: body.documentos.slice(0, 1),
    });
    expect(sinFiscal.statusCode).toBe(400);
    expect(json(sinFiscal).error.fields.documentos).toBe(
      VERIFICACION_MESSAGES.FALTA_DOCUMENTO('Documento de identificación fiscal'),
    );
    const ajeno = await as(productor, 'POST', '/api/productor/verificacion', {
      ...body,
      documentos: [body.documentos[0], { tipo: 'IDENTIFICACION_FISCAL', documentoId: await uploadPdf(otro) }],
    });
    expect(ajeno.statusCode).toBe(400);
    expect(json(ajeno).error.fields.documentos).toBe(VERIFICACION_MESSAGES.DOCUMENTO_AJENO);

    // Two sends at once: one request in review, the other 409.
    const [a, b] = await Promise.all([
      as(productor, 'POST', '/api/productor/verificacion', body),
      as(productor, 'POST', '/api/productor/verificacion', body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 409]);
    const mia = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    expect(mia.estado).toBe('ENVIADA');
    // The documents are private files: signed, short-lived links, served as downloads.
    const url = mia.solicitud.documentos[0].url as string;
    expect(url).toMatch(new RegExp(`^/api/archivos/u/${productor.id}/[0-9a-f]{32}\\.pdf\\?exp=\\d+&sig=`));
    const file = await as(null, 'GET', url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect((await as(null, 'GET', url.split('?')[0])).statusCode).toBe(404);
    // Still no badge while the request waits.
    expect(await badge(productor.id, lote.id)).toEqual({ perfil: false, lote: false });
  });
});

describe('the operator reviews the request', () => {
  it('approves: one of two operators wins, the badge appears on the lot and the profile, the producer is told, the act is audited', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    expect((await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor))).statusCode).toBe(
      201,
    );
    clock.advance(3 * DAY);
    const cola = json(await as(operador, 'GET', '/api/operador/verificaciones')).data as Array<{
      id: string;
      productorId: string;
      diasEsperando: number;
    }>;
    const fila = cola.find((v) => v.productorId === productor.id)!;
    expect(fila.diasEsperando).toBe(3);
    const resumen = json(await as(operador, 'GET', '/api/operador/resumen')).data;
    expect(resumen.pendientes.verificaciones.n).toBeGreaterThanOrEqual(1);

    const detalle = json(await as(operador, 'GET', `/api/operador/verificaciones/${fila.id}`)).data;
    expect(detalle.documentos.map((d: { tipo: string }) => d.tipo)).toEqual(['REGISTRO', 'IDENTIFICACION_FISCAL']);
    expect((await as(null, 'GET', detalle.documentos[1].url)).statusCode).toBe(200);
    // The producer cannot read the operator's side.
    expect((await as(productor, 'GET', `/api/operador/verificaciones/${fila.id}`)).statusCode).toBe(403);

    const sinMotivo = await as(operador, 'POST', `/api/operador/verificaciones/${fila.id}/resolver`, {
      resolucion: 'APROBAR',
      motivo: '',
    });
    expect(sinMotivo.statusCode).toBe(400);

    const body = { resolucion: 'APROBAR', motivo: 'Registro mercantil y RUT coinciden con la razón social.' };
    const [a, b] = await Promise.all([
      as(operador, 'POST', `/api/operador/verificaciones/${fila.id}/resolver`, body),
      as(operador2, 'POST', `/api/operador/verificaciones/${fila.id}/resolver`, body),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const perdedor = a.statusCode === 409 ? a : b;
    expect(json(perdedor).error.message).toBe(OPERADOR_MESSAGES.VERIFICACION_YA_RESUELTA);

    await expect.poll(() => badge(productor.id, lote.id)).toEqual({ perfil: true, lote: true });
    const mia = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    expect(mia.estado).toBe('APROBADA');
    expect(mia.verificadoAt).not.toBeNull();
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, productor.id), eq(notificaciones.tipo, 'VERIFICACION_PRODUCTOR')));
    expect(avisos).toHaveLength(1);
    expect(avisos[0].texto).toContain('Productor verificado');
    const filas = await ctx.app.db.select().from(auditoria).where(eq(auditoria.entidadId, fila.id));
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({ accion: 'VERIFICACION_APROBAR', motivo: body.motivo, entidad: 'verificacion' });
    // A verified producer does not apply again.
    const otra = await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor));
    expect(otra.statusCode).toBe(409);
    expect(json(otra).error.message).toBe(VERIFICACION_MESSAGES.YA_VERIFICADO);
  });

  it('rejects with a reason the producer reads; he sends a new request and the rejected one stays on record', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor));
    const { solicitud: enviada } = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    const motivo = 'El certificado está caducado: envía uno expedido este año.';
    const res = await as(operador, 'POST', `/api/operador/verificaciones/${enviada.id}/resolver`, {
      resolucion: 'RECHAZAR',
      motivo,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res).message).toBe(OPERADOR_MESSAGES.VERIFICACION_RECHAZADA);
    const mia = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    expect(mia).toMatchObject({ estado: 'RECHAZADA', solicitud: { motivo } });
    expect(await badge(productor.id, lote.id)).toEqual({ perfil: false, lote: false });

    expect((await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor))).statusCode).toBe(
      201,
    );
    const nueva = json(await as(productor, 'GET', '/api/productor/verificacion')).data.solicitud;
    const detalle = json(await as(operador, 'GET', `/api/operador/verificaciones/${nueva.id}`)).data;
    expect(detalle.anteriores).toEqual([expect.objectContaining({ id: enviada.id, estado: 'RECHAZADA', motivo })]);
    const log = json(await as(operador, 'GET', `/api/operador/auditoria?q=${encodeURIComponent('caducado')}`)).data;
    expect(log.entradas.map((e: { accion: string }) => e.accion)).toEqual(['VERIFICACION_RECHAZAR']);
  });
});

describe('the operator withdraws the badge', () => {
  it('with a reason: one of two operators wins, the badge leaves the lot and the profile, the producer is told and may apply again', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor));
    const { solicitud: enviada } = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    const aprobacion = 'Registro y RUT coinciden.';
    await as(operador, 'POST', `/api/operador/verificaciones/${enviada.id}/resolver`, {
      resolucion: 'APROBAR',
      motivo: aprobacion,
    });
    await expect.poll(() => badge(productor.id, lote.id)).toEqual({ perfil: true, lote: true });

    const url = `/api/operador/cuentas/${productor.id}/retirar-verificacion`;
    expect((await as(operador, 'POST', url, { motivo: '' })).statusCode).toBe(400);
    expect((await as(productor, 'POST', url, { motivo: 'Me la quito yo.' })).statusCode).toBe(403);
    const motivo = 'La cámara de comercio informa que la sociedad se disolvió en mayo.';
    const [a, b] = await Promise.all([as(operador, 'POST', url, { motivo }), as(operador2, 'POST', url, { motivo })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const ganador = a.statusCode === 200 ? a : b;
    expect(json(ganador).message).toBe(OPERADOR_MESSAGES.VERIFICACION_RETIRADA);
    expect(json(a.statusCode === 409 ? a : b).error.message).toBe(OPERADOR_MESSAGES.NO_VERIFICADO);

    await expect.poll(() => badge(productor.id, lote.id)).toEqual({ perfil: false, lote: false });
    // The lot stays published: the badge is about the organisation, not the coffee.
    expect((await as(null, 'GET', `/api/lotes/${lote.id}`)).statusCode).toBe(200);
    const mia = json(await as(productor, 'GET', '/api/productor/verificacion')).data;
    expect(mia).toMatchObject({
      estado: 'RETIRADA',
      verificadoAt: null,
      solicitud: { id: enviada.id, estado: 'RETIRADA', motivo: aprobacion, motivoRetirada: motivo },
    });
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, productor.id), eq(notificaciones.tipo, 'VERIFICACION_PRODUCTOR')));
    expect(avisos.map((x) => x.texto)).toEqual(expect.arrayContaining([expect.stringContaining(motivo)]));
    const filas = await ctx.app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidadId, productor.id), eq(auditoria.accion, 'VERIFICACION_RETIRAR')));
    expect(filas).toHaveLength(1);
    expect(filas[0]).toMatchObject({
      entidad: 'cuenta',
      motivo,
      antes: { productorVerificado: true, solicitudId: enviada.id },
      despues: { productorVerificado: false },
    });
    // The operator's resolved list shows the withdrawn approval.
    const resueltas = json(await as(operador, 'GET', '/api/operador/verificaciones?estado=RESUELTAS')).data;
    expect(resueltas).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: enviada.id, estado: 'RETIRADA' })]),
    );
    // He applies again with new documents.
    expect((await as(productor, 'POST', '/api/productor/verificacion', await solicitud(productor))).statusCode).toBe(
      201,
    );
    // A producer without the badge: nothing to withdraw.
    const otro = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const nada = await as(operador, 'POST', `/api/operador/cuentas/${otro.id}/retirar-verificacion`, { motivo });
    expect(nada.statusCode).toBe(409);
    expect(
      (await as(operador, 'POST', `/api/operador/cuentas/${randomUUID()}/retirar-verificacion`, { motivo })).statusCode,
    ).toBe(404);
  });
});

describe('a claim in the back office', () => {
  it('shows both parties’ words and evidence, private files as signed links, to operators only', async () => {
    const info = (razonSocial: string) => ({
      razonSocial,
      taxId: 'B12345678',
      direccionFacturacion: {
        linea1: 'Calle Mayor 1',
        ciudad: 'Valencia',
        region: '',
        codigoPostal: '46001',
        pais: 'ES',
      },
      emailFacturacion: 'facturas@example.com',
    });
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    await ctx.app.db
      .update(users)
      .set({ informacionComercial: info('Finca S.A.S.') })
      .where(eq(users.id, productor.id));
    await ctx.app.db
      .update(users)
      .set({ informacionComercial: info('Tostadores S.L.') })
      .where(eq(users.id, comprador.id));
    const lote = await postLote(ctx, productor, { sacosDisponibles: 50, loteMinimoSacos: 1 });
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { loteId: lote.id, sacos: 1, condicionMuestra: 'SIN_MUESTRA' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const pedido = json(res).data.pedido as { id: string };
    const informe = await uploadPdf(comprador, 'humedad.pdf');
    for (const [u, body] of [
      [productor, { accion: 'CONFIRMAR' }],
      [
        productor,
        {
          accion: 'EMBARCAR',
          naviera: 'Maersk',
          contenedor: 'MSKU1234567',
          conocimientoEmbarque: 'MAEU-240011',
          etd: clock.now().toISOString(),
          eta: new Date(clock.now().getTime() + 20 * DAY).toISOString(),
        },
      ],
      [comprador, { accion: 'RECIBIR' }],
      [
        comprador,
        { accion: 'ABRIR_RECLAMO', motivo: 'Humedad del 12,8 % al llegar.', evidencias: [{ documentoId: informe }] },
      ],
    ] as const) {
      const r = await as(u, 'POST', `/api/pedidos/${pedido.id}/acciones`, body);
      expect(r.statusCode, r.body).toBe(200);
    }
    const respuesta = await as(productor, 'POST', `/api/pedidos/${pedido.id}/reclamo/respuesta`, {
      postura: 'IMPUGNA',
      texto: 'Salió con un 10,5 % de humedad: adjunto el certificado.',
      evidencias: [{ documentoId: await uploadPdf(productor, 'certificado.pdf') }],
    });
    expect(respuesta.statusCode, respuesta.body).toBe(200);

    const visto = await as(operador, 'GET', `/api/operador/reclamos/${pedido.id}`);
    expect(visto.statusCode, visto.body).toBe(200);
    const d = json(visto).data;
    expect(d.reclamo).toMatchObject({ rol: 'comprador', texto: 'Humedad del 12,8 % al llegar.' });
    expect(d.respuesta).toMatchObject({ rol: 'productor', postura: 'IMPUGNA' });
    for (const adj of [d.reclamo.adjuntos[0], d.respuesta.adjuntos[0]]) {
      expect(adj.url).toMatch(/^\/api\/archivos\/u\/.+\.pdf\?exp=\d+&sig=/);
      expect((await as(null, 'GET', adj.url)).statusCode).toBe(200);
    }
    expect(d.pedido.historial.map((e: { accion: string }) => e.accion)).toContain('RESPONDER_RECLAMO');
    for (const u of [comprador, productor]) {
      expect((await as(u, 'GET', `/api/operador/reclamos/${pedido.id}`)).statusCode).toBe(403);
    }
  });
});

describe('the lab’s address, edited by the operator', () => {
  it('validates in Spanish, is public at once, and the audit row keeps before and after with the reason', async () => {
    const url = '/api/operador/laboratorio/direccion';
    const antes = json(await as(operador, 'GET', url)).data.direccion;
    const mala = await as(operador, 'PUT', url, { ...antes, ciudad: '', motivo: 'Mudanza del laboratorio.' });
    expect(mala.statusCode).toBe(400);
    expect(json(mala).error.fields.ciudad).toBe('Falta la ciudad.');
    const sinMotivo = await as(operador, 'PUT', url, { ...antes, ciudad: 'Valencia' });
    expect(sinMotivo.statusCode).toBe(400);

    const nueva = { ...AJUSTES.direccionLaboratorio.porDefecto, linea1: 'Avenida del Puerto 300, nave 2' };
    const ok = await as(operador, 'PUT', url, { ...nueva, motivo: 'El laboratorio se muda al puerto.' });
    expect(ok.statusCode, ok.body).toBe(200);
    const publica = json(await as(null, 'GET', '/api/ajustes/direccion-laboratorio')).data.direccion;
    expect(publica.linea1).toBe('Avenida del Puerto 300, nave 2');
    const [fila] = await ctx.app.db
      .select()
      .from(auditoria)
      .where(and(eq(auditoria.entidad, 'ajuste'), eq(auditoria.accion, 'LABORATORIO_DIRECCION')));
    expect(fila).toMatchObject({
      motivo: 'El laboratorio se muda al puerto.',
      antes: expect.objectContaining({ linea1: antes.linea1 }),
      despues: expect.objectContaining({ linea1: 'Avenida del Puerto 300, nave 2' }),
    });
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    expect((await as(productor, 'PUT', url, { ...nueva, motivo: 'Intento.' })).statusCode).toBe(403);
  });
});
