import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InformacionComercial } from '../../../contract/auth';
import { DocumentoResponseSchema } from '../../../contract/lotes';
import { PedidoDetalleResponseSchema, PedidoResponseSchema } from '../../../contract/pedidos';
import { ManualClock } from '../../clock';
import { pedidoDocumentos } from '../../db/schema/pedidos';
import { users } from '../../db/schema/users';
import { isPrivateKey } from '../../storage/index';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';
import { postDocumento } from '../uploads/test-fixtures';

// Issue 26, "Private files are public": a shipping document the producer attaches when he ships reaches the buyer
// only through /api/pedidos/:id/documentos/:docId, never as a public /uploads file.

let ctx: TestContext;
const clock = new ManualClock(new Date('2026-03-02T09:00:00Z'));

beforeAll(async () => {
  ctx = await createTestApp({}, { clock });
});
afterAll(() => ctx.close());

const info = (razonSocial: string, taxId: string): InformacionComercial => ({
  razonSocial,
  taxId,
  direccionFacturacion: { linea1: 'Calle Mayor 12', ciudad: 'Valencia', region: '', codigoPostal: '46001', pais: 'ES' },
  emailFacturacion: 'facturas@example.com',
});

const pdf = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% Bill of lading MAEU-240011\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);

const uploadDocumento = (u: TestUser) => postDocumento(ctx, u, 'conocimiento.pdf', pdf);

const accion = (u: TestUser, id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url: `/api/pedidos/${id}/acciones`, headers: bearer(u), payload });

describe('a shipping document (EMBARQUE) of an order', () => {
  it('is downloaded by both parties through the order, private and no-store; a stranger gets 404 and no /uploads address serves it', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const otroComprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const otroProductor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    await ctx.app.db
      .update(users)
      .set({ informacionComercial: info('Tostadores del Sur S.L.', 'B12345678') })
      .where(eq(users.id, comprador.id));
    await ctx.app.db
      .update(users)
      .set({ informacionComercial: info('Finca La Esperanza S.A.S.', '900123456-7') })
      .where(eq(users.id, productor.id));
    const lote = await postLote(ctx, productor, { sacosDisponibles: 50, loteMinimoSacos: 1 });

    const reserva = await ctx.app.inject({
      method: 'POST',
      url: '/api/pedidos',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { loteId: lote.id, sacos: 2, cobro: 'DIRECTO', condicionMuestra: 'SIN_MUESTRA' },
    });
    expect(reserva.statusCode, reserva.body).toBe(201);
    const pedido = PedidoResponseSchema.parse(json(reserva)).data.pedido;
    const conf = await accion(productor, pedido.id, { accion: 'CONFIRMAR' });
    expect(conf.statusCode, conf.body).toBe(200);

    const subido = await uploadDocumento(productor);
    expect(subido.statusCode, subido.body).toBe(201);
    const doc = DocumentoResponseSchema.parse(json(subido)).data;
    const embarcado = await accion(productor, pedido.id, {
      accion: 'EMBARCAR',
      naviera: 'Maersk',
      contenedor: 'MSKU1234567',
      conocimientoEmbarque: 'MAEU-240011',
      etd: '2026-04-01',
      eta: '2026-04-20',
      documentos: [doc.id],
    });
    expect(embarcado.statusCode, embarcado.body).toBe(200);

    const detalle = PedidoDetalleResponseSchema.parse(
      json(await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedido.id}`, headers: bearer(comprador) })),
    ).data;
    const embarque = detalle.documentos.filter((d) => d.tipo === 'EMBARQUE');
    expect(embarque).toHaveLength(1);
    const url = embarque[0].url;
    expect(url).toMatch(new RegExp(`^/api/pedidos/${pedido.id}/documentos/[0-9a-f-]{36}$`));

    for (const u of [comprador, productor]) {
      const r = await ctx.app.inject({ method: 'GET', url, headers: bearer(u) });
      expect(r.statusCode, r.body).toBe(200);
      expect(r.headers['cache-control']).toBe('private, no-store');
      expect(r.headers['content-type']).toBe('application/pdf');
      expect(r.headers['content-disposition']).toBe('attachment; filename="conocimiento.pdf"');
      expect(r.headers.location).toBeUndefined();
      expect(r.rawPayload.equals(pdf)).toBe(true);
    }
    for (const u of [otroComprador, otroProductor]) {
      const r = await ctx.app.inject({ method: 'GET', url, headers: bearer(u) });
      expect(r.statusCode).toBe(404);
      expect(r.rawPayload.includes(pdf)).toBe(false);
    }
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(401);

    // What the order records is a private key, and no public address reaches the file.
    const [row] = await ctx.app.db
      .select({ url: pedidoDocumentos.url })
      .from(pedidoDocumentos)
      .where(eq(pedidoDocumentos.id, url.split('/').pop()!));
    const key = ctx.app.storage.keyFromUrl(row.url!)!;
    expect(isPrivateKey(key)).toBe(true);
    const file = key.split('/').pop()!;
    for (const publico of [
      row.url!,
      `/uploads/${key}`,
      `/uploads/u/${productor.id}/${file}`,
      `/uploads/privado/u/${productor.id}/${file}`,
    ]) {
      const r = await ctx.app.inject({ method: 'GET', url: publico });
      expect(r.statusCode, publico).toBe(404);
      expect(r.rawPayload.includes(pdf), publico).toBe(false);
    }
    for await (const k of ctx.app.storage.list()) if (!isPrivateKey(k)) expect(k.endsWith('.pdf'), k).toBe(false);
  });
});
