import type { SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { notFound } from '../errors';

/**
 * The one row of `table` that `where` picks (an id and the user's ownership or party), or a 404 with `message`:
 * another account's row answers exactly like a missing one, so its existence is not revealed. `forUpdate` locks
 * the row for the rest of the transaction.
 */
export async function rowOr404<T extends PgTable>(
  db: DbOrTx,
  table: T,
  where: SQL | undefined,
  message: string,
  opts: { forUpdate?: boolean } = {},
): Promise<T['$inferSelect']> {
  const query = db
    .select()
    .from(table as PgTable)
    .where(where);
  const [row] = (await (opts.forUpdate ? query.for('update') : query).limit(1)) as T['$inferSelect'][];
  if (!row) throw notFound('NOT_FOUND', message);
  return row;
}
