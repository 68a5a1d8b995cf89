import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { requiresSecondFactor } from '../../../contract/roles';
import type { PasoSegundoFactor } from '../../../contract/segundo-factor';
import type { UserRow } from '../../auth/guards';
import type { TokenService } from '../../auth/tokens';
import { checkTotp, newRecoveryCodes, newTotpSecret, qrPath, recoveryHash, totpUri } from '../../auth/totp';
import type { Db } from '../../db/client';
import { codigosRecuperacion } from '../../db/schema/auth';
import { users } from '../../db/schema/users';
import { HttpError, conflict, forbidden, unauthorized } from '../../errors';
import { dataUserOf } from '../perfiles';
import { limitAttempt, releaseAttempt } from './login-limiter';
import type { Session } from './service';

/*
 * The second factor of lab and operator accounts (docs/decisions/045): after the password, a challenge; after the
 * challenge and a code, the session. A stolen password alone opens nothing.
 */

/**
 * Wrong codes per account in the limiter's sliding 15 minutes (a right one gives its place back): ten guesses at
 * a 6-digit code with one step of drift either side find it with a chance of 3 in 100,000.
 */
const CODE_ATTEMPTS = 10;

export interface Desafio {
  paso: PasoSegundoFactor;
  desafio: string;
}

/** A new session: with `mfa` only after the second factor passed (the guard refuses the rest for these accounts). */
export async function sessionFor(db: Db, tokens: TokenService, user: UserRow, mfa: boolean): Promise<Session> {
  if (user.suspendidaAt) throw forbidden('ACCOUNT_SUSPENDED');
  if (requiresSecondFactor(user.tipoUser) && !mfa) throw unauthorized('TOKEN_INVALID');
  const token = await tokens.sign(user.id, user.tokenVersion, undefined, { mfa });
  return { token, dataUser: await dataUserOf(db, user) };
}

export async function challengeFor(tokens: TokenService, user: UserRow): Promise<Desafio> {
  return {
    paso: user.totpAltaAt ? 'CODIGO' : 'ALTA',
    desafio: await tokens.signChallenge(user.id, user.tokenVersion),
  };
}

async function userOfChallenge(db: Db, tokens: TokenService, desafio: string): Promise<UserRow> {
  const claims = await tokens.verifyChallenge(desafio);
  if (!claims) throw unauthorized('SECOND_FACTOR_CHALLENGE_INVALID');
  const [user] = await db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  if (!user || user.tokenVersion !== claims.tv || !requiresSecondFactor(user.tipoUser)) {
    throw unauthorized('SECOND_FACTOR_CHALLENGE_INVALID');
  }
  if (user.suspendidaAt) throw forbidden('ACCOUNT_SUSPENDED');
  return user;
}

async function limitCodes(db: Db, userId: string): Promise<void> {
  const wait = await limitAttempt(db, 'segundo-factor', userId, CODE_ATTEMPTS);
  if (wait) throw new HttpError(429, 'TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(wait) });
}

/** Accepts the code's step only if it is later than the last one accepted (one row, one winner). */
async function acceptStep(db: Db, userId: string, step: number) {
  const accepted = await db
    .update(users)
    .set({ totpUltimoPaso: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpUltimoPaso), lt(users.totpUltimoPaso, step))))
    .returning();
  return accepted[0];
}

/** The first sign-in: a new secret, replaced by every call until a code confirms it. */
export async function startEnrolment(db: Db, tokens: TokenService, desafio: string) {
  const user = await userOfChallenge(db, tokens, desafio);
  if (user.totpAltaAt) throw conflict('SECOND_FACTOR_ALREADY_ENROLLED');
  const secreto = newTotpSecret();
  await db
    .update(users)
    .set({ totpSecreto: secreto, totpUltimoPaso: null })
    .where(and(eq(users.id, user.id), isNull(users.totpAltaAt)));
  const otpauth = totpUri(secreto, user.email);
  return { secreto, otpauth, qr: qrPath(otpauth) };
}

/** The enrolment's code: the second factor is on, the recovery codes are made (shown this once) and a session starts. */
export async function confirmEnrolment(
  db: Db,
  tokens: TokenService,
  input: { desafio: string; codigo: string },
  now: Date,
): Promise<Session & { codigosRecuperacion: string[] }> {
  const user = await userOfChallenge(db, tokens, input.desafio);
  if (user.totpAltaAt) throw conflict('SECOND_FACTOR_ALREADY_ENROLLED');
  await limitCodes(db, user.id);
  const step = user.totpSecreto ? checkTotp(user.totpSecreto, input.codigo.trim(), now.getTime()) : null;
  if (step === null) throw new HttpError(401, 'SECOND_FACTOR_CODE_INVALID');
  const codigos = newRecoveryCodes();
  const enrolled = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ totpUltimoPaso: step, totpAltaAt: now, updatedAt: now })
      .where(and(eq(users.id, user.id), isNull(users.totpAltaAt), eq(users.totpSecreto, user.totpSecreto!)))
      .returning();
    if (!row) return undefined;
    await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.userId, user.id));
    await tx.insert(codigosRecuperacion).values(codigos.map((c) => ({ userId: user.id, hash: recoveryHash(c) })));
    return row;
  });
  // Another tab enrolled meanwhile, or asked for a new secret: this code no longer confirms anything.
  if (!enrolled) throw new HttpError(401, 'SECOND_FACTOR_CODE_INVALID');
  await releaseAttempt(db, 'segundo-factor', user.id);
  return { ...(await sessionFor(db, tokens, enrolled, true)), codigosRecuperacion: codigos };
}

/** Every later sign-in: a code of the app (never one already used) or a recovery code (once). */
export async function verifySecondFactor(
  db: Db,
  tokens: TokenService,
  input: { desafio: string; codigo: string },
  now: Date,
): Promise<Session> {
  const user = await userOfChallenge(db, tokens, input.desafio);
  if (!user.totpAltaAt || !user.totpSecreto) throw unauthorized('SECOND_FACTOR_CHALLENGE_INVALID');
  await limitCodes(db, user.id);
  const codigo = input.codigo.trim();
  const step = checkTotp(user.totpSecreto, codigo, now.getTime());
  if (step !== null) {
    const accepted = await acceptStep(db, user.id, step);
    if (!accepted) throw new HttpError(401, 'SECOND_FACTOR_CODE_INVALID');
    await releaseAttempt(db, 'segundo-factor', user.id);
    return sessionFor(db, tokens, accepted, true);
  }
  const [used] = await db
    .update(codigosRecuperacion)
    .set({ usadoAt: now })
    .where(
      and(
        eq(codigosRecuperacion.userId, user.id),
        eq(codigosRecuperacion.hash, recoveryHash(codigo)),
        isNull(codigosRecuperacion.usadoAt),
      ),
    )
    .returning({ id: codigosRecuperacion.id });
  if (!used) throw new HttpError(401, 'SECOND_FACTOR_CODE_INVALID');
  await releaseAttempt(db, 'segundo-factor', user.id);
  return sessionFor(db, tokens, user, true);
}

/** How many recovery codes the account has left (its account page says so). */
export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codigosRecuperacion)
    .where(and(eq(codigosRecuperacion.userId, userId), isNull(codigosRecuperacion.usadoAt)));
  return row?.n ?? 0;
}

/**
 * `npm run operador -- reset-2fa <email>`: the account enrols a new second factor at its next sign-in; its
 * sessions end and its recovery codes are void.
 */
export async function resetSecondFactor(db: Db, userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        totpSecreto: null,
        totpAltaAt: null,
        totpUltimoPaso: null,
        tokenVersion: sql`${users.tokenVersion} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    await tx.delete(codigosRecuperacion).where(eq(codigosRecuperacion.userId, userId));
  });
}
