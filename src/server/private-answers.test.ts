import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, createUser, type TestContext, type TestUser } from './test/helpers';

let ctx: TestContext;
let productor: TestUser;
let comprador: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
});
afterAll(() => ctx.close());

describe('authenticated answers', () => {
  it('carry Cache-Control: private, no-store, whatever the route set', async () => {
    for (const [user, url] of [
      [comprador, '/api/users/me/notificaciones'],
      [comprador, '/api/users/me/informacion-comercial'],
      [comprador, '/api/comprador/perfil'],
      [comprador, '/api/favoritos'],
      [productor, '/api/productor/perfil'],
      [productor, '/api/productor/noticias'],
      // A public list asked with a session may show the owner more: also kept out of caches.
      [productor, '/api/lotes'],
    ] as const) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: bearer(user) });
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.headers['cache-control'], url).toBe('private, no-store');
    }
    const denied = await ctx.app.inject({ method: 'GET', url: '/api/favoritos', headers: bearer(productor) });
    expect(denied.headers['cache-control']).toBe('private, no-store');
  });

  it('leave public answers without a session cacheable as their route says', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/lotes' });
    expect(res.headers['cache-control']).not.toContain('no-store');
  });
});
