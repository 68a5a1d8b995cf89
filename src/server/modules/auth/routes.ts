import type { FastifyPluginAsync } from 'fastify';
import {
  AUTH_MESSAGES,
  GoogleAuthSchema,
  LoginSchema,
  PasswordRecoverySchema,
  RegisterSchema,
  PasswordResetSchema,
  EmailVerificationSchema,
} from '../../../contract/auth';
import { requireUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import { parseOr400 } from '../../validation';
import { limitAttempt } from './login-limiter';
import { dataUserOf } from '../users/service';
import { googleAuth, loginUser, registerUser, revokeTokens } from './service';
import {
  registerAccountMails,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account-mail';

export const authRoutes: FastifyPluginAsync = async (app) => {
  registerAccountMails(app);

  app.post('/auth/register', async (request, reply) => {
    const input = parseOr400(RegisterSchema, request.body);
    const wait = await limitAttempt(app.db, 'registro', request.ip, app.config.registrationLimit);
    if (wait) throw new HttpError(429, 'TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(wait) });
    const session = await registerUser(app, input);
    return reply.status(201).send({ success: true, ...session, message: AUTH_MESSAGES.USER_CREATED });
  });

  app.post('/auth/login', async (request) => {
    const input = parseOr400(LoginSchema, request.body);
    const session = await loginUser(app, input, request.ip);
    return { success: true, ...session };
  });

  app.post(
    '/auth/google',
    // Each call costs a signature check and possibly a key fetch: a plain per-address cap is enough here.
    { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const input = parseOr400(GoogleAuthSchema, request.body);
      const result = await googleAuth(app, input);
      if (!result.userExists) return { success: true, userExists: false };
      const { created, token, dataUser } = result;
      if (created) {
        return reply
          .status(201)
          .send({ success: true, userExists: true, token, dataUser, message: AUTH_MESSAGES.USER_CREATED });
      }
      return { success: true, userExists: true, token, dataUser };
    },
  );

  app.post('/auth/jwt-validate', async (request) => {
    const user = await requireUser(request);
    // Spec §7: the user's id beside dataUser.
    return { success: true, valid: true, userId: user.id, dataUser: await dataUserOf(app.db, user) };
  });

  app.post('/auth/logout', async (request) => {
    const user = await requireUser(request);
    await revokeTokens(app, user.id);
    // A renewal computed before the bump would carry the old version: do not hand it out.
    request.refreshedToken = undefined;
    return { success: true, message: AUTH_MESSAGES.LOGGED_OUT };
  });

  // Password reset (docs/decisions/013): the same answer whether or not the address has an account.
  app.post('/auth/recuperar', async (request) => {
    const { email } = parseOr400(PasswordRecoverySchema, request.body);
    await requestPasswordReset(app, email, request.ip);
    return { success: true, message: AUTH_MESSAGES.RESET_REQUESTED };
  });

  app.post('/auth/restablecer', async (request) => {
    const input = parseOr400(PasswordResetSchema, request.body);
    const session = await resetPassword(app, input);
    return { success: true, ...session, message: AUTH_MESSAGES.PASSWORD_RESET };
  });

  app.post('/auth/verificar', async (request) => {
    const { token } = parseOr400(EmailVerificationSchema, request.body);
    const result = await verifyEmail(app, token);
    return {
      success: true,
      verificado: true,
      message: result === 'VERIFICADO' ? AUTH_MESSAGES.EMAIL_VERIFIED : AUTH_MESSAGES.EMAIL_ALREADY_VERIFIED,
    };
  });

  app.post('/auth/verificar/reenviar', async (request) => {
    const user = await requireUser(request);
    await resendVerification(app, user);
    return { success: true, message: AUTH_MESSAGES.VERIFICATION_SENT };
  });
};
