import { and, eq, sql } from 'drizzle-orm';
import type { AppConfig } from '../../config';
import type { Db, DbOrTx } from '../../db/client';
import type { TokenService } from '../../auth/tokens';
import type { GoogleAuthInput, LoginInput, RegisterInput } from '../../../contract/auth';
import type { DataUser } from '../../../contract/users';
import { requiresSecondFactor, toRol } from '../../../contract/roles';
import { isUniqueViolation } from '../../db/errors';
import { users } from '../../db/schema/users';
import { HttpError, conflict, forbidden, notFound } from '../../errors';
import { burnPasswordCheck, hashPassword, verifyPassword } from '../../auth/passwords';
import type { UserRow } from '../../auth/guards';
import { assertStrongPassword } from './password-policy';
import { verifyGoogleCredential } from './google';
import { recordLoginSuccess, reserveLoginAttempt } from './login-limiter';
import { enqueueMail } from '../../mail/outbox';
import { notify } from '../notificaciones';
import { VERIFICATION_MAIL } from './mail-kinds';
import { challengeFor, sessionFor, type Desafio } from './segundo-factor';
import { PAGINAS, panel } from '../../../contract/paginas';

export { assertStrongPassword };

export interface Session {
  token: string;
  dataUser: DataUser;
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
 * A new token for the account, and the account as the API answers it. `mfa`: the caller already holds a session
 * that passed the second factor (a password change); a sign-in of an account that needs one goes through
 * `signInOrChallenge` instead.
 */
export async function startSession(db: Db, tokens: TokenService, user: UserRow, mfa = false): Promise<Session> {
  return sessionFor(db, tokens, user, mfa);
}

/** A right password: the session, or for lab and operator accounts the second factor's challenge (decision 045). */
export async function signInOrChallenge(
  db: Db,
  tokens: TokenService,
  user: UserRow,
): Promise<Session | { segundoFactor: Desafio }> {
  if (user.suspendidaAt) throw forbidden('ACCOUNT_SUSPENDED');
  if (requiresSecondFactor(user.tipoUser)) return { segundoFactor: await challengeFor(tokens, user) };
  return startSession(db, tokens, user);
}

async function findByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function registerUser(db: Db, tokens: TokenService, input: RegisterInput): Promise<Session> {
  assertStrongPassword(input.password, input.email);
  if (await findByEmail(db, input.email)) throw conflict('EMAIL_TAKEN');
  const passwordHash = await hashPassword(input.password);
  try {
    const user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: input.email,
          passwordHash,
          nombre: input.nombre,
          apellido: input.apellido,
          tipoUser: input.tipoUser,
        })
        .returning();
      // The link that verifies the address, and a welcome in the bell.
      await enqueueMail(tx, { userId: created.id, tipo: VERIFICATION_MAIL });
      await notify(tx, {
        userId: created.id,
        tipo: 'BIENVENIDA',
        nombre: created.nombre,
        enlace: panel(toRol(created.tipoUser)),
      });
      return created;
    });
    return startSession(db, tokens, user);
  } catch (err) {
    // Two registrations racing for the same e-mail: the unique index decides.
    if (isUniqueViolation(err)) throw conflict('EMAIL_TAKEN');
    throw err;
  }
}

/**
 * Unknown e-mail and wrong password answer the same 401 after the same amount of hashing work; repeated
 * failures are limited by login-limiter (429 with Retry-After).
 */
export async function loginUser(
  db: Db,
  tokens: TokenService,
  input: LoginInput,
  ip: string,
): Promise<Session | { segundoFactor: Desafio }> {
  // Reserved before the password is checked, so parallel guesses cannot all slip under the limit.
  const attempt = await reserveLoginAttempt(db, input.email, ip);
  if (typeof attempt === 'number') {
    throw new HttpError(429, 'TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(attempt) });
  }
  const user = await findByEmail(db, input.email);
  const ok = user?.passwordHash
    ? await verifyPassword(user.passwordHash, input.password)
    : await burnPasswordCheck(input.password);
  // A failure needs no record: the reservation already counts it.
  if (!user || !ok) throw new HttpError(401, 'INVALID_CREDENTIALS');
  await recordLoginSuccess(db, attempt);
  return signInOrChallenge(db, tokens, user);
}

export type GoogleResult = { userExists: false } | ({ userExists: true; created: boolean } & Session);

/**
 * Google sign-in and registration in one call (docs/product.md §7). The account is found by Google's `sub`; an
 * existing password account with the same e-mail is linked only when its e-mail is verified, otherwise a
 * stranger who controls that Google address could take over an account they never proved they own.
 */
export async function googleAuth(
  db: Db,
  tokens: TokenService,
  google: AppConfig['google'],
  input: GoogleAuthInput,
): Promise<GoogleResult> {
  if (!google.clientId) throw notFound('GOOGLE_DISABLED');
  const identity = await verifyGoogleCredential(google, input.credential);
  if (!identity) throw new HttpError(401, 'GOOGLE_LOGIN_ERROR');

  const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub)).limit(1);
  if (bySub && requiresSecondFactor(bySub.tipoUser)) throw forbidden('SECOND_FACTOR_GOOGLE');
  if (bySub) return { userExists: true, created: false, ...(await startSession(db, tokens, bySub)) };

  const byEmail = await findByEmail(db, identity.email);
  if (byEmail) {
    if (requiresSecondFactor(byEmail.tipoUser)) throw forbidden('SECOND_FACTOR_GOOGLE');
    if (byEmail.googleSub) throw conflict('GOOGLE_ACCOUNT_CONFLICT');
    if (!byEmail.verificado) throw conflict('GOOGLE_EMAIL_NOT_VERIFIED');
    const linked = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ googleSub: identity.sub, image: byEmail.image ?? identity.image, updatedAt: new Date() })
        .where(eq(users.id, byEmail.id))
        .returning();
      // A security notice: whoever holds that Google account can now sign in.
      await notify(tx, {
        userId: row.id,
        tipo: 'GOOGLE_VINCULADA',
        email: identity.email,
        enlace: PAGINAS.cuenta.usuario(toRol(row.tipoUser)),
      });
      return row;
    });
    return { userExists: true, created: false, ...(await startSession(db, tokens, linked)) };
  }

  if (!input.tipoUser) return { userExists: false };

  let user: UserRow;
  try {
    user = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: identity.email,
          googleSub: identity.sub,
          nombre: identity.nombre,
          apellido: identity.apellido,
          name: identity.name,
          image: identity.image,
          tipoUser: input.tipoUser!,
          // Google vouches for the address (email_verified was checked).
          verificado: true,
        })
        .returning();
      await notify(tx, {
        userId: created.id,
        tipo: 'BIENVENIDA',
        nombre: created.nombre || created.name,
        enlace: panel(toRol(created.tipoUser)),
      });
      return created;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('EMAIL_TAKEN');
    // docs/product.md §8's code for a Google registration that failed on our side (logged by the error handler).
    throw new HttpError(500, 'GOOGLE_REGISTRATION_ERROR');
  }
  return { userExists: true, created: true, ...(await startSession(db, tokens, user)) };
}

/** Bumping the version revokes every token issued before (logout everywhere, password change, deletion). */
export async function revokeTokens(db: Db, userId: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}
