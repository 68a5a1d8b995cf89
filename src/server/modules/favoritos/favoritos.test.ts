import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FavoritosResponseSchema } from '../../../contract/lotes';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { postLote } from '../lotes/test-fixtures';

let ctx: TestContext;
let productor: TestUser;
let comprador: TestUser;
let otherComprador: TestUser;

beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  otherComprador = await createUser(ctx, 'COMPRADOR');
});
afterAll(() => ctx.close());

const fetchList = async (u: TestUser) => {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/favoritos', headers: bearer(u) });
  expect(res.statusCode).toBe(200);
  return FavoritosResponseSchema.parse(json(res)).data.favoritos;
};
const save = (u: TestUser | undefined, loteId: unknown) =>
  ctx.app.inject({ method: 'POST', url: '/api/favoritos', headers: u ? bearer(u) : {}, payload: { loteId } });
const remove = (u: TestUser | undefined, loteId: string) =>
  ctx.app.inject({ method: 'DELETE', url: `/api/favoritos/${loteId}`, headers: u ? bearer(u) : {} });

describe('favourites', () => {
  it('are for buyers: 401 without token, 403 for producers', async () => {
    const lote = await postLote(ctx, productor);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/favoritos' })).statusCode).toBe(401);
    expect(json(await ctx.app.inject({ method: 'GET', url: '/api/favoritos' })).error.message).toBe(
      'Token de autorización requerido',
    );
    expect((await save(undefined, lote.id)).statusCode).toBe(401);
    expect((await remove(undefined, lote.id)).statusCode).toBe(401);
    expect(
      (await ctx.app.inject({ method: 'GET', url: '/api/favoritos', headers: bearer(productor) })).statusCode,
    ).toBe(403);
    expect((await save(productor, lote.id)).statusCode).toBe(403);
    expect((await remove(productor, lote.id)).statusCode).toBe(403);
  });

  it('saves, lists with the lot summary, and removes, idempotently', async () => {
    const a = await postLote(ctx, productor, { nombre: 'Favorito uno' });
    const b = await postLote(ctx, productor, { nombre: 'Favorito dos' });
    expect(await fetchList(comprador)).toEqual([]);
    const first = await save(comprador, a.id);
    expect(first.statusCode).toBe(201);
    expect(json(first)).toMatchObject({
      success: true,
      message: 'Lote guardado en favoritos.',
      data: { favorito: { userID: comprador.id, lote: { id: a.id } } },
    });
    const again = await save(comprador, a.id);
    expect(again.statusCode).toBe(200);
    expect(json(again).data.favorito._id).toBe(json(first).data.favorito._id);
    await save(comprador, b.id);
    const list = await fetchList(comprador);
    expect(list.map((f) => f.lote.nombre)).toEqual(['Favorito dos', 'Favorito uno']);
    expect(list[0]).toMatchObject({ userID: comprador.id, lote: { perfilProductor: { id: productor.id } } });
    // Another buyer's list is their own.
    expect(await fetchList(otherComprador)).toEqual([]);
    expect((await remove(comprador, a.id)).statusCode).toBe(200);
    expect((await remove(comprador, a.id)).statusCode).toBe(200);
    expect(json(await remove(comprador, a.id)).data.removed).toBe(false);
    expect((await fetchList(comprador)).map((f) => f.lote.id)).toEqual([b.id]);
    await remove(comprador, b.id);
  });

  it('refuses unknown, hidden and malformed lots', async () => {
    const oculto = await postLote(ctx, productor, { ocultar: true });
    expect((await save(comprador, '5b0f2c9e-8c1a-4c55-9a8e-3c1d2e4f5a6b')).statusCode).toBe(404);
    expect((await save(comprador, oculto.id)).statusCode).toBe(404);
    const bad = await save(comprador, 'no-es-un-id');
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.fields.loteId).toBe('Identificador no válido.');
    expect((await save(comprador, undefined)).statusCode).toBe(400);
  });

  it('hidden lots disappear from the list and come back when shown; deleted ones are gone', async () => {
    const lote = await postLote(ctx, productor, { nombre: 'Va y viene' });
    const deletedLote = await postLote(ctx, productor, { nombre: 'Se borra' });
    await save(comprador, lote.id);
    await save(comprador, deletedLote.id);
    expect((await fetchList(comprador)).length).toBe(2);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productor),
      payload: { ocultar: true },
    });
    expect((await fetchList(comprador)).map((f) => f.lote.id)).toEqual([deletedLote.id]);
    await ctx.app.inject({
      method: 'PUT',
      url: `/api/lotes/${lote.id}`,
      headers: bearer(productor),
      payload: { ocultar: false },
    });
    expect((await fetchList(comprador)).map((f) => f.lote.id).sort()).toEqual([lote.id, deletedLote.id].sort());
    const del = await ctx.app.inject({
      method: 'DELETE',
      url: `/api/lotes/${deletedLote.id}`,
      headers: bearer(productor),
    });
    expect(del.statusCode).toBe(200);
    expect((await fetchList(comprador)).map((f) => f.lote.id)).toEqual([lote.id]);
  });
});
