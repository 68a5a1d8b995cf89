import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { respuestas, resumenesSolicitudes, solicitudes } from '../../db/schema/abastecimiento';
import { sinPedidoDeSolicitud } from '../pedidos';

/* Deleting an account (modules/users, docs/decisions/046) asks each area to forget its rows, in the deletion's transaction. */

/**
 * The producer's digest of requests goes, and the buyer's requests nobody answered and no order came from (an
 * answered one is the producers' too: it stays, under "Cuenta eliminada").
 */
export async function forgetSolicitudesOf(tx: DbOrTx, userId: string): Promise<void> {
  await tx.delete(resumenesSolicitudes).where(eq(resumenesSolicitudes.productorId, userId));
  await tx
    .delete(solicitudes)
    .where(
      and(
        eq(solicitudes.compradorId, userId),
        sql`not exists (select 1 from ${respuestas} where ${respuestas.solicitudId} = ${solicitudes.id})`,
        sinPedidoDeSolicitud(solicitudes.id),
      ),
    );
}
