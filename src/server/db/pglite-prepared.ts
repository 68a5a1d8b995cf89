import { type PGlite, type QueryOptions, type Results, type Transaction, parse, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements on the embedded database (issue 33, docs/decisions/079).
 *
 * PGlite's `query` sends every statement as an unnamed one, in six calls into the engine (parse, describe, bind,
 * describe, execute, sync): the engine parses, analyses and plans the text again each time, and each call pays its
 * own way in and out of the WebAssembly. Drizzle sends the same few texts over and over (the values travel as
 * parameters), so each text is parsed once under a name and from then on a statement is one call: bind, describe,
 * execute and sync in one buffer. PostgreSQL keeps the statement's plan and, after five executions, a generic plan
 * when it is no worse, as it does for any client that prepares.
 *
 * What changes nothing: the answers (PGlite's own result parser reads them), the errors (a failed statement's
 * messages are skipped by the engine up to the sync, as on a socket), transactions (a protocol-level statement is not
 * transactional: a rollback keeps it), and the data written to disk (`syncToFs` as PGlite does it, outside a
 * transaction).
 *
 * At most `max` texts are kept (the least recently used is closed first), so texts that are not repeated — an
 * `in (…)` of a new length — cannot grow the engine's memory without bound. Utility statements and COPY with a blob
 * take PGlite's own path.
 */
export function usePreparedStatements(client: PGlite, max = 256): { prepared: () => number } {
  const { serialize } = protocol;
  const statements = new Map<string, { name: string; paramTypes: number[] }>();
  let closing: string[] = [];
  let seq = 0;
  const internals = client as unknown as {
    _checkReady(): Promise<void>;
    _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
    _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  };
  const unnamedQuery = client.query.bind(client);
  const transaction = client.transaction.bind(client);

  const concat = (parts: Uint8Array[]) => {
    const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
    let at = 0;
    for (const p of parts) {
      out.set(p, at);
      at += p.length;
    }
    return out;
  };
  const withQuery = (err: unknown, text: string, params: unknown[], options: QueryOptions | undefined) => {
    // As PGlite's own query does, so that an error says which statement failed.
    if (err && typeof err === 'object' && 'severity' in err)
      Object.assign(err, { query: text, params, queryOptions: options });
    return err;
  };

  async function run<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean) {
    return internals._runExclusiveQuery(async () => {
      try {
        let statement = statements.get(text);
        if (statement) {
          // Most recently used last: the first in the map is the one closed when room is needed.
          statements.delete(text);
          statements.set(text, statement);
        } else {
          const name = `cereza_${++seq}`;
          if (statements.size >= max) {
            const [oldText, oldest] = statements.entries().next().value!;
            statements.delete(oldText);
            closing.push(oldest.name);
          }
          const closes = closing.map((n) => serialize.close({ type: 'S', name: n }));
          closing = [];
          const described = await client.execProtocolStream(
            concat([
              ...closes,
              serialize.parse({ name, text, types: options?.paramTypes }),
              serialize.describe({ type: 'S', name }),
              serialize.sync(),
            ]),
            { syncToFs: false },
          );
          statement = { name, paramTypes: parse.parseDescribeStatementResults(described) };
          statements.set(text, statement);
        }
        const types = statement.paramTypes;
        const values = params.map((value, i) => {
          if (value === null || value === undefined) return null;
          const serializer = options?.serializers?.[types[i]] ?? client.serializers[types[i]];
          return serializer ? serializer(value) : String(value);
        });
        const messages = await client.execProtocolStream(
          concat([
            serialize.bind({ statement: statement.name, values }),
            serialize.describe({ type: 'P' }),
            serialize.execute({}),
            serialize.sync(),
          ]),
          { syncToFs: false },
        );
        if (!inTransaction) await client.syncToFs();
        return parse.parseResults(messages, client.parsers, options)[0] as Results<T>;
      } catch (err) {
        throw withQuery(err, text, params, options);
      }
    });
  }

  const preparable = (text: string, options: QueryOptions | undefined) =>
    !options?.blob && /^\s*(select|insert|update|delete|with)\b/i.test(text);

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (!preparable(text, options)) return unnamedQuery<T>(text, params, options);
    await internals._checkReady();
    return internals._runExclusiveTransaction(() => run<T>(text, params, options, false));
  };
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>): Promise<T> =>
    transaction((tx) => {
      const named = Object.create(tx) as Transaction;
      named.query = async <R>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<R>> => {
        if (!preparable(text, options)) return tx.query<R>(text, params, options);
        if (tx.closed) throw new Error('Transaction is closed');
        return run<R>(text, params, options, true);
      };
      return callback(named);
    });
  return { prepared: () => statements.size };
}
