import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { fincas, loteFincas } from '../../db/schema/abastecimiento';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/**
 * The producer's farms that no lot names any more go (a retired lot keeps its farms: traceability); answers their
 * photos, for the deletion to remove the files nothing else shows.
 */
export async function forgetFincasSueltas(tx: DbOrTx, productorId: string): Promise<(string | null)[]> {
  const sueltas = await tx
    .delete(fincas)
    .where(
      and(
        eq(fincas.productorId, productorId),
        sql`not exists (select 1 from ${loteFincas} where ${loteFincas.fincaId} = ${fincas.id})`,
      ),
    )
    .returning();
  return sueltas.map((f) => f.foto);
}
