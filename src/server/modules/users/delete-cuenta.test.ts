import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { OperacionesAbiertasResponseSchema } from '../../../contract/users';
import { CUENTA_ELIMINADA } from '../../../contract/mensajes';
import type { DireccionEnvio, HojaCata } from '../../../contract/muestras';
import { favoritos } from '../../db/schema/favoritos';
import { lotes } from '../../db/schema/lotes';
import { mensajes } from '../../db/schema/mensajes';
import { catas, muestras } from '../../db/schema/muestras';
import { pedidoResenas, pedidos } from '../../db/schema/pedidos';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote, uploadPhoto } from '../lotes/test-fixtures';

/*
 * Issue 25 §1 (docs/decisions/046): one party's deletion never erases the other's records. Each of these failed
 * on the code before: the account's deletion cascaded its orders, samples, reviews and message files away, and a
 * lot's deletion took its buyers' samples and cuppings with it.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const reservar = (u: TestUser, loteId: string, sacos = 2) =>
  ctx.app.inject({
    method: 'POST',
    url: '/api/pedidos',
    headers: { ...bearer(u), 'idempotency-key': randomUUID() },
    payload: { loteId, sacos },
  });

const erase = (u: TestUser) =>
  ctx.app.inject({ method: 'DELETE', url: '/api/users/me', headers: bearer(u), payload: { password: u.password } });

const abiertas = async (u: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/users/me/operaciones-abiertas', headers: bearer(u) });
  expect(res.statusCode, res.body).toBe(200);
  return OperacionesAbiertasResponseSchema.parse(json(res)).operaciones;
};

const direccion: DireccionEnvio = {
  nombre: 'Ana',
  empresa: '',
  linea1: 'Calle 1',
  ciudad: 'Valencia',
  codigoPostal: '',
  pais: 'ES',
  telefono: '',
};

async function muestra(loteId: string, comprador: TestUser, productor: TestUser, estado: 'SOLICITADA' | 'CATADA') {
  const [m] = await ctx.app.db
    .insert(muestras)
    .values({
      loteId,
      compradorId: comprador.id,
      productorId: productor.id,
      gramos: 300,
      direccionEnvio: direccion,
      estado,
    })
    .returning();
  return m;
}

async function pedido(productor: TestUser, comprador: TestUser, estado: string, estadoPago = 'PENDIENTE') {
  const lote = await postLote(ctx, productor, { sacosDisponibles: 20 });
  const res = await reservar(comprador, lote.id);
  expect(res.statusCode, res.body).toBe(201);
  const id = json(res).data.pedido.id as string;
  await ctx.app.db
    .update(pedidos)
    .set({ estado: estado as 'RESERVADO', estadoPago: estadoPago as 'PENDIENTE' })
    .where(eq(pedidos.id, id));
  return { id, lote };
}

describe('an account with open trade cannot be deleted', () => {
  it.each([
    ['RESERVADO', 'PENDIENTE'],
    ['CONFIRMADO', 'PENDIENTE'],
    ['PSS_ENVIADA', 'PENDIENTE'],
    ['EMBARCADO', 'PAGADO'],
    ['ENTREGADO', 'PAGADO'],
    ['EN_RECLAMO', 'PAGADO'],
    ['COMPLETADO', 'PENDIENTE'],
  ])('an order %s (payment %s): 409 for both parties, listed with its link', async (estado, pago) => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const { id } = await pedido(productor, comprador, estado, pago);
    for (const [u, enlace] of [
      [productor, `/Dashboard/productor/ventas/pedidos?pedido=${id}`],
      [comprador, `/Dashboard/comprador/pedidos?pedido=${id}`],
    ] as const) {
      const res = await erase(u);
      expect(res.statusCode, res.body).toBe(409);
      expect(json(res).error.code).toBe('ACCOUNT_HAS_OPEN_TRADE');
      expect(json(res).error.message).toMatch(
        /^No puedes eliminar tu cuenta mientras tengas operaciones en curso \(1 pedido\)/,
      );
      expect(await abiertas(u)).toEqual([expect.objectContaining({ tipo: 'pedido', id, enlace })]);
    }
    expect(await ctx.app.db.select().from(users).where(eq(users.id, productor.id))).toMatchObject([
      { eliminadaAt: null, email: productor.email },
    ]);
  });

  it('a sample in progress and an open request with answers count too; final trade does not', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    await pedido(productor, comprador, 'COMPLETADO', 'PAGADO');
    await pedido(productor, comprador, 'CANCELADO');
    expect(await abiertas(productor)).toEqual([]);
    const lote = await postLote(ctx, productor);
    const m = await muestra(lote.id, comprador, productor, 'SOLICITADA');
    expect(await abiertas(comprador)).toEqual([
      {
        tipo: 'muestra',
        id: m.id,
        titulo: `Muestra de ${lote.nombre}`,
        estado: 'Solicitada',
        enlace: `/Dashboard/comprador/muestras?muestra=${m.id}`,
      },
    ]);
    const res = await erase(productor);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toContain('(1 muestra)');
  });
});

describe('deleting an account erases the person, not the trade', () => {
  it('a producer with closed orders, a review, a sample and messages: the buyer keeps all of it', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const { id: pedidoId, lote } = await pedido(productor, comprador, 'COMPLETADO', 'PAGADO');
    await ctx.app.db.insert(pedidoResenas).values({
      pedidoId,
      autorId: productor.id,
      destinatarioId: comprador.id,
      autorRol: 'productor',
      puntuacion: 5,
      comentario: 'Muy buen comprador',
      publicadaAt: new Date(),
    });
    const catada = await muestra(lote.id, comprador, productor, 'CATADA');
    await ctx.app.db
      .insert(catas)
      .values({ muestraId: catada.id, loteId: lote.id, hoja: {} as HojaCata, puntajeTotal: 86 });
    // A lot with no history goes; the one with an order is retired.
    const suelto = await postLote(ctx, productor);
    // The producer's avatar (personal) and a photo he sent in a message (the buyer's record).
    const avatar = await uploadPhoto(ctx, productor, 64, 64);
    const foto = await uploadPhoto(ctx, productor, 800, 600);
    await ctx.app.db
      .update(productorPerfiles)
      .set({ avatar: avatar.urls.sm, telefono: '+57 300 123 4567' })
      .where(eq(productorPerfiles.userId, productor.id));
    const start = await ctx.app.inject({
      method: 'POST',
      url: '/api/conversaciones',
      headers: { ...bearer(comprador), 'idempotency-key': randomUUID() },
      payload: { productorId: productor.id, loteId: lote.id, texto: '¿Cómo secáis?' },
    });
    expect(start.statusCode, start.body).toBe(201);
    const conv = json(start).data.conversacion as { id: string };
    const enviada = await ctx.app.inject({
      method: 'POST',
      url: `/api/conversaciones/${conv.id}/mensajes`,
      headers: { ...bearer(productor), 'idempotency-key': randomUUID() },
      payload: { texto: 'Foto del secado', imagenId: foto.id },
    });
    expect(enviada.statusCode, enviada.body).toBe(201);
    await ctx.app.db.insert(favoritos).values({ userId: otro.id, loteId: lote.id });
    // The stored file behind a URL, public upload or a message's private copy.
    const guardado = async (url: string) => ctx.app.storage.get(ctx.app.storage.keyFromUrl(url)!);
    const [{ adjunto }] = await ctx.app.db
      .select({ adjunto: mensajes.adjunto })
      .from(mensajes)
      .where(and(eq(mensajes.autorId, productor.id), isNotNull(mensajes.adjunto)));
    expect(await guardado(adjunto!.url)).toBeDefined();
    expect(await guardado(foto.urls.lg)).toBeDefined();
    expect(await guardado(avatar.urls.sm)).toBeDefined();

    const res = await erase(productor);
    expect(res.statusCode, res.body).toBe(200);

    // The person is gone…
    const [row] = await ctx.app.db.select().from(users).where(eq(users.id, productor.id));
    expect(row).toMatchObject({
      email: `eliminada-${productor.id}@cuenta-eliminada.invalid`,
      passwordHash: null,
      googleSub: null,
      nombre: '',
      apellido: '',
      name: CUENTA_ELIMINADA,
      image: null,
      informacionComercial: null,
    });
    expect(row.eliminadaAt).toBeInstanceOf(Date);
    const [perfil] = await ctx.app.db
      .select()
      .from(productorPerfiles)
      .where(eq(productorPerfiles.userId, productor.id));
    expect(perfil).toMatchObject({ nombre: CUENTA_ELIMINADA, telefono: null, avatar: null, descripcion: null });
    expect(await guardado(avatar.urls.sm)).toBeUndefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/productores/${productor.id}` })).statusCode).toBe(404);
    // …can never sign in again, and the address may register anew.
    expect(
      (await ctx.app.inject({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(productor) })).statusCode,
    ).toBe(401);
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: productor.email, password: productor.password },
    });
    expect(login.statusCode).toBe(401);
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: productor.email,
        password: 'grano-verde-2025',
        nombre: 'Lucía',
        apellido: 'Gómez',
        tipoUser: 'PRODUCTOR',
      },
    });
    expect(again.statusCode, again.body).toBe(201);
    expect(json(again).dataUser.id).not.toBe(productor.id);

    // …and the trade stays: the order with its review, the sample with its cupping, the message with its file.
    const visto = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${pedidoId}`, headers: bearer(comprador) });
    expect(visto.statusCode).toBe(200);
    expect(json(visto).data.resenas ?? json(visto).data).toBeTruthy();
    expect(await ctx.app.db.select().from(pedidoResenas).where(eq(pedidoResenas.pedidoId, pedidoId))).toHaveLength(1);
    expect(await ctx.app.db.select().from(muestras).where(eq(muestras.id, catada.id))).toHaveLength(1);
    expect(await ctx.app.db.select().from(catas).where(eq(catas.muestraId, catada.id))).toHaveLength(1);
    expect(await guardado(adjunto!.url)).toBeDefined();
    expect(await guardado(foto.urls.lg)).toBeDefined();
    const hilo = await ctx.app.inject({
      method: 'GET',
      url: `/api/conversaciones/${conv.id}/mensajes`,
      headers: bearer(comprador),
    });
    expect(hilo.statusCode, hilo.body).toBe(200);
    expect(json(hilo).data.conversacion.contraparte).toMatchObject({ id: null, nombre: CUENTA_ELIMINADA });
    expect(json(hilo).data.mensajes[1]).toMatchObject({ autor: CUENTA_ELIMINADA, adjunto: { width: 800 } });

    // The traded lot is retired (its buyer reads it as such, anyone else 404), the other one deleted.
    const [retirado] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id));
    expect(retirado).toMatchObject({ ocultar: true });
    expect(retirado.archivadoAt).toBeInstanceOf(Date);
    const porComprador = await ctx.app.inject({
      method: 'GET',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(comprador),
    });
    expect(porComprador.statusCode).toBe(200);
    expect(json(porComprador).data.lote.retirado).toBe(true);
    expect(
      (await ctx.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}`, headers: bearer(otro) })).statusCode,
    ).toBe(404);
    expect(await ctx.app.db.select().from(favoritos).where(eq(favoritos.loteId, lote.id))).toEqual([]);
    expect(await ctx.app.db.select().from(lotes).where(eq(lotes.id, suelto.id))).toEqual([]);
  });

  it('a buyer with a closed order: the producer keeps the order; the buyer reads as "Cuenta eliminada"', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const { id } = await pedido(productor, comprador, 'COMPLETADO', 'PAGADO');
    const res = await erase(comprador);
    expect(res.statusCode, res.body).toBe(200);
    const visto = await ctx.app.inject({ method: 'GET', url: `/api/pedidos/${id}`, headers: bearer(productor) });
    expect(visto.statusCode).toBe(200);
    const [perfil] = await ctx.app.db
      .select()
      .from(compradorPerfiles)
      .where(eq(compradorPerfiles.userId, comprador.id));
    expect(perfil.empresa).toBe(CUENTA_ELIMINADA);
    expect(await ctx.app.db.select().from(pedidos).where(eq(pedidos.compradorId, comprador.id))).toHaveLength(1);
  });
});

describe('"Eliminar" on a lot', () => {
  it('with a delivered, cupped sample and no orders: retired, the sample and its cupping stay', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const extrano = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    const m = await muestra(lote.id, comprador, productor, 'CATADA');
    await ctx.app.db
      .insert(catas)
      .values({ muestraId: m.id, loteId: lote.id, hoja: {} as HojaCata, puntajeTotal: 85.5 });

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${lote.id}`, headers: bearer(productor) });
    expect(del.statusCode, del.body).toBe(200);
    expect(json(del).data).toEqual({ id: lote.id, retirado: true });
    expect(json(del).message).toMatch(/se ha retirado del catálogo/);
    expect(await ctx.app.db.select().from(muestras).where(eq(muestras.id, m.id))).toHaveLength(1);
    expect(await ctx.app.db.select().from(catas).where(eq(catas.muestraId, m.id))).toHaveLength(1);

    const read = (u?: TestUser) =>
      ctx.app.inject({ method: 'GET', url: `/api/lotes/${lote.id}`, headers: u ? bearer(u) : {} });
    expect(json(await read(comprador)).data.lote).toMatchObject({ id: lote.id, retirado: true });
    expect(json(await read(productor)).data.lote).toMatchObject({ id: lote.id, retirado: true });
    expect((await read(extrano)).statusCode).toBe(404);
    expect((await read()).statusCode).toBe(404);
    // Gone from the catalogue, its search and the producer's lists; never shown or edited again.
    await ctx.app.events.settle();
    const catalogo = json(
      await ctx.app.inject({ method: 'GET', url: `/api/lotes?productor=${productor.id}&limit=50` }),
    );
    expect(catalogo.data.lotes.map((l: { id: string }) => l.id)).not.toContain(lote.id);
    const busca = json(
      await ctx.app.inject({ method: 'GET', url: `/api/lotes?q=${encodeURIComponent(lote.nombre)}&limit=50` }),
    );
    expect(busca.data.lotes.map((l: { id: string }) => l.id)).not.toContain(lote.id);
    const mios = json(await ctx.app.inject({ method: 'GET', url: '/api/productor/lotes', headers: bearer(productor) }));
    expect(JSON.stringify(mios)).not.toContain(lote.id);
    const show = await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productor),
      payload: { ocultar: false },
    });
    expect(show.statusCode).toBe(409);
    expect(json(show).error.message).toBe('Este lote está retirado: ya no se puede cambiar ni volver a publicar.');
    const [r] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id));
    expect(r.ocultar).toBe(true);
    // A reservation of it is a clear 409.
    const res = await reservar(comprador, lote.id);
    expect(res.statusCode).toBe(409);
    expect(json(res).error.message).toBe('Este lote se ha retirado del catálogo: ya no se puede reservar.');
  });

  it("another producer's lot with an order: 404 before any other rule, the lot neither retired nor deleted", async () => {
    // Issue 26: the stranger got 409 "tiene pedidos…", which told him the lot had trade.
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const extrano = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const { lote } = await pedido(productor, comprador, 'CONFIRMADO');
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${lote.id}`, headers: bearer(extrano) });
    expect(del.statusCode).toBe(404);
    expect(json(del).error.code).toBe('NOT_FOUND');
    const [row] = await ctx.app.db.select().from(lotes).where(eq(lotes.id, lote.id));
    expect({ ocultar: row.ocultar, archivadoAt: row.archivadoAt }).toEqual({ ocultar: false, archivadoAt: null });
  });

  it("cupped by the lab only (no sample, no trade): retired, the lab's cupping stays; the key refuses a raw delete", async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    const [cata] = await ctx.app.db
      .insert(catas)
      .values({ loteId: lote.id, hoja: {} as HojaCata, puntajeTotal: 86 })
      .returning();

    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${lote.id}`, headers: bearer(productor) });
    expect(del.statusCode, del.body).toBe(200);
    expect(json(del).data).toEqual({ id: lote.id, retirado: true });
    expect(await ctx.app.db.select().from(catas).where(eq(catas.id, cata.id))).toHaveLength(1);
    // Past the door too: the lot a cupping names cannot be deleted from under it (migration 0030).
    await expect(ctx.app.db.delete(lotes).where(eq(lotes.id, lote.id))).rejects.toThrow();
    expect(await ctx.app.db.select().from(catas).where(eq(catas.id, cata.id))).toHaveLength(1);
  });

  it('with no history: deleted as before', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/lotes/${lote.id}`, headers: bearer(productor) });
    expect(del.statusCode).toBe(200);
    expect(json(del).data).toEqual({ id: lote.id, retirado: false });
    expect(
      await ctx.app.db
        .select()
        .from(lotes)
        .where(and(eq(lotes.id, lote.id))),
    ).toEqual([]);
  });
});

describe('an account row is never deleted (migration 0030)', () => {
  it('DELETE FROM users is refused by the database, and nothing that points at the account is cascaded away', async () => {
    const productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const lote = await postLote(ctx, productor);
    await ctx.app.db.insert(favoritos).values({ userId: comprador.id, loteId: lote.id });
    const refused = await ctx.app.db
      .delete(users)
      .where(eq(users.id, comprador.id))
      .then(
        () => null,
        (e: Error) => e,
      );
    expect((refused?.cause as Error | undefined)?.message).toMatch(/Una cuenta no se borra/);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, comprador.id))).toHaveLength(1);
    expect(await ctx.app.db.select().from(favoritos).where(eq(favoritos.userId, comprador.id))).toHaveLength(1);
    // Deleting the account through its door still works: it pseudonymises the row.
    expect((await erase(comprador)).statusCode).toBe(200);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, comprador.id))).toHaveLength(1);
  });
});
