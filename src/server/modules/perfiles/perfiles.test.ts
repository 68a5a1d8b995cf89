import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, bearer, json, type TestContext } from '../../test/helpers';
import { OwnProductorPerfilResponseSchema } from '../../../contract/perfiles';
import { ProductorPerfilSavedResponseSchema } from '../../../contract/users';
import { loteBody, uploadPhoto } from '../lotes/test-fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

const productorBase = { tipoProductor: 'COOPERATIVA', nombre: 'Cooperativa Los Naranjos', pais: 'CO', region: 'Huila' };
const compradorBase = {
  fechaOrigen: '2012-05-01',
  empresa: 'Tostadores del Norte',
  tipoComprador: 'TOSTADOR',
  pais: 'ES',
};

describe('producer profile', () => {
  it('creates it, sets perfilBase and answers the updated dataUser with the catalogue message', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { ...productorBase, municipio: '', altitud: '' },
    });
    expect(res.statusCode).toBe(201);
    const body = json(res);
    expect(body.message).toBe('¡Perfil de productor creado correctamente!');
    expect(body.dataUser).toMatchObject({ id: u.id, perfilBase: true, perfilCompleto: false });
    expect(body.dataUser.perfil).toMatchObject({ ...productorBase, municipio: null, altitud: null });
    expect(body.dataUser.perfil.updatedAt).toMatch(/Z$/);
  });

  it('answers 400 with per-field messages when required fields are missing or out of range', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { tipoProductor: 'HACIENDA', pais: 'XX', altitud: 9000 },
    });
    expect(res.statusCode).toBe(400);
    const fields = json(res).error.fields;
    expect(Object.keys(fields)).toEqual(
      expect.arrayContaining(['tipoProductor', 'nombre', 'pais', 'region', 'altitud']),
    );
    expect(fields.tipoProductor).toBe('Elige el tipo de productor.');
  });

  it('answers 409 for a second profile and 403 for a buyer', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const again = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: productorBase,
    });
    expect(again.statusCode).toBe(409);
    const buyer = await createUser(ctx, 'COMPRADOR');
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(buyer),
      payload: productorBase,
    });
    expect(wrong.statusCode).toBe(403);
  });

  it('updates part of it, recomputes perfilCompleto and clears a field sent empty', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const full = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { descripcion: 'Cafés lavados de altura.', altitud: '1750', avatar: '/uploads/demo/avatar/a.webp' },
    });
    expect(full.statusCode).toBe(200);
    expect(json(full).dataUser).toMatchObject({ perfilCompleto: true, perfil: { altitud: 1750, region: 'Huila' } });
    const cleared = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { descripcion: '' },
    });
    expect(json(cleared).dataUser).toMatchObject({
      perfilCompleto: false,
      perfil: { descripcion: null, altitud: 1750 },
    });
  });

  it('answers 404 when updating a profile that does not exist', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { region: 'Cauca' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('renaming the producer refreshes the catalogue search of their lots', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/api/lotes',
      headers: bearer(u),
      payload: loteBody(),
    });
    expect(created.statusCode).toBe(201);
    await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { nombre: 'Finca Zumbahuayco' },
    });
    const found = await ctx.app.inject({ method: 'GET', url: '/api/lotes?q=zumbahuayco' });
    expect(json(found).data.lotes.map((l: { id: string }) => l.id)).toContain(json(created).data.lote.id);
  });
});

describe('producer profile images', () => {
  it('answers the saved profile in the contract shape, on save and on read', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { altitud: 1600 },
    });
    expect(ProductorPerfilSavedResponseSchema.parse(json(put)).perfil).toMatchObject({ altitud: 1600, imagenes: [] });
    const get = await ctx.app.inject({ url: '/api/productor/perfil', headers: bearer(u) });
    expect(OwnProductorPerfilResponseSchema.parse(json(get)).perfil).toMatchObject({ altitud: 1600, municipio: null });
  });

  it('accepts only our own uploads as images', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { avatar: 'https://cdn.example/logo.png', imagenes: ['/uploads/ok-lg.webp', 'http://x.example/a.jpg'] },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields).toEqual({
      avatar: 'Sube la imagen desde tu equipo: solo se admiten imágenes subidas a Cereza.',
      'imagenes.1': 'Sube la imagen desde tu equipo: solo se admiten imágenes subidas a Cereza.',
    });
  });

  it('refuses a cover smaller than 1000 × 500 px by the size measured at upload', async () => {
    const u = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const small = await uploadPhoto(ctx, u, 120, 90);
    const large = await uploadPhoto(ctx, u, 1500, 600);
    const put = (payload: Record<string, unknown>) =>
      ctx.app.inject({ method: 'PUT', url: '/api/productor/perfil', headers: bearer(u), payload });
    const refused = await put({ portada: small.urls.lg });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.fields).toEqual({
      portada: 'La portada debe medir al menos 1000 × 500 píxeles y esta mide 120 × 90. Elige una foto más grande.',
    });
    const ok = await put({ portada: large.urls.lg, avatar: small.urls.sm });
    expect(ok.statusCode).toBe(200);
    expect(json(ok).perfil).toMatchObject({ portada: large.urls.lg, avatar: small.urls.sm });
  });
});

describe('buyer profile', () => {
  it('creates it with the catalogue message, and perfilCompleto once descripcion and ciudad are there', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/comprador/perfil',
      headers: bearer(u),
      payload: { ...compradorBase, ciudad: 'Bilbao', descripcion: 'Tostamos lotes pequeños.', volumenAnualKg: '12000' },
    });
    expect(res.statusCode).toBe(201);
    expect(json(res).message).toBe('¡Perfil de comprador creado correctamente!');
    expect(json(res).dataUser).toMatchObject({
      perfilBase: true,
      perfilCompleto: true,
      perfil: { fechaOrigen: '2012-05-01', volumenAnualKg: 12000 },
    });
  });

  it('refuses a future founding date and an unknown buyer type; a producer gets 403', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/comprador/perfil',
      headers: bearer(u),
      payload: { ...compradorBase, fechaOrigen: '2999-01-01', tipoComprador: 'MAYORISTA' },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields).toMatchObject({
      fechaOrigen: 'La fecha no puede ser futura.',
      tipoComprador: 'Elige el tipo de comprador.',
    });
    const prod = await createUser(ctx, 'PRODUCTOR');
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/comprador/perfil',
          headers: bearer(prod),
          payload: compradorBase,
        })
      ).statusCode,
    ).toBe(403);
  });

  it('updates it and answers 409 on a second create', async () => {
    const u = await createUser(ctx, 'COMPRADOR', { perfil: true });
    expect(
      (
        await ctx.app.inject({
          method: 'POST',
          url: '/api/comprador/perfil',
          headers: bearer(u),
          payload: compradorBase,
        })
      ).statusCode,
    ).toBe(409);
    const res = await ctx.app.inject({
      method: 'PUT',
      url: '/api/comprador/perfil',
      headers: bearer(u),
      payload: { ciudad: 'Valencia' },
    });
    expect(json(res).dataUser.perfil).toMatchObject({ ciudad: 'Valencia', empresa: 'Tostadores del Sur' });
  });
});

describe('public names', () => {
  const create = (u: { token: string }, nombre: string) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(u),
      payload: { ...productorBase, nombre },
    });
  const editar = (u: { token: string }, nombre: string) =>
    ctx.app.inject({ method: 'PUT', url: '/api/productor/perfil', headers: bearer(u), payload: { nombre } });

  it('refuse bidi controls and invisible characters in every name others see', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const c = await createUser(ctx, 'COMPRADOR');
    for (const trampa of [
      '\u202E',
      '\u202A',
      '\u2066',
      '\u2069',
      '\u200E',
      '\u200F',
      '\u200B',
      '\u2060',
      '\uFEFF',
      '\u00AD',
    ]) {
      const nombre = `Finca${trampa} Trampa`;
      const p = await create(u, nombre);
      expect(p.statusCode, JSON.stringify(trampa)).toBe(400);
      expect(json(p).error.fields.nombre).toBe(
        'El nombre no puede contener caracteres invisibles ni de control de dirección del texto.',
      );
      const e = await ctx.app.inject({
        method: 'POST',
        url: '/api/comprador/perfil',
        headers: bearer(c),
        payload: { ...compradorBase, empresa: `Tostadores${trampa} Trampa` },
      });
      expect(e.statusCode).toBe(400);
      const me = await ctx.app.inject({
        method: 'PUT',
        url: '/api/users/me',
        headers: bearer(c),
        payload: { nombre: nombre, apellido: 'Ferrer' },
      });
      expect(me.statusCode).toBe(400);
      expect(json(me).error.fields.nombre).toMatch(/caracteres invisibles/);
    }
    const reg = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {
        email: 'bidi@example.com',
        password: 'cafe-de-altura-2024',
        nombre: 'Ana\u202E',
        apellido: 'Gil',
        tipoUser: 'PRODUCTOR',
      },
    });
    expect(reg.statusCode).toBe(400);
    expect((await create(u, 'Finca Árabe Peña')).statusCode).toBe(201);
  });

  it('a producer’s public name is his alone, without counting case, accents or spaces (409 in Spanish)', async () => {
    const primero = await createUser(ctx, 'PRODUCTOR');
    expect((await create(primero, 'Finca El Paraíso')).statusCode).toBe(201);
    const segundo = await createUser(ctx, 'PRODUCTOR');
    for (const nombre of ['Finca El Paraíso', 'finca el paraiso', 'FINCA  EL PARAÍSO', 'Fínca El Paraiso']) {
      const res = await create(segundo, nombre);
      expect(res.statusCode, nombre).toBe(409);
      expect(json(res).error).toMatchObject({
        code: 'NOMBRE_EN_USO',
        fields: {
          nombre:
            'Ya hay un productor con ese nombre público (sin contar mayúsculas ni tildes). Elige otro, por ejemplo con tu región.',
        },
      });
    }
    expect((await create(segundo, 'Finca El Paraíso de Huila')).statusCode).toBe(201);
    // Editing: into another's name is refused; his own name in other letters is his.
    const edit = await editar(segundo, 'FINCA EL PARAISO');
    expect(edit.statusCode).toBe(409);
    expect(json(edit).error.code).toBe('NOMBRE_EN_USO');
    expect((await editar(primero, 'finca el paraíso')).statusCode).toBe(200);
    // Two edits racing to one free name: one wins, the other 409.
    const tercero = await createUser(ctx, 'PRODUCTOR');
    expect((await create(tercero, 'Cooperativa Tercera')).statusCode).toBe(201);
    const carrera = await Promise.all([editar(segundo, 'Finca Nueva'), editar(tercero, 'finca nueva')]);
    expect(carrera.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });
});
