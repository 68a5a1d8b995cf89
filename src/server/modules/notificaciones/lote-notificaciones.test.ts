import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, json, type TestContext, type TestUser } from '../../test/helpers';
import { loteBody } from '../lotes/test-fixtures';

/* The kinds that exist before the trade: a lot saved, a new lot and a news item from a producer one follows. */

let ctx: TestContext;
let productor: TestUser;
let comprador: TestUser;
let loteId: string;

const bell = async (u: TestUser) =>
  json(await ctx.app.inject({ method: 'GET', url: '/api/notificaciones', headers: bearer(u) })).data.notificaciones as {
    tipo: string;
    titulo: string;
    texto: string;
    enlace: string;
  }[];
const createLote = async (body: Record<string, unknown>) => {
  const res = await ctx.app.inject({
    method: 'POST',
    url: '/api/lotes',
    headers: bearer(productor),
    payload: loteBody(body),
  });
  expect(res.statusCode).toBe(201);
  return json(res).data.lote as { id: string };
};

beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true, nombre: 'Esperanza' });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
  loteId = (await createLote({ nombre: 'Bourbon rosado', codigo: 'CO-BR-1' })).id;
});
afterAll(() => ctx.close());

describe('notifications about lots and producers', () => {
  it('a saved lot tells its producer who saved it (kind of business and country, not the company)', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/favoritos',
      headers: bearer(comprador),
      payload: { loteId },
    });
    expect(res.statusCode).toBe(201);
    // Saving it again is not news.
    await ctx.app.inject({ method: 'POST', url: '/api/favoritos', headers: bearer(comprador), payload: { loteId } });
    const avisos = await bell(productor);
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatchObject({
      tipo: 'LOTE_FAVORITO',
      titulo: 'Han guardado «Bourbon rosado» en favoritos',
      enlace: `/lote/${loteId}`,
    });
    expect(avisos[0].texto).toMatch(/^Un comprador de España \(tostador\) ha guardado «Bourbon rosado»/);
  });

  it('a new lot on show reaches the buyers who saved the producer’s lots; a hidden one does not', async () => {
    const nuevo = await createLote({ nombre: 'Geisha natural', codigo: 'CO-GN-1' });
    await createLote({ nombre: 'Lote privado', codigo: 'CO-LP-1', ocultar: true });
    const avisos = await bell(comprador);
    expect(avisos.map((a) => a.titulo)).toEqual(['Finca Esperanza ha publicado «Geisha natural»']);
    expect(avisos[0]).toMatchObject({ tipo: 'LOTE_NUEVO', enlace: `/lote/${nuevo.id}` });
    // A buyer who saved nothing hears nothing.
    const otro = await createUser(ctx, 'COMPRADOR', { perfil: true });
    expect(await bell(otro)).toEqual([]);
  });

  it('a news item reaches them when it goes public, once, with a plain-text summary', async () => {
    const antes = (await bell(comprador)).length;
    const draft = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/noticias',
      headers: bearer(productor),
      payload: {
        titulo: 'Empieza la cosecha',
        cuerpo: '**Este año** la cosecha llega antes.\n\nTe contamos cómo va el secado.',
        publicada: false,
      },
    });
    const id = json(draft).data.noticia.id;
    expect((await bell(comprador)).length).toBe(antes);
    const publish = (publicada: boolean) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/productor/noticias/${id}`,
        headers: bearer(productor),
        payload: { publicada },
      });
    await publish(true);
    await publish(false);
    await publish(true);
    const avisos = (await bell(comprador)).filter((a) => a.tipo === 'NOTICIA_NUEVA');
    expect(avisos).toHaveLength(1);
    expect(avisos[0]).toMatchObject({
      titulo: 'Noticia de Finca Esperanza: Empieza la cosecha',
      texto:
        'Finca Esperanza ha publicado «Empieza la cosecha». Este año la cosecha llega antes. Te contamos cómo va el secado.',
      enlace: `/perfil/${productor.id}/Noticias`,
    });
  });
});
