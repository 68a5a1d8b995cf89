import { eq, sql } from 'drizzle-orm';
import {
  AJUSTES,
  type ClaveAjuste,
  type DireccionLaboratorio,
  type DireccionLaboratorioInput,
} from '../../../contract/ajustes';
import type { DbOrTx } from '../../db/client';
import { ajustes } from '../../db/schema/ajustes';

/*
 * Cereza's operator settings (src/contract/ajustes.ts): one row per key, its value checked by the key's schema on
 * every write and every read (a row written by an older release that no longer parses reads as the default).
 * The back office (issue 28) calls the setters; nothing else writes the table.
 */

type Valor<K extends ClaveAjuste> = (typeof AJUSTES)[K]['porDefecto'];

export async function getAjuste<K extends ClaveAjuste>(db: DbOrTx, clave: K): Promise<Valor<K>> {
  const [row] = await db.select({ valor: ajustes.valor }).from(ajustes).where(eq(ajustes.clave, clave)).limit(1);
  const def = AJUSTES[clave];
  if (!row) return def.porDefecto;
  const parsed = def.schema.safeParse(row.valor);
  return parsed.success ? (parsed.data as Valor<K>) : def.porDefecto;
}

/** Validates (a ZodError: the error handler's 400 with Spanish field messages) and stores one key's value. */
export async function setAjuste<K extends ClaveAjuste>(
  db: DbOrTx,
  clave: K,
  valor: unknown,
  now = new Date(),
): Promise<Valor<K>> {
  const parsed = AJUSTES[clave].schema.parse(valor) as Valor<K>;
  await db
    .insert(ajustes)
    .values({ clave, valor: parsed, updatedAt: now })
    .onConflictDoUpdate({ target: ajustes.clave, set: { valor: sql`excluded.valor`, updatedAt: now } });
  return parsed;
}

/** Where producers send a lot's reference sample. */
export const getDireccionLaboratorio = (db: DbOrTx): Promise<DireccionLaboratorio> =>
  getAjuste(db, 'direccionLaboratorio');

/** The operator changes the lab's address (the back office's editor calls this). */
export const setDireccionLaboratorio = (
  db: DbOrTx,
  input: DireccionLaboratorioInput,
  now?: Date,
): Promise<DireccionLaboratorio> => setAjuste(db, 'direccionLaboratorio', input, now);
