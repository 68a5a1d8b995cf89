import { bigint, timestamp } from 'drizzle-orm/pg-core';

/** created_at and updated_at, in every table that has them. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
};

/**
 * A money column: 64-bit minor units of the row's currency (docs/decisions/047). Read as a JS number: every amount
 * the contract accepts stays below Number.MAX_SAFE_INTEGER (LIMITE_CENTAVOS), so the conversion is exact.
 */
export const centavos = (name: string) => bigint(name, { mode: 'number' });
