import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EmailSchema } from '../../../contract/auth';
import { hashPassword } from '../../auth/passwords';
import type { DbOrTx } from '../../db/client';
import { users } from '../../db/schema/users';
import { insertCuentaInterna, renewCuentaInterna } from '../users';

export class CuentaLaboratorioError extends Error {}

export interface CuentaLaboratorio {
  id: string;
  email: string;
  /** 'creada': a new account; 'promovida': an account without a profile became the lab's; 'renovada': already the lab's. */
  resultado: 'creada' | 'promovida' | 'renovada';
  /** The one-time password to hand over; the person changes it in Mi cuenta. */
  password: string;
}

/** A password nobody typed: 18 random bytes, URL-safe (24 characters). */
const passwordDeUnSoloUso = () => randomBytes(18).toString('base64url');

/**
 * `npm run laboratorio -- crear <email> [--nombre …]` (TRADE.md "The quality lab", docs/decisions/022): lab accounts are
 * never registered. A new address gets a new LABORATORIO account; an existing account becomes the lab's only if
 * it has no producer or buyer profile (a lab must never inherit a trader's lots, samples or dashboard); an
 * existing lab account gets a new password. Every case signs out the account's older sessions.
 */
export async function createCuentaLaboratorio(
  db: DbOrTx,
  input: { email: string; nombre?: string },
): Promise<CuentaLaboratorio> {
  const parsed = EmailSchema.safeParse(input.email);
  if (!parsed.success) throw new CuentaLaboratorioError(`Correo no válido: ${input.email}`);
  const email = parsed.data;
  const nombre = input.nombre?.trim() || 'Laboratorio de Cereza';
  const password = passwordDeUnSoloUso();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update').limit(1);
    if (!existing) {
      const id = await insertCuentaInterna(tx, { email, passwordHash, nombre, tipoUser: 'LABORATORIO' });
      return { id, email, resultado: 'creada' as const, password };
    }
    if (existing.tipoUser !== 'LABORATORIO' && existing.perfilBase) {
      throw new CuentaLaboratorioError(
        `${email} es una cuenta de ${existing.tipoUser === 'PRODUCTOR' ? 'productor' : 'comprador'} con perfil: no puede pasar a ser del laboratorio. Usa otro correo.`,
      );
    }
    await renewCuentaInterna(
      tx,
      existing.id,
      { tipoUser: 'LABORATORIO', passwordHash, verificado: true, nombre: input.nombre?.trim() ? nombre : undefined },
      new Date(),
    );
    return {
      id: existing.id,
      email,
      resultado: existing.tipoUser === 'LABORATORIO' ? ('renovada' as const) : ('promovida' as const),
      password,
    };
  });
}
