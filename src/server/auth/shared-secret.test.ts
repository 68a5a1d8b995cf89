import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, type TestContext } from '../test/helpers';

/*
 * Two server processes on one PostgreSQL without JWT_SECRET (docs/decisions/041): each used to generate its own key
 * in its own DATA_DIR, and a token signed by one was refused by the other. The key now lives in the database.
 */

let a: TestContext;
let b: TestContext;
let otra: TestContext;
beforeAll(async () => {
  a = await createTestApp({ jwtSecret: undefined });
  b = await createTestApp({ jwtSecret: undefined }, { sameDatabaseAs: a });
  otra = await createTestApp({ jwtSecret: undefined });
});
afterAll(async () => {
  await b.close();
  await a.close();
  await otra.close();
});

describe('the signing key of a shared database', () => {
  it('is one for every process on the database, and another database’s tokens are refused', async () => {
    const user = await createUser(a, 'COMPRADOR');
    const token = await a.app.tokens.sign(user.id, user.tokenVersion);
    expect(await b.app.tokens.verify(token)).toMatchObject({ sub: user.id });
    const signedByB = await b.app.tokens.sign(user.id, user.tokenVersion);
    expect(await a.app.tokens.verify(signedByB)).toMatchObject({ sub: user.id });
    expect(await otra.app.tokens.verify(token)).toBeUndefined();
    const me = await b.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
  });
});
