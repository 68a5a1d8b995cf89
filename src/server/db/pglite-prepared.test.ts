import { readFileSync } from 'node:fs';
import { PGlite, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import pg from 'pg';
import { nameStatements } from './client';
import { usePreparedStatements } from './pglite-prepared';

/*
 * Named prepared statements on the embedded database (issue 33, docs/decisions/079): a text is parsed once, and
 * everything a caller sees — rows, types, errors, transactions — is what PGlite's own unnamed path gives.
 */

let client: PGlite;
let prepared: () => number;
const parses: string[] = [];

/** PGlite's own path (unnamed statements) on the same database. */
const unnamed = (text: string, params: unknown[], options?: QueryOptions) =>
  PGlite.prototype.query.call(client, text, params, options);

beforeAll(async () => {
  // The migrated template the test helpers start from: creating a cluster from nothing takes a minute here.
  client = await PGlite.create({ loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]) });
  await client.exec(`create table t (id int primary key, nombre text not null, datos jsonb, creado timestamptz);
    insert into t values (1, 'uno', '{"a":1}', '2026-11-27T10:00:00Z'), (2, 'dos', null, null);`);
  ({ prepared } = usePreparedStatements(client, 3));
  const stream = client.execProtocolStream.bind(client);
  client.execProtocolStream = (msg, opts) => {
    // The first message of each buffer: a Parse is the engine reading a text.
    if (msg[0] === 'P'.charCodeAt(0)) parses.push(Buffer.from(msg).toString('latin1'));
    return stream(msg, opts);
  };
});
afterAll(() => client.close());

const SELECT = 'select id, nombre, datos, creado from t where id = $1';

describe('named prepared statements on PGlite', () => {
  it('parses a repeated text once and answers what the unnamed path answers', async () => {
    parses.length = 0;
    for (let i = 0; i < 4; i++) {
      for (const id of [1, 2, 3]) {
        expect(await client.query(SELECT, [id])).toEqual(await unnamed(SELECT, [id]));
        const asArray = { rowMode: 'array' as const, parsers: { 1184: (v: string) => v } };
        expect(await client.query(SELECT, [id], asArray)).toEqual(await unnamed(SELECT, [id], asArray));
      }
    }
    // PGlite's own path parses the text every time (24 times here); the named path, once.
    expect(parses.filter((p) => p.includes(SELECT) && p.includes('cereza_'))).toHaveLength(1);
  });

  it('keeps at most its bound of texts, closing the least recently used', async () => {
    for (let n = 0; n < 6; n++) {
      const text = `select id + ${n} as x from t where id = $1`;
      expect((await client.query<{ x: number }>(text, [1])).rows).toEqual([{ x: 1 + n }]);
    }
    expect(prepared()).toBe(3);
    const [{ count }] = (
      await client.query<{ count: number }>(
        "select count(*)::int as count from pg_prepared_statements where name like 'cereza_%'",
      )
    ).rows;
    // The bound, counting the statement that asks.
    expect(count).toBe(3);
  });

  it('writes in a transaction, rolls back on an error and answers the next statement', async () => {
    const insert = 'insert into t (id, nombre) values ($1, $2) returning id';
    await expect(
      client.transaction(async (tx) => {
        await tx.query(insert, [10, 'diez']);
        await tx.query(insert, [10, 'otra vez']);
      }),
    ).rejects.toMatchObject({ code: '23505', query: insert });
    expect((await client.query('select count(*)::int as n from t where id = 10')).rows).toEqual([{ n: 0 }]);
    await client.transaction(async (tx) => {
      expect((await tx.query(insert, [11, 'once'])).rows).toEqual([{ id: 11 }]);
    });
    expect((await client.query(SELECT, [11])).rows).toMatchObject([{ id: 11, nombre: 'once' }]);
    // A text the engine refuses is not kept, and says so again when sent again.
    await expect(client.query('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
    await expect(client.query('select nope from t where id = $1', [1])).rejects.toMatchObject({ code: '42703' });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('named statements on PostgreSQL', () => {
  it('prepares a repeated text once per connection, up to its bound', async () => {
    const pgClient = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await pgClient.connect();
    try {
      nameStatements(pgClient, 2);
      const named = async () =>
        (
          await pgClient.query<{ n: number }>({
            text: "select count(*)::int as n from pg_prepared_statements where name like 'cereza_%'",
          })
        ).rows[0].n;
      for (let i = 0; i < 3; i++)
        expect((await pgClient.query({ text: 'select $1::int + 1 as x', values: [i] })).rows).toEqual([{ x: i + 1 }]);
      // The sum and the count itself; a third text is sent unnamed.
      expect(await named()).toBe(2);
      expect((await pgClient.query({ text: 'select $1::int * 2 as y', values: [4] })).rows).toEqual([{ y: 8 }]);
      expect(await named()).toBe(2);
      const [sum] = (
        await pgClient.query<{ statement: string }>('select statement from pg_prepared_statements order by name')
      ).rows;
      expect(sum.statement).toBe('select $1::int + 1 as x');
      // A text the server refuses is not remembered as parsed: it is refused again, and the connection goes on.
      for (let i = 0; i < 2; i++)
        await expect(
          pgClient.query({ text: 'select nope from pg_class where oid = $1', values: [1] }),
        ).rejects.toMatchObject({ code: '42703' });
      expect((await pgClient.query({ text: 'select $1::int + 1 as x', values: [9] })).rows).toEqual([{ x: 10 }]);
    } finally {
      await pgClient.end();
    }
  });
});
