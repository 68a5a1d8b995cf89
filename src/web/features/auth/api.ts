import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  LoginInput,
  PasswordRecoveryInput,
  RegisterInput,
  PasswordResetInput,
  EmailVerificationInput,
} from '../../../contract/auth';
import type { CompradorPerfilInput, ProductorPerfilInput } from '../../../contract/perfiles';
import type { ClientConfigResponse } from '../../../contract/health';
import type { TipoUser } from '../../../contract/roles';
import type {
  CompradorPerfilSavedResponse,
  EmailVerifiedResponse,
  GoogleResponse,
  JwtValidateResponse,
  MessageResponse,
  ProductorPerfilSavedResponse,
  SessionResponse,
} from '../../../contract/users';
import { API } from '../../../contract/paths';
import type {
  AltaSegundoFactorResponse,
  CodigoSegundoFactorInput,
  ConfirmarSegundoFactorResponse,
  DesafioInput,
  LoginResponse,
  SegundoFactorPendiente,
} from '../../../contract/segundo-factor';
import { api } from '../../lib/api';

/*
 * Account calls. Types only from the contract (`import type`): the zod schemas stay in the lazily loaded
 * forms, out of the first chunk.
 */

export type { GoogleResponse, SessionResponse };

export const loginRequest = (body: LoginInput) =>
  api<LoginResponse>(API.auth.login, { method: 'POST', body, auth: false });

/** The second factor of lab and operator accounts (docs/decisions/045). */
export const secondFactorAltaRequest = (body: DesafioInput) =>
  api<AltaSegundoFactorResponse>(API.auth.segundoFactorAlta, { method: 'POST', body, auth: false });
export const secondFactorConfirmRequest = (body: CodigoSegundoFactorInput) =>
  api<ConfirmarSegundoFactorResponse>(API.auth.segundoFactorConfirmar, { method: 'POST', body, auth: false });
export const secondFactorRequest = (body: CodigoSegundoFactorInput) =>
  api<SessionResponse>(API.auth.segundoFactor, { method: 'POST', body, auth: false });

export const registerRequest = (body: RegisterInput) =>
  api<SessionResponse>(API.auth.register, { method: 'POST', body, auth: false });

export const googleRequest = (credential: string, tipoUser?: TipoUser) =>
  api<GoogleResponse>(API.auth.google, {
    method: 'POST',
    body: tipoUser ? { credential, tipoUser } : { credential },
    auth: false,
  });

export const jwtValidateRequest = () => api<JwtValidateResponse>(API.auth.jwtValidate, { method: 'POST' });

/** Password reset and verification: none of them sends the stored session (they work signed out). */
export const passwordRecoveryRequest = (body: PasswordRecoveryInput) =>
  api<MessageResponse>(API.auth.recuperar, { method: 'POST', body, auth: false });

export const passwordResetRequest = (body: PasswordResetInput) =>
  api<(SessionResponse & { message?: string }) | (SegundoFactorPendiente & { message?: string })>(
    API.auth.restablecer,
    { method: 'POST', body, auth: false },
  );

export const emailVerificationRequest = (body: EmailVerificationInput) =>
  api<EmailVerifiedResponse>(API.auth.verificar, { method: 'POST', body, auth: false });

export const createPerfilRequest = (
  rol: 'productor' | 'comprador',
  body: ProductorPerfilInput | CompradorPerfilInput,
) =>
  api<ProductorPerfilSavedResponse | CompradorPerfilSavedResponse>(
    rol === 'productor' ? API.productorPerfil : API.compradorPerfil,
    {
      method: 'POST',
      body,
    },
  );

export const updatePerfilRequest = (
  rol: 'productor' | 'comprador',
  body: Partial<ProductorPerfilInput> | Partial<CompradorPerfilInput>,
) =>
  api<ProductorPerfilSavedResponse | CompradorPerfilSavedResponse>(
    rol === 'productor' ? API.productorPerfil : API.compradorPerfil,
    {
      method: 'PUT',
      body,
    },
  );

export type { ClientConfig } from '../../../contract/health';

export const configQuery = () =>
  queryOptions({
    queryKey: ['config'] as const,
    queryFn: ({ signal }) => api<ClientConfigResponse>(API.config, { signal, auth: false }),
    staleTime: Infinity,
  });

export const useClientConfig = () => useQuery(configQuery());
