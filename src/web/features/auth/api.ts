import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  EmailVerificationInput,
  LoginInput,
  PasswordRecoveryInput,
  PasswordResetInput,
  RegisterInput,
} from '../../../contract/auth';
import { AUTH_API } from '../../../contract/auth-endpoints';
import type { BodyOf } from '../../../contract/endpoint';
import { HEALTH_API } from '../../../contract/health-endpoints';
import { PERFILES_API } from '../../../contract/perfiles-endpoints';
import type { TipoUser } from '../../../contract/roles';
import type { CodigoSegundoFactorInput, DesafioInput } from '../../../contract/segundo-factor';
import type { GoogleResponse, SessionResponse } from '../../../contract/users';
import { call } from '../../lib/api';

/*
 * Account calls. Types only from the contract (`import type`): the zod schemas stay in the lazily loaded
 * forms, out of the first chunk.
 */

export type { GoogleResponse, SessionResponse };

export const loginRequest = (body: LoginInput) => call(AUTH_API.login, { body, auth: false });

/** The second factor of lab and operator accounts (docs/decisions/045). */
export const secondFactorAltaRequest = (body: DesafioInput) => call(AUTH_API.segundoFactorAlta, { body, auth: false });
export const secondFactorConfirmRequest = (body: CodigoSegundoFactorInput) =>
  call(AUTH_API.segundoFactorConfirmar, { body, auth: false });
export const secondFactorRequest = (body: CodigoSegundoFactorInput) =>
  call(AUTH_API.segundoFactor, { body, auth: false });

export const registerRequest = (body: RegisterInput) => call(AUTH_API.registro, { body, auth: false });

export const googleRequest = (credential: string, tipoUser?: TipoUser) =>
  call(AUTH_API.google, { body: tipoUser ? { credential, tipoUser } : { credential }, auth: false });

export const jwtValidateRequest = () => call(AUTH_API.jwtValidate);

/** Password reset and verification: none of them sends the stored session (they work signed out). */
export const passwordRecoveryRequest = (body: PasswordRecoveryInput) => call(AUTH_API.recuperar, { body, auth: false });

export const passwordResetRequest = (body: PasswordResetInput) => call(AUTH_API.restablecer, { body, auth: false });

export const emailVerificationRequest = (body: EmailVerificationInput) =>
  call(AUTH_API.verificar, { body, auth: false });

/** Each role's profile, created once after sign-up; the buyer's is edited with the same form. */
export const createProductorPerfilRequest = (body: BodyOf<typeof PERFILES_API.crearProductor>) =>
  call(PERFILES_API.crearProductor, { body });
export const createCompradorPerfilRequest = (body: BodyOf<typeof PERFILES_API.crearComprador>) =>
  call(PERFILES_API.crearComprador, { body });
export const updateCompradorPerfilRequest = (body: BodyOf<typeof PERFILES_API.actualizarComprador>) =>
  call(PERFILES_API.actualizarComprador, { body });

export type { ClientConfig } from '../../../contract/health';

export const configQuery = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => call(HEALTH_API.config, { signal, auth: false }),
    staleTime: Infinity,
  });

export const useClientConfig = () => useQuery(configQuery());
