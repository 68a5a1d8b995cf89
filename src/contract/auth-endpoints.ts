import type {
  EmailVerificationSchema,
  GoogleAuthSchema,
  LoginSchema,
  PasswordRecoverySchema,
  PasswordResetSchema,
  RegisterSchema,
} from './auth';
import { endpoint, shapes } from './endpoint';
import type {
  AltaSegundoFactorResponseSchema,
  CodigoSegundoFactorSchema,
  ConfirmarSegundoFactorResponseSchema,
  DesafioSchema,
  LoginResponseSchema,
  RestablecerResponseSchema,
} from './segundo-factor';
import type {
  EmailVerifiedResponseSchema,
  GoogleResponseSchema,
  JwtValidateResponseSchema,
  MessageResponseSchema,
  SessionMessageResponseSchema,
  SessionResponseSchema,
} from './users';

/**
 * Signing up and in, the second factor (docs/decisions/045), the session, and the mailed links (password reset,
 * address verification) (contract/endpoint.ts). The sign-in pages are public: types only at run time.
 */
export const AUTH_API = {
  registro: endpoint(
    'POST',
    '/api/auth/register',
    shapes<{ body: typeof RegisterSchema; answer: typeof SessionMessageResponseSchema }>(),
  ),
  login: endpoint(
    'POST',
    '/api/auth/login',
    shapes<{ body: typeof LoginSchema; answer: typeof LoginResponseSchema }>(),
  ),
  segundoFactorAlta: endpoint(
    'POST',
    '/api/auth/segundo-factor/alta',
    shapes<{ body: typeof DesafioSchema; answer: typeof AltaSegundoFactorResponseSchema }>(),
  ),
  segundoFactorConfirmar: endpoint(
    'POST',
    '/api/auth/segundo-factor/confirmar',
    shapes<{ body: typeof CodigoSegundoFactorSchema; answer: typeof ConfirmarSegundoFactorResponseSchema }>(),
  ),
  segundoFactor: endpoint(
    'POST',
    '/api/auth/segundo-factor',
    shapes<{ body: typeof CodigoSegundoFactorSchema; answer: typeof SessionResponseSchema }>(),
  ),
  google: endpoint(
    'POST',
    '/api/auth/google',
    shapes<{ body: typeof GoogleAuthSchema; answer: typeof GoogleResponseSchema }>(),
  ),
  jwtValidate: endpoint('POST', '/api/auth/jwt-validate', shapes<{ answer: typeof JwtValidateResponseSchema }>()),
  logout: endpoint('POST', '/api/auth/logout', shapes<{ answer: typeof MessageResponseSchema }>()),
  recuperar: endpoint(
    'POST',
    '/api/auth/recuperar',
    shapes<{ body: typeof PasswordRecoverySchema; answer: typeof MessageResponseSchema }>(),
  ),
  restablecer: endpoint(
    'POST',
    '/api/auth/restablecer',
    shapes<{ body: typeof PasswordResetSchema; answer: typeof RestablecerResponseSchema }>(),
  ),
  verificar: endpoint(
    'POST',
    '/api/auth/verificar',
    shapes<{ body: typeof EmailVerificationSchema; answer: typeof EmailVerifiedResponseSchema }>(),
  ),
  verificarReenviar: endpoint(
    'POST',
    '/api/auth/verificar/reenviar',
    shapes<{ answer: typeof MessageResponseSchema }>(),
  ),
};
