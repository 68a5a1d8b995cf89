import { and, eq, sql } from 'drizzle-orm';
import type {
  ChangePasswordInput,
  DeleteAccountInput,
  InformacionComercial,
  UpdateMeInput,
} from '../../../contract/auth';
import { faltantesInformacionComercial } from '../../../contract/auth';
import { readPreferencias, type PreferenciasNotificacion } from '../../../contract/notificaciones';
import type { DataUser } from '../../../contract/users';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema';
import type { UserRow } from '../../auth/guards';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { HttpError, badRequest, conflict } from '../../errors';
import { verifyGoogleCredential } from '../auth/google';
import { assertStrongPassword } from '../auth/password-policy';
import { notify } from '../notificaciones/notify';
import { toCompradorPerfil, toProductorPerfil } from '../perfiles/service';

/** The role's profile as the API answers it, or null before it is created. */
async function loadPerfil(db: Db, user: Pick<UserRow, 'id' | 'tipoUser'>) {
  if (user.tipoUser === 'LABORATORIO' || user.tipoUser === 'OPERADOR') return { tipoUser: user.tipoUser, perfil: null };
  if (user.tipoUser === 'PRODUCTOR') {
    const [row] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, user.id)).limit(1);
    return { tipoUser: user.tipoUser, perfil: row ? toProductorPerfil(row) : null };
  }
  const [row] = await db.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, user.id)).limit(1);
  return { tipoUser: user.tipoUser, perfil: row ? toCompradorPerfil(row) : null };
}

/**
 * dataUser: the only shape in which a user leaves the server. Built field by field (never by spreading the
 * row) so that the password hash, Google subject and token version can never leak.
 */
function toDataUser(user: UserRow, rolePerfil: Awaited<ReturnType<typeof loadPerfil>>): DataUser {
  return {
    ...rolePerfil,
    id: user.id,
    email: user.email,
    nombre: user.nombre,
    apellido: user.apellido,
    name: user.name,
    image: user.image,
    verificado: user.verificado,
    perfilBase: user.perfilBase,
    perfilCompleto: user.perfilCompleto,
    createdAt: user.createdAt.toISOString(),
    tienePassword: !!user.passwordHash,
    conGoogle: !!user.googleSub,
    faltaInformacionComercial: faltantesInformacionComercial(user.informacionComercial),
  };
}

export async function dataUserOf(db: Db, user: UserRow): Promise<DataUser> {
  return toDataUser(user, await loadPerfil(db, user));
}

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
 * Stores a new password hash in the caller's transaction (change and reset alike): every session is revoked (the
 * version goes up) and the owner is told in the bell how it changed. With `whileHash`, only while that is still
 * the stored hash; undefined when it is not (nothing written).
 */
export async function storePassword(
  tx: DbOrTx,
  userId: string,
  passwordHash: string,
  como: string,
  opts: { whileHash?: string; verificado?: true; now?: Date } = {},
): Promise<UserRow | undefined> {
  const [row] = await tx
    .update(users)
    .set({
      passwordHash,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: opts.now ?? new Date(),
      ...(opts.verificado ? { verificado: true } : {}),
    })
    .where(opts.whileHash ? and(eq(users.id, userId), eq(users.passwordHash, opts.whileHash)) : eq(users.id, userId))
    .returning();
  if (row) await notify(tx, { userId, tipo: 'CONTRASENA_CAMBIADA', como, enlace: '/Auth/Recuperar' });
  return row;
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
