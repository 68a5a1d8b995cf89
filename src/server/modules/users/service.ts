import { eq } from 'drizzle-orm';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  InformacionComercial,
  UpdateMeInput,
} from '../../../contract/auth';
import { readPreferencias, type PreferenciasNotificacion } from '../../../contract/notificaciones';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { users } from '../../db/schema/users';
import type { UserRow } from '../../auth/guards';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { HttpError, badRequest, conflict } from '../../errors';
import { verifyGoogleCredential, assertStrongPassword, storePassword } from '../auth';

/** The account's own names (usuario/Cuenta). */
export async function updateMe(db: Db, userId: string, input: UpdateMeInput): Promise<UserRow> {
  const [updated] = await db
    .update(users)
    .set({ nombre: input.nombre, apellido: input.apellido, name: input.name ?? '', updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return updated;
}

/**
 * Changes the password after checking the current one; every other session is revoked (the version goes up) and
 * the owner is told in the bell. The write is conditional on the hash that was verified still being the stored
 * one: of several changes sent at once with the same current password exactly one takes effect, and the others
 * are refused with 409 instead of answering success for a password that is not the one stored.
 */
export async function changePassword(db: Db, user: UserRow, input: ChangePasswordInput): Promise<UserRow> {
  const verifiedHash = user.passwordHash;
  if (!verifiedHash) {
    throw badRequest('PASSWORD_NOT_SET', undefined, {
      passwordActual: 'Tu cuenta inicia sesión con Google y no tiene contraseña.',
    });
  }
  // 400 (not 401): a mistyped current password must not end the session in the browser.
  if (!(await verifyPassword(verifiedHash, input.passwordActual))) {
    throw badRequest('PASSWORD_INCORRECT', undefined, { passwordActual: 'La contraseña actual no es correcta.' });
  }
  assertStrongPassword(input.passwordNueva, user.email, 'passwordNueva');
  const passwordHash = await hashPassword(input.passwordNueva);
  return db.transaction(async (tx) => {
    const row = await storePassword(tx, user.id, passwordHash, 'desde tu cuenta', { whileHash: verifiedHash });
    if (!row) throw conflict('PASSWORD_CHANGED_MEANWHILE');
    return row;
  });
}

/**
 * Deleting the account asks for the identity again: the password, or a fresh Google credential for an account
 * that signs in with Google. A failure is 403, not 401: the session stays valid, only this confirmation failed.
 */
export async function confirmIdentity(
  google: AppConfig['google'],
  user: UserRow,
  input: DeleteAccountInput,
): Promise<void> {
  let confirmed = false;
  if (input.password && user.passwordHash) confirmed = await verifyPassword(user.passwordHash, input.password);
  else if (input.credential && user.googleSub) {
    const identity = await verifyGoogleCredential(google, input.credential);
    confirmed = identity?.sub === user.googleSub;
  }
  if (!confirmed) {
    throw new HttpError(
      403,
      'REAUTH_FAILED',
      undefined,
      input.password ? { password: 'La contraseña no es correcta.' } : undefined,
    );
  }
}

/**
 * Any subset of the e-mail preferences; the rest keep their value. In-app notifications are always on: these
 * switches decide the e-mail of each kind (security notices cannot be switched off) and the newsletter.
 */
export async function saveNotificaciones(
  db: Db,
  user: UserRow,
  patch: Partial<PreferenciasNotificacion>,
): Promise<PreferenciasNotificacion> {
  const notificaciones = { ...readPreferencias(user.notificaciones), ...patch };
  await db.update(users).set({ notificaciones, updatedAt: new Date() }).where(eq(users.id, user.id));
  return notificaciones;
}

/** The billing data orders will use (usuario/Información comercial). */
export async function saveInformacionComercial(
  db: Db,
  userId: string,
  informacionComercial: InformacionComercial,
): Promise<InformacionComercial> {
  await db.update(users).set({ informacionComercial, updatedAt: new Date() }).where(eq(users.id, userId));
  return informacionComercial;
}
