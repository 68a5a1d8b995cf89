import { endpoint, shapes } from './endpoint';
import type {
  CompradorPerfilInputSchema,
  CompradorPerfilUpdateSchema,
  OwnCompradorPerfilResponseSchema,
  OwnProductorPerfilResponseSchema,
  ProductorPerfilInputSchema,
  ProductorPerfilUpdateSchema,
} from './perfiles';
import type { CompradorPerfilSavedResponseSchema, ProductorPerfilSavedResponseSchema } from './users';

/**
 * Each role's own profile (contract/endpoint.ts): read it, create it once (201, at sign-up), change any part. The
 * answers keep their first shape: the profile beside `success`, not inside `data`.
 */
export const PERFILES_API = {
  productor: endpoint('GET', '/api/productor/perfil', shapes<{ answer: typeof OwnProductorPerfilResponseSchema }>()),
  crearProductor: endpoint(
    'POST',
    '/api/productor/perfil',
    shapes<{ body: typeof ProductorPerfilInputSchema; answer: typeof ProductorPerfilSavedResponseSchema }>(),
  ),
  actualizarProductor: endpoint(
    'PUT',
    '/api/productor/perfil',
    shapes<{ body: typeof ProductorPerfilUpdateSchema; answer: typeof ProductorPerfilSavedResponseSchema }>(),
  ),
  comprador: endpoint('GET', '/api/comprador/perfil', shapes<{ answer: typeof OwnCompradorPerfilResponseSchema }>()),
  crearComprador: endpoint(
    'POST',
    '/api/comprador/perfil',
    shapes<{ body: typeof CompradorPerfilInputSchema; answer: typeof CompradorPerfilSavedResponseSchema }>(),
  ),
  actualizarComprador: endpoint(
    'PUT',
    '/api/comprador/perfil',
    shapes<{ body: typeof CompradorPerfilUpdateSchema; answer: typeof CompradorPerfilSavedResponseSchema }>(),
  ),
};
