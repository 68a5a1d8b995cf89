import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { EmailSchema } from '../../../contract/auth';
import { requiresSecondFactor } from '../../../contract/roles';
import { hashPassword } from '../../auth/passwords';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import { resetSecondFactor } from '../auth';
import { insertCuentaInterna, renewCuentaInterna } from '../users';

export class CuentaOperadorError extends Error {}

export interface CuentaOperador {
  id: string;
  email: string;
  /** 'creada': a new account; 'renovada': already an operator's, with a new one-time password. */
  resultado: 'creada' | 'renovada';
  password: string;
}

const passwordDeUnSoloUso = () => randomBytes(18).toString('base64url');

function emailValido(email: string): string {
  const parsed = EmailSchema.safeParse(email);
  if (!parsed.success) throw new CuentaOperadorError(`Correo no válido: ${email}`);
  return parsed.data;
}

/**
 * `npm run operador -- crear <email> [--nombre …]` (docs/decisions/045): operator accounts are never registered and
 * are never a trader's or the lab's account turned into one (an operator must not inherit anybody's trade). A new
 * address gets a new OPERADOR account, an operator's address a new one-time password; both end older sessions.
 * The second factor is enrolled at the first sign-in.
 */
export async function createCuentaOperador(db: Db, input: { email: string; nombre?: string }): Promise<CuentaOperador> {
  const email = emailValido(input.email);
  const nombre = input.nombre?.trim() || 'Operador de Cereza';
  const password = passwordDeUnSoloUso();
  const passwordHash = await hashPassword(password);
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(users).where(eq(users.email, email)).for('update').limit(1);
    if (!existing) {
      const id = await insertCuentaInterna(tx, { email, passwordHash, nombre, tipoUser: 'OPERADOR' });
      return { id, email, resultado: 'creada' as const, password };
    }
    if (existing.tipoUser !== 'OPERADOR') {
      throw new CuentaOperadorError(
        `${email} ya es una cuenta de ${existing.tipoUser.toLowerCase()}: un operador necesita una cuenta propia. Usa otro correo.`,
      );
    }
    await renewCuentaInterna(
      tx,
      existing.id,
      { passwordHash, nombre: input.nombre?.trim() ? nombre : undefined },
      new Date(),
    );
    return { id: existing.id, email, resultado: 'renovada' as const, password };
  });
}

/**
 * `npm run operador -- reset-2fa <email>`: a lab or operator account that lost its phone and its recovery codes
 * enrols a new second factor at its next sign-in (its password still required); its sessions end.
 */
export async function resetSegundoFactor(db: Db, emailInput: string): Promise<{ email: string }> {
  const email = emailValido(emailInput);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user) throw new CuentaOperadorError(`No hay ninguna cuenta con el correo ${email}.`);
  if (!requiresSecondFactor(user.tipoUser)) {
    throw new CuentaOperadorError(`${email} no usa verificación en dos pasos (solo el laboratorio y los operadores).`);
  }
  await resetSecondFactor(db, user.id);
  return { email };
}
