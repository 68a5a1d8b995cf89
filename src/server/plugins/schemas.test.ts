import Fastify from 'fastify';
import { SignJWT } from 'jose';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { okResponse } from '../../contract/common';
import { bearer, captureLog, createTestApp, createUser, json, type TestContext, type TestUser } from '../test/helpers';
import { registerErrorHandler } from './error-handler';
import { registerSchemaCompilers } from './schemas';

let ctx: TestContext;
let productor: TestUser;
let comprador: TestUser;
beforeAll(async () => {
  ctx = await createTestApp();
  productor = await createUser(ctx, 'PRODUCTOR', { perfil: true });
  comprador = await createUser(ctx, 'COMPRADOR', { perfil: true });
});
afterAll(() => ctx.close());

describe('routes that declare their schemas', () => {
  it('answer invalid input with our 400: code, Spanish message, a Spanish message per field', async () => {
    const body = await ctx.app.inject({
      method: 'POST',
      url: '/api/favoritos',
      headers: bearer(comprador),
      payload: { loteId: 'no-es-un-id' },
    });
    expect(body.statusCode).toBe(400);
    expect(json(body)).toEqual({
      success: false,
      error: {
        code: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos.',
        fields: { loteId: 'Identificador no válido.' },
      },
    });
    const query = await ctx.app.inject({ url: '/api/productor/noticias?page=0&limit=x', headers: bearer(productor) });
    expect(query.statusCode).toBe(400);
    expect(json(query).error.fields).toEqual({
      page: 'La página empieza en 1.',
      limit: 'El límite debe ser un número.',
    });
  });

  it('answer a text/plain or missing body in Spanish, not with zod English', async () => {
    for (const headers of [{ 'content-type': 'text/plain' }, {}]) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/productor/noticias',
        headers: { ...bearer(productor), ...headers },
        payload: 'content-type' in headers ? 'Una noticia en texto plano' : undefined,
      });
      expect(res.statusCode).toBe(400);
      expect(json(res).error).toEqual({
        code: 'VALIDATION_ERROR',
        message: 'Los datos enviados no son válidos.',
        fields: { _: 'El cuerpo de la petición debe ser un objeto JSON.' },
      });
    }
  });

  it('check access before input: a visitor with bad input gets 401, another role 403', async () => {
    const visitor = await ctx.app.inject({ method: 'POST', url: '/api/favoritos', payload: { loteId: 'x' } });
    expect(visitor.statusCode).toBe(401);
    const producer = await ctx.app.inject({
      method: 'POST',
      url: '/api/favoritos',
      headers: bearer(productor),
      payload: { loteId: 'x' },
    });
    expect(producer.statusCode).toBe(403);
  });

  it('a route with its own validator compiler (the catalogue’s query) refuses in the same error shape', async () => {
    const res = await ctx.app.inject({ url: '/api/lotes?page=0' });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.code).toBe('VALIDATION_ERROR');
    expect(json(res).error.fields.page).toBe('La página empieza en 1.');
    expect((await ctx.app.inject({ url: '/api/lotes' })).statusCode).toBe(200);
  });

  it('send only what the response schema names, and the renewed token beside and inside data', async () => {
    const res = await ctx.app.inject({ url: '/api/productor/noticias', headers: bearer(productor) });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(json(res)).sort()).toEqual(['data', 'success']);
    expect(Object.keys(json(res).data).sort()).toEqual(['noticias', 'pagination']);

    // A token ten minutes from expiry is renewed by any authenticated call; the schema lets the new one through.
    const now = Math.floor(Date.now() / 1000);
    const soon = await new SignJWT({ tv: 0, sat: now - 3000 })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(productor.id)
      .setIssuedAt(now - 3000)
      .setExpirationTime(now + 600)
      .sign(ctx.config.jwtSecret);
    const renewed = json(await ctx.app.inject({ url: '/api/productor/noticias', headers: bearer({ token: soon }) }));
    expect(typeof renewed.refreshedToken).toBe('string');
    expect(renewed.data.refreshedToken).toBe(renewed.refreshedToken);
  });
});

describe('a response that does not match its schema', () => {
  it('is a server bug: logged with the mismatch, answered with the generic 500', async () => {
    const { stream, lines: logged } = captureLog<{ msg?: string; issues?: Array<{ path?: PropertyKey[] }> }>();
    const app = Fastify({ logger: { level: 'error', stream } });
    registerErrorHandler(app);
    registerSchemaCompilers(app);
    const routes: FastifyPluginAsyncZod = async (api) => {
      api.get('/broken', { schema: { response: { 200: okResponse(z.object({ total: z.number() })) } } }, async () => ({
        success: true as const,
        // A service returning the wrong type: the declared schema catches it before it leaves.
        data: { total: 'tres' as unknown as number },
      }));
    };
    await app.register(routes);
    const res = await app.inject({ url: '/broken' });
    expect(res.statusCode).toBe(500);
    // Every 5xx body names the request (issue 31), and says nothing else of the cause.
    expect(json(res)).toEqual({
      success: false,
      error: { code: 'INTERNAL_ERROR', message: 'Error interno del servidor.' },
      requestId: expect.any(String),
    });
    expect(res.body).not.toContain('tres');
    expect(
      logged.some(
        (l) => l.msg === 'response does not match its schema' && l.issues?.[0]?.path?.join('.') === 'data.total',
      ),
    ).toBe(true);
    await app.close();
  });
});
