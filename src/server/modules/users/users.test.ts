import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { createTestApp, createUser, bearer, json, type TestContext } from '../../test/helpers';
import { favoritos } from '../../db/schema/favoritos';
import { imagenes } from '../../db/schema/imagenes';
import { lotes } from '../../db/schema/lotes';
import { notificaciones } from '../../db/schema/notificaciones';
import { productorPerfiles, users } from '../../db/schema/users';
import { ERRORS } from '../../../contract/errors';
import { changePassword } from './service';
import { loteBody } from '../lotes/test-fixtures';
import { PREFERENCIAS_DEFAULT } from '../../../contract/notificaciones';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

/** Every response of this file, scanned at the end for anything that looks like a password hash. */
const seen: LightMyRequestResponse[] = [];
async function call(opts: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await ctx.app.inject(opts);
  seen.push(res);
  return res;
}

describe('account data', () => {
  it('updates nombre, apellido and name', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const res = await call({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(u),
      payload: { nombre: ' Inés ', apellido: 'Soto', name: 'Inés de Tostadores' },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).dataUser).toMatchObject({ nombre: 'Inés', apellido: 'Soto', name: 'Inés de Tostadores' });
    const bad = await call({
      method: 'PUT',
      url: '/api/users/me',
      headers: bearer(u),
      payload: { nombre: '', apellido: 'Soto' },
    });
    expect(bad.statusCode).toBe(400);
    expect(json(bad).error.fields.nombre).toBe('Escribe tu nombre.');
  });

  it('changes the password: checks the current one, refuses common ones, revokes old tokens and answers a new one', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const wrong = await call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(u),
      payload: { passwordActual: 'no-es-la-mia', passwordNueva: 'molienda-fina-2025' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(json(wrong).error.fields.passwordActual).toBe('La contraseña actual no es correcta.');
    const weak = await call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(u),
      payload: { passwordActual: u.password, passwordNueva: 'contraseña123' },
    });
    expect(weak.statusCode).toBe(400);
    expect(json(weak).error.code).toBe('WEAK_PASSWORD');

    const ok = await call({
      method: 'PUT',
      url: '/api/users/me/password',
      headers: bearer(u),
      payload: { passwordActual: u.password, passwordNueva: 'molienda-fina-2025' },
    });
    expect(ok.statusCode).toBe(200);
    const { token } = json(ok);
    expect((await call({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(u) })).statusCode).toBe(401);
    expect((await call({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer({ token }) })).statusCode).toBe(
      200,
    );
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'molienda-fina-2025' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('concurrent password changes', () => {
  it('of five changes sent at once with the right current password, one takes effect and the others answer 409', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const nuevas = [1, 2, 3, 4, 5].map((n) => `tueste-medio-${n}-2026`);
    const answers = await Promise.all(
      nuevas.map((passwordNueva) =>
        call({
          method: 'PUT',
          url: '/api/users/me/password',
          headers: bearer(u),
          payload: { passwordActual: u.password, passwordNueva },
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(4);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(json(r).error).toMatchObject({
        code: 'PASSWORD_CHANGED_MEANWHILE',
        message: ERRORS.PASSWORD_CHANGED_MEANWHILE,
      });
    }
    // The password that answered success is the one stored; none of the refused ones is.
    const winner = nuevas[statuses.indexOf(200)];
    for (const password of nuevas) {
      const login = await call({ method: 'POST', url: '/api/auth/login', payload: { email: u.email, password } });
      expect(login.statusCode).toBe(password === winner ? 200 : 401);
    }
    const avisos = await ctx.app.db
      .select()
      .from(notificaciones)
      .where(and(eq(notificaciones.userId, u.id), eq(notificaciones.tipo, 'CONTRASENA_CAMBIADA')));
    expect(avisos).toHaveLength(1);
  });

  it('a change checked against a password that has changed since is refused, whatever the timing', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    // Both calls hold the row as it was before either wrote: the second one's check is stale when it writes.
    const [before] = await ctx.app.db.select().from(users).where(eq(users.id, u.id));
    await changePassword(ctx.app.db, before, { passwordActual: u.password, passwordNueva: 'primera-nueva-2026' });
    await expect(
      changePassword(ctx.app.db, before, { passwordActual: u.password, passwordNueva: 'segunda-nueva-2026' }),
    ).rejects.toMatchObject({ statusCode: 409, code: 'PASSWORD_CHANGED_MEANWHILE' });
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: u.email, password: 'primera-nueva-2026' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('notification preferences', () => {
  it('answers one e-mail switch per optional kind plus the newsletter, saves a subset and refuses bad values or unknown keys', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    const first = await call({ method: 'GET', url: '/api/users/me/notificaciones', headers: bearer(u) });
    expect(json(first).notificaciones).toEqual(PREFERENCIAS_DEFAULT);
    expect(json(first).notificaciones).toMatchObject({ LOTE_NUEVO: true, LOTE_FAVORITO: false, boletin: false });
    // Security notices are always mailed: they have no switch.
    expect(json(first).notificaciones).not.toHaveProperty('CONTRASENA_CAMBIADA');
    const put = await call({
      method: 'PUT',
      url: '/api/users/me/notificaciones',
      headers: bearer(u),
      payload: { boletin: true, LOTE_NUEVO: false },
    });
    expect(put.statusCode).toBe(200);
    const after = await call({ method: 'GET', url: '/api/users/me/notificaciones', headers: bearer(u) });
    expect(json(after).notificaciones).toMatchObject({ boletin: true, LOTE_NUEVO: false, NOTICIA_NUEVA: false });
    expect(
      (
        await call({
          method: 'PUT',
          url: '/api/users/me/notificaciones',
          headers: bearer(u),
          payload: { boletin: 'si' },
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call({ method: 'PUT', url: '/api/users/me/notificaciones', headers: bearer(u), payload: { spam: true } }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call({
          method: 'PUT',
          url: '/api/users/me/notificaciones',
          headers: bearer(u),
          payload: { CONTRASENA_CAMBIADA: false },
        })
      ).statusCode,
    ).toBe(400);
  });

  it('reads the switches an account stored per subject before there were kinds', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    await ctx.app.db
      .update(users)
      .set({ notificaciones: { nuevosLotes: false, noticias: true, boletin: true } })
      .where(eq(users.id, u.id));
    const res = await call({ method: 'GET', url: '/api/users/me/notificaciones', headers: bearer(u) });
    expect(json(res).notificaciones).toMatchObject({ LOTE_NUEVO: false, NOTICIA_NUEVA: true, boletin: true });
  });
});

describe('commercial information', () => {
  const info = {
    razonSocial: 'Tostadores del Sur S.L.',
    taxId: 'B-12345678',
    direccionFacturacion: {
      linea1: 'Calle Mayor 1',
      ciudad: 'Sevilla',
      region: 'Andalucía',
      codigoPostal: '41001',
      pais: 'ES',
    },
    emailFacturacion: 'Facturas@Tostadores.es',
  };

  it('is null until saved, then answers what was saved', async () => {
    const u = await createUser(ctx, 'COMPRADOR');
    expect(
      json(await call({ method: 'GET', url: '/api/users/me/informacion-comercial', headers: bearer(u) }))
        .informacionComercial,
    ).toBeNull();
    const put = await call({
      method: 'PUT',
      url: '/api/users/me/informacion-comercial',
      headers: bearer(u),
      payload: info,
    });
    expect(put.statusCode).toBe(200);
    const got = json(
      await call({ method: 'GET', url: '/api/users/me/informacion-comercial', headers: bearer(u) }),
    ).informacionComercial;
    expect(got).toMatchObject({ ...info, emailFacturacion: 'facturas@tostadores.es' });
  });

  it('answers 400 with nested field messages', async () => {
    const u = await createUser(ctx, 'PRODUCTOR');
    const res = await call({
      method: 'PUT',
      url: '/api/users/me/informacion-comercial',
      headers: bearer(u),
      payload: { ...info, taxId: '<script>', direccionFacturacion: { ...info.direccionFacturacion, ciudad: '' } },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.fields).toMatchObject({
      taxId: expect.any(String),
      'direccionFacturacion.ciudad': 'Escribe la ciudad.',
    });
  });
});

describe('DELETE /api/users/me', () => {
  // The account row now stays, pseudonymised (issue 25, docs/decisions/046): delete-cuenta.test.ts covers the rest.
  it('refuses without the right password, then erases the person, deletes lots without trade, favourites and images, and revokes tokens', async () => {
    const prod = await createUser(ctx, 'PRODUCTOR', { perfil: true });
    const buyer = await createUser(ctx, 'COMPRADOR', { perfil: true });
    const lote = await call({ method: 'POST', url: '/api/lotes', headers: bearer(prod), payload: loteBody() });
    expect(lote.statusCode).toBe(201);
    const loteId = json(lote).data.lote.id as string;
    await ctx.app.db.insert(favoritos).values({ userId: buyer.id, loteId });
    const key = `test/${prod.id}.webp`;
    const url = await ctx.app.storage.put(key, Buffer.from('imagen'), 'image/webp');
    await ctx.app.db
      .insert(imagenes)
      .values({ ownerId: prod.id, key, urls: { original: url }, bytes: 6, width: 1, height: 1 });
    // The avatar is personal: it goes (files a counterpart relies on stay: delete-cuenta.test.ts).
    await ctx.app.db.update(productorPerfiles).set({ avatar: url }).where(eq(productorPerfiles.userId, prod.id));
    const file = path.join(ctx.config.uploadsDir, key);
    expect(existsSync(file)).toBe(true);

    const none = await call({ method: 'DELETE', url: '/api/users/me', headers: bearer(prod), payload: {} });
    expect(none.statusCode).toBe(400);
    const wrong = await call({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(prod),
      payload: { password: 'no-es-la-mia' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(json(wrong).error.code).toBe('REAUTH_FAILED');

    const ok = await call({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(prod),
      payload: { password: prod.password },
    });
    expect(ok.statusCode).toBe(200);
    expect(await ctx.app.db.select().from(users).where(eq(users.id, prod.id))).toMatchObject([
      { email: `eliminada-${prod.id}@cuenta-eliminada.invalid`, passwordHash: null, name: 'Cuenta eliminada' },
    ]);
    expect(
      await ctx.app.db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, prod.id)),
    ).toMatchObject([{ nombre: 'Cuenta eliminada', avatar: null, descripcion: null, telefono: null }]);
    expect(await ctx.app.db.select().from(lotes).where(eq(lotes.productorId, prod.id))).toEqual([]);
    expect(await ctx.app.db.select().from(favoritos).where(eq(favoritos.loteId, loteId))).toEqual([]);
    expect(await ctx.app.db.select().from(imagenes).where(eq(imagenes.key, key))).toEqual([]);
    expect(existsSync(file)).toBe(false);
    expect((await call({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(prod) })).statusCode).toBe(401);
    expect((await call({ method: 'GET', url: `/api/lotes/${loteId}` })).statusCode).toBe(404);
    const login = await call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: prod.email, password: prod.password },
    });
    expect(login.statusCode).toBe(401);
  });
});

describe('no password hash in any response', () => {
  it('scans every auth, users and profile answer', async () => {
    const email = `scan-${Date.now()}@example.com`;
    const reg = await call({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email, password: 'grano-verde-2025', nombre: 'A', apellido: 'B', tipoUser: 'PRODUCTOR' },
    });
    const t = { token: json(reg).token as string };
    const id = json(reg).dataUser.id as string;
    await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'grano-verde-2025' } });
    await call({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'mal' } });
    await call({ method: 'POST', url: '/api/auth/jwt-validate', headers: bearer(t) });
    await call({ method: 'GET', url: `/api/users/${id}`, headers: bearer(t) });
    await call({
      method: 'POST',
      url: '/api/productor/perfil',
      headers: bearer(t),
      payload: { tipoProductor: 'FINCA', nombre: 'Finca Scan', pais: 'CO', region: 'Nariño' },
    });
    await call({ method: 'PUT', url: '/api/productor/perfil', headers: bearer(t), payload: { region: 'Cauca' } });
    await call({ method: 'GET', url: '/api/productor/perfil', headers: bearer(t) });
    await call({ method: 'PUT', url: '/api/users/me', headers: bearer(t), payload: { nombre: 'C', apellido: 'D' } });
    await call({ method: 'POST', url: '/api/auth/logout', headers: bearer(t) });

    expect(seen.length).toBeGreaterThan(30);
    for (const res of seen) {
      expect(res.body).not.toMatch(/argon2/i);
      expect(res.body).not.toMatch(/passwordHash|password_hash/);
      expect(res.body).not.toMatch(/tokenVersion|googleSub/);
    }
  });
});
