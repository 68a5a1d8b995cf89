import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';

/*
 * The account row as other modules move it (issue 27, docs/decisions/074): the staff commands make lab and operator
 * accounts (modules/laboratorio, modules/operador), the operator suspends, reactivates and verifies accounts. Only
 * this module writes the row; each function runs in the caller's transaction, which holds whatever lock it took.
 */

type TipoInterno = 'LABORATORIO' | 'OPERADOR';

/** A new staff account, never registered: verified from the start. Answers its id. */
export async function insertCuentaInterna(
  tx: DbOrTx,
  c: { email: string; passwordHash: string; nombre: string; tipoUser: TipoInterno },
): Promise<string> {
  const [created] = await tx
    .insert(users)
    .values({ ...c, name: c.nombre, verificado: true })
    .returning({ id: users.id });
  return created.id;
}

/**
 * An existing account made (or kept) a staff account with a new one-time password: its older sessions end. `tipoUser`
 * and `verificado` are written when given, the names when `nombre` is.
 */
export async function renewCuentaInterna(
  tx: DbOrTx,
  id: string,
  c: { passwordHash: string; nombre?: string; tipoUser?: TipoInterno; verificado?: true },
  now: Date,
): Promise<void> {
  await tx
    .update(users)
    .set({
      ...(c.tipoUser ? { tipoUser: c.tipoUser } : {}),
      passwordHash: c.passwordHash,
      ...(c.verificado ? { verificado: true } : {}),
      ...(c.nombre ? { nombre: c.nombre, name: c.nombre } : {}),
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: now,
    })
    .where(eq(users.id, id));
}

/** The operator suspends an account: every session ends (token version) and sign-in answers with `motivo`. */
export async function suspendCuenta(tx: DbOrTx, id: string, motivo: string, now: Date): Promise<void> {
  await tx
    .update(users)
    .set({ suspendidaAt: now, motivoSuspension: motivo, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: now })
    .where(eq(users.id, id));
}

/** The operator lifts a suspension. */
export async function reactivateCuenta(tx: DbOrTx, id: string, now: Date): Promise<void> {
  await tx.update(users).set({ suspendidaAt: null, motivoSuspension: null, updatedAt: now }).where(eq(users.id, id));
}

/** The operator verifies a producer (`at`, the approval's time) or withdraws the verification (null). */
export async function setProductorVerificado(tx: DbOrTx, id: string, at: Date | null, now: Date): Promise<void> {
  await tx.update(users).set({ productorVerificadoAt: at, updatedAt: now }).where(eq(users.id, id));
}
