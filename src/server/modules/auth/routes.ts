import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AUTH_MESSAGES,
  GoogleAuthSchema,
  LoginSchema,
  PasswordRecoverySchema,
  RegisterSchema,
  PasswordResetSchema,
  EmailVerificationSchema,
} from '../../../contract/auth';
import {
  EmailVerifiedResponseSchema,
  GoogleResponseSchema,
  JwtValidateResponseSchema,
  MessageResponseSchema,
  SessionMessageResponseSchema,
  SessionResponseSchema,
} from '../../../contract/users';
import {
  AltaSegundoFactorResponseSchema,
  CodigoSegundoFactorSchema,
  ConfirmarSegundoFactorResponseSchema,
  DesafioSchema,
  LoginResponseSchema,
  RestablecerResponseSchema,
} from '../../../contract/segundo-factor';
import { AUTH_API } from '../../../contract/auth-endpoints';
import { requireUser, signedInUser } from '../../auth/guards';
import { route } from '../../lib/route';
import { confirmEnrolment, startEnrolment, verifySecondFactor } from './segundo-factor';
import { HttpError } from '../../errors';
import { limitAttempt } from './login-limiter';
import { dataUserOf } from '../perfiles';
import { googleAuth, loginUser, registerUser, revokeTokens } from './service';
import {
  registerAccountMails,
  requestPasswordReset,
  resendVerification,
  resetPassword,
  verifyEmail,
} from './account-mail';

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  registerAccountMails(app);
  const signedIn = { onRequest: requireUser };

  route(
    app,
    AUTH_API.registro,
    { schema: { body: RegisterSchema, response: { 201: SessionMessageResponseSchema } } },
    async (request, reply) => {
      const wait = await limitAttempt(app.db, 'registro', request.ip, app.config.registrationLimit);
      if (wait) throw new HttpError(429, 'TOO_MANY_REQUESTS', undefined, undefined, { 'retry-after': String(wait) });
      const session = await registerUser(app.db, app.tokens, request.body);
      return reply.status(201).send({ success: true, ...session, message: AUTH_MESSAGES.USER_CREATED });
    },
  );

  route(
    app,
    AUTH_API.login,
    { schema: { body: LoginSchema, response: { 200: LoginResponseSchema } } },
    async (request) => {
      const session = await loginUser(app.db, app.tokens, request.body, request.ip);
      return { success: true as const, ...session };
    },
  );

  // The second factor of lab and operator accounts (docs/decisions/045): each call proves the password's challenge.
  const codeLimit = { config: { rateLimit: { max: 30, timeWindow: '1 minute' } } };
  route(
    app,
    AUTH_API.segundoFactorAlta,
    { ...codeLimit, schema: { body: DesafioSchema, response: { 200: AltaSegundoFactorResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await startEnrolment(app.db, app.tokens, request.body.desafio)),
    }),
  );

  route(
    app,
    AUTH_API.segundoFactorConfirmar,
    {
      ...codeLimit,
      schema: { body: CodigoSegundoFactorSchema, response: { 200: ConfirmarSegundoFactorResponseSchema } },
    },
    async (request) => ({
      success: true as const,
      ...(await confirmEnrolment(app.db, app.tokens, request.body, app.clock.now())),
      message: AUTH_MESSAGES.SECOND_FACTOR_ENROLLED,
    }),
  );

  route(
    app,
    AUTH_API.segundoFactor,
    { ...codeLimit, schema: { body: CodigoSegundoFactorSchema, response: { 200: SessionResponseSchema } } },
    async (request) => ({
      success: true as const,
      ...(await verifySecondFactor(app.db, app.tokens, request.body, app.clock.now())),
    }),
  );

  route(
    app,
    AUTH_API.google,
    {
      // Each call costs a signature check and possibly a key fetch: a plain per-address cap is enough here.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: { body: GoogleAuthSchema, response: { 200: GoogleResponseSchema, 201: GoogleResponseSchema } },
    },
    async (request, reply) => {
      const result = await googleAuth(app.db, app.tokens, app.config.google, request.body);
      if (!result.userExists) return { success: true as const, userExists: false as const };
      const { created, token, dataUser } = result;
      if (created) {
        return reply
          .status(201)
          .send({ success: true, userExists: true, token, dataUser, message: AUTH_MESSAGES.USER_CREATED });
      }
      return { success: true as const, userExists: true as const, token, dataUser };
    },
  );

  route(
    app,
    AUTH_API.jwtValidate,
    { ...signedIn, schema: { response: { 200: JwtValidateResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      // The user's id beside dataUser (docs/product.md, "Sesiones").
      return {
        success: true as const,
        valid: true as const,
        userId: user.id,
        dataUser: await dataUserOf(app.db, user),
      };
    },
  );

  route(
    app,
    AUTH_API.logout,
    { ...signedIn, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => {
      await revokeTokens(app.db, signedInUser(request).id);
      // A renewal computed before the bump would carry the old version: do not hand it out.
      request.refreshedToken = undefined;
      return { success: true as const, message: AUTH_MESSAGES.LOGGED_OUT };
    },
  );

  // Password reset (docs/decisions/013): the same answer whether or not the address has an account.
  route(
    app,
    AUTH_API.recuperar,
    { schema: { body: PasswordRecoverySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await requestPasswordReset(app.db, app.clock.now(), request.body.email, request.ip);
      return { success: true as const, message: AUTH_MESSAGES.RESET_REQUESTED };
    },
  );

  route(
    app,
    AUTH_API.restablecer,
    {
      schema: {
        body: PasswordResetSchema,
        response: { 200: RestablecerResponseSchema },
      },
    },
    async (request) => {
      const session = await resetPassword(app.db, app.tokens, app.clock.now(), request.body);
      return { success: true as const, ...session, message: AUTH_MESSAGES.PASSWORD_RESET };
    },
  );

  route(
    app,
    AUTH_API.verificar,
    { schema: { body: EmailVerificationSchema, response: { 200: EmailVerifiedResponseSchema } } },
    async (request) => {
      const result = await verifyEmail(app.db, app.clock.now(), request.body.token);
      return {
        success: true as const,
        verificado: true as const,
        message: result === 'VERIFICADO' ? AUTH_MESSAGES.EMAIL_VERIFIED : AUTH_MESSAGES.EMAIL_ALREADY_VERIFIED,
      };
    },
  );

  route(
    app,
    AUTH_API.verificarReenviar,
    { ...signedIn, schema: { response: { 200: MessageResponseSchema } } },
    async (request) => {
      await resendVerification(app.db, app.clock.now(), signedInUser(request));
      return { success: true as const, message: AUTH_MESSAGES.VERIFICATION_SENT };
    },
  );
};
