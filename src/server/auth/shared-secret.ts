import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { secretos } from '../db/schema';

/** The length of the token-signing key every process of one PostgreSQL database shares. */
export const SHARED_SECRET_BYTES = 64;

/**
 * The token-signing key stored in the database (docs/decisions/041): the first process to start writes a random
 * one, every process (replicas, a restart) reads the same. Two starting together both try the insert; the primary
 * key keeps one and both read it.
 */
export async function loadSharedSecret(db: DbOrTx): Promise<Uint8Array> {
  await db
    .insert(secretos)
    .values({ nombre: 'jwt', valor: randomBytes(SHARED_SECRET_BYTES).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select({ valor: secretos.valor }).from(secretos).where(eq(secretos.nombre, 'jwt'));
  const key = Buffer.from(row.valor, 'base64url');
  if (key.length !== SHARED_SECRET_BYTES) throw new Error('the stored token-signing key has the wrong length');
  return new Uint8Array(key);
}
