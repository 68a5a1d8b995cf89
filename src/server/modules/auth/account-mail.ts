import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { EMAIL_LINK_LIFETIMES, type PasswordResetInput } from '../../../contract/auth';
import { displayName } from '../../../contract/roles';
import { DAY, HOUR } from '../../clock';
import type { Db } from '../../db/client';
import { tokensCuenta, type TipoTokenCuenta } from '../../db/schema/tokens-cuenta';
import { users } from '../../db/schema/users';
import { HttpError, badRequest, conflict } from '../../errors';
import { hashPassword } from '../../auth/passwords';
import type { UserRow } from '../../auth/guards';
import type { TokenService } from '../../auth/tokens';
import { enqueueMail } from '../../mail/outbox';
import { storePassword } from './service';
import { limitAttempt } from './login-limiter';
import { GOOGLE_RESET_MAIL, RESET_MAIL, VERIFICATION_MAIL } from './mail-kinds';
import { assertStrongPassword, signInOrChallenge, type Session } from './service';
import type { Desafio } from './segundo-factor';

/**
 * Password reset and e-mail verification (issue 9; docs/decisions/013-recuperar-y-verificar.md). The links carry
 * a random token; only its SHA-256 is stored, and the token is created when the mail is rendered for sending, so
 * it never waits in a table in clear.
 */

export const RESET_TTL_MS = EMAIL_LINK_LIFETIMES.resetHours * HOUR;
export const VERIFY_TTL_MS = EMAIL_LINK_LIFETIMES.verifyDays * DAY;

/**
 * Per 15-minute sliding window (the sign-in limiter's table and arithmetic). Reset requests are refused (429) per
 * client address, and per address asked for from one client; mails to one address are capped whoever asks, but
 * past that cap the request is answered as usual and sends nothing (the inbox already holds fresh links). A
 * stranger asking from many addresses thus cannot make the owner's own request fail (issue 26: three requests
 * from other addresses locked the owner out for 380 s).
 */
export const ACCOUNT_MAIL_LIMITS = {
  resetPerEmail: 3,
  resetPerClient: 20,
  resetMailsPerEmail: 5,
  verifyResendPerUser: 3,
} as const;

export const hashEmailToken = (token: string) => createHash('sha256').update(token).digest('base64url');

async function issueToken(db: Db, userId: string, tipo: TipoTokenCuenta, ttlMs: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .insert(tokensCuenta)
    .values({ userId, tipo, hash: hashEmailToken(token), expiraAt: new Date(now.getTime() + ttlMs) });
  return token;
}

const tooMany = (seconds: number) =>
  new HttpError(429, 'TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(seconds) });

/** The account mails' renderers (registered by the auth routes). */
export function registerAccountMails(app: FastifyInstance) {
  app.outbox.register(RESET_MAIL, async ({ db, user, publicUrl, now }) => {
    const token = await issueToken(db, user.id, 'RESTABLECER', RESET_TTL_MS, now);
    return {
      subject: 'Restablece tu contraseña de Cereza',
      greeting: `Hola, ${displayName(user)}:`,
      paragraphs: [
        'Hemos recibido una petición para restablecer la contraseña de tu cuenta de Cereza.',
        'Pulsa el botón para elegir una contraseña nueva. Al hacerlo se cerrarán todas las sesiones abiertas de tu cuenta.',
      ],
      action: { label: 'Elegir una contraseña nueva', url: `${publicUrl}/Auth/Restablecer?token=${token}` },
      note: 'El enlace caduca en una hora y solo sirve una vez. Si no lo has pedido tú, ignora este correo: tu contraseña no cambia.',
    };
  });

  app.outbox.register(GOOGLE_RESET_MAIL, async ({ user, publicUrl }) => ({
    subject: 'Tu cuenta de Cereza entra con Google',
    greeting: `Hola, ${displayName(user)}:`,
    paragraphs: [
      'Hemos recibido una petición para restablecer la contraseña de tu cuenta de Cereza, pero tu cuenta no tiene contraseña: entras con tu cuenta de Google.',
      'Para entrar, pulsa «Continuar con Google» en la página de inicio de sesión y elige la cuenta de Google con este mismo correo.',
    ],
    action: { label: 'Ir a iniciar sesión', url: `${publicUrl}/Auth/Login` },
    note: 'Si no lo has pedido tú, ignora este correo.',
  }));

  app.outbox.register(VERIFICATION_MAIL, async ({ db, user, publicUrl, now }) => {
    if (user.verificado) return null;
    const token = await issueToken(db, user.id, 'VERIFICAR', VERIFY_TTL_MS, now);
    return {
      subject: 'Confirma tu correo electrónico en Cereza',
      greeting: `Hola, ${displayName(user)}:`,
      paragraphs: [
        'Gracias por registrarte en Cereza.',
        'Confirma que este correo es tuyo: así te llegarán los avisos de tus muestras y pedidos, y podrás vincular tu cuenta de Google.',
      ],
      action: { label: 'Confirmar mi correo', url: `${publicUrl}/Auth/Verificar?token=${token}` },
      note: `El enlace caduca en ${EMAIL_LINK_LIFETIMES.verifyDays} días. Si no te has registrado en Cereza, ignora este correo.`,
    };
  });
}

/**
 * "¿Olvidaste tu contraseña?". The caller gets the same answer whether or not the address has an account; the
 * mail itself goes out after the answer, from the outbox, so the answer takes about as long either way.
 */
export async function requestPasswordReset(db: Db, now: Date, email: string, ip: string): Promise<void> {
  const at = now.getTime();
  const byClient = await limitAttempt(db, 'reset-ip', ip, ACCOUNT_MAIL_LIMITS.resetPerClient, at);
  if (byClient) throw tooMany(byClient);
  const byPair = await limitAttempt(db, 'reset-email-ip', `${email}\n${ip}`, ACCOUNT_MAIL_LIMITS.resetPerEmail, at);
  if (byPair) throw tooMany(byPair);
  // Counted for unknown addresses too, so that the work (and the time) is the same either way.
  const mailsFull = await limitAttempt(db, 'reset-email', email, ACCOUNT_MAIL_LIMITS.resetMailsPerEmail, at);
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  if (!user || mailsFull) return;
  const tipo = user.passwordHash || !user.googleSub ? RESET_MAIL : GOOGLE_RESET_MAIL;
  await db.transaction((tx) => enqueueMail(tx, { userId: user.id, tipo }));
}

type TokenRow = { token: typeof tokensCuenta.$inferSelect; user: UserRow };

async function findToken(db: Db, token: string, tipo: TipoTokenCuenta): Promise<TokenRow | undefined> {
  const [row] = await db
    .select({ token: tokensCuenta, user: users })
    .from(tokensCuenta)
    .innerJoin(users, eq(users.id, tokensCuenta.userId))
    .where(and(eq(tokensCuenta.hash, hashEmailToken(token)), eq(tokensCuenta.tipo, tipo)))
    .limit(1);
  return row;
}

/**
 * Sets the new password from a reset link: single use (a guarded update consumes it), every other reset link of
 * the account dies with it, every session is revoked, and the answer is a fresh sign-in. Following the link
 * also proves the address, so the account becomes verified.
 */
export async function resetPassword(
  db: Db,
  tokens: TokenService,
  now: Date,
  input: PasswordResetInput,
): Promise<Session | { segundoFactor: Desafio }> {
  const found = await findToken(db, input.token, 'RESTABLECER');
  if (!found || found.token.usadoAt) throw badRequest('RESET_TOKEN_INVALID');
  if (found.token.expiraAt <= now) throw badRequest('RESET_TOKEN_EXPIRED');
  assertStrongPassword(input.password, found.user.email);
  const passwordHash = await hashPassword(input.password);
  const user = await db.transaction(async (tx) => {
    const used = await tx
      .update(tokensCuenta)
      .set({ usadoAt: now })
      .where(and(eq(tokensCuenta.id, found.token.id), isNull(tokensCuenta.usadoAt), gt(tokensCuenta.expiraAt, now)))
      .returning({ id: tokensCuenta.id });
    if (!used.length) throw badRequest('RESET_TOKEN_INVALID');
    await tx
      .update(tokensCuenta)
      .set({ usadoAt: now })
      .where(
        and(eq(tokensCuenta.userId, found.user.id), eq(tokensCuenta.tipo, 'RESTABLECER'), isNull(tokensCuenta.usadoAt)),
      );
    // Following the link also proves the address.
    const updated = await storePassword(tx, found.user.id, passwordHash, 'con un enlace de recuperación', {
      verificado: true,
      now,
    });
    // The account was deleted since the link was found: the link no longer names anyone.
    if (!updated) throw badRequest('RESET_TOKEN_INVALID');
    return updated;
  });
  // A lab or operator account still needs its second factor: the new password alone opens nothing.
  return signInOrChallenge(db, tokens, user);
}

/** Follows a verification link. A link used before, on an account already verified, is not an error. */
export async function verifyEmail(db: Db, now: Date, token: string): Promise<'VERIFICADO' | 'YA_VERIFICADO'> {
  const found = await findToken(db, token, 'VERIFICAR');
  if (!found) throw badRequest('VERIFY_TOKEN_INVALID');
  if (found.token.usadoAt || found.token.expiraAt <= now) {
    if (found.user.verificado) return 'YA_VERIFICADO';
    throw badRequest(found.token.usadoAt ? 'VERIFY_TOKEN_INVALID' : 'VERIFY_TOKEN_EXPIRED');
  }
  const was = found.user.verificado;
  await db.transaction(async (tx) => {
    const used = await tx
      .update(tokensCuenta)
      .set({ usadoAt: now })
      .where(and(eq(tokensCuenta.id, found.token.id), isNull(tokensCuenta.usadoAt)))
      .returning({ id: tokensCuenta.id });
    if (!used.length) return;
    await tx.update(users).set({ verificado: true, updatedAt: now }).where(eq(users.id, found.user.id));
  });
  return was ? 'YA_VERIFICADO' : 'VERIFICADO';
}

/** "Reenviar" from the account page or the dashboard banner; limited per account. */
export async function resendVerification(db: Db, now: Date, user: UserRow): Promise<void> {
  if (user.verificado) throw conflict('ALREADY_VERIFIED');
  const wait = await limitAttempt(db, 'verify-resend', user.id, ACCOUNT_MAIL_LIMITS.verifyResendPerUser, now.getTime());
  if (wait) throw tooMany(wait);
  await db.transaction((tx) => enqueueMail(tx, { userId: user.id, tipo: VERIFICATION_MAIL }));
}
