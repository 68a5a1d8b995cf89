import type { ChangePasswordSchema, DeleteAccountSchema, InformacionComercialSchema, UpdateMeSchema } from './auth';
import { endpoint, shapes } from './endpoint';
import type {
  InformacionComercialResponseSchema,
  InformacionComercialSavedResponseSchema,
  MessageResponseSchema,
  OperacionesAbiertasResponseSchema,
  PreferenciasPatchSchema,
  PreferenciasResponseSchema,
  PreferenciasSavedResponseSchema,
  SessionMessageResponseSchema,
  UserResponseSchema,
  UserSavedResponseSchema,
} from './users';

/**
 * The signed-in account (contract/endpoint.ts): its data, password, deletion (docs/decisions/046), notification
 * preferences and commercial information. `/api/users/:userId` answers only `me` or one's own id.
 */
export const USERS_API = {
  usuario: endpoint('GET', '/api/users/:userId', shapes<{ answer: typeof UserResponseSchema }>()),
  actualizar: endpoint(
    'PUT',
    '/api/users/me',
    shapes<{ body: typeof UpdateMeSchema; answer: typeof UserSavedResponseSchema }>(),
  ),
  password: endpoint(
    'PUT',
    '/api/users/me/password',
    shapes<{ body: typeof ChangePasswordSchema; answer: typeof SessionMessageResponseSchema }>(),
  ),
  eliminar: endpoint(
    'DELETE',
    '/api/users/me',
    shapes<{ body: typeof DeleteAccountSchema; answer: typeof MessageResponseSchema }>(),
  ),
  operacionesAbiertas: endpoint(
    'GET',
    '/api/users/me/operaciones-abiertas',
    shapes<{ answer: typeof OperacionesAbiertasResponseSchema }>(),
  ),
  notificaciones: endpoint(
    'GET',
    '/api/users/me/notificaciones',
    shapes<{ answer: typeof PreferenciasResponseSchema }>(),
  ),
  guardarNotificaciones: endpoint(
    'PUT',
    '/api/users/me/notificaciones',
    shapes<{ body: typeof PreferenciasPatchSchema; answer: typeof PreferenciasSavedResponseSchema }>(),
  ),
  informacionComercial: endpoint(
    'GET',
    '/api/users/me/informacion-comercial',
    shapes<{ answer: typeof InformacionComercialResponseSchema }>(),
  ),
  guardarInformacionComercial: endpoint(
    'PUT',
    '/api/users/me/informacion-comercial',
    shapes<{ body: typeof InformacionComercialSchema; answer: typeof InformacionComercialSavedResponseSchema }>(),
  ),
};
