import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUTH_MESSAGES } from '../../../contract/auth';
import {
  CompradorPerfilInputSchema,
  CompradorPerfilUpdateSchema,
  OwnCompradorPerfilResponseSchema,
  OwnProductorPerfilResponseSchema,
  ProductorPerfilInputSchema,
  ProductorPerfilUpdateSchema,
} from '../../../contract/perfiles';
import { PERFILES_API } from '../../../contract/perfiles-endpoints';
import { CompradorPerfilSavedResponseSchema, ProductorPerfilSavedResponseSchema } from '../../../contract/users';
import { requireRole, signedInUser } from '../../auth/guards';
import { route } from '../../lib/route';
import { dataUserOf } from './service';
import {
  createCompradorPerfil,
  createProductorPerfil,
  getOwnCompradorPerfil,
  getOwnProductorPerfil,
  updateCompradorPerfil,
  updateProductorPerfil,
} from './service';

/**
 * Each role's own profile: read, create once, change any part. Written in the module shape of
 * docs/decisions/011; a buyer calling the producer's routes (or the reverse) gets 403, a visitor 401.
 */
export const perfilesRoutes: FastifyPluginAsyncZod = async (app) => {
  const productor = { onRequest: requireRole('PRODUCTOR') };
  const comprador = { onRequest: requireRole('COMPRADOR') };

  route(
    app,
    PERFILES_API.productor,
    { ...productor, schema: { response: { 200: OwnProductorPerfilResponseSchema } } },
    async (request) => {
      const perfil = await getOwnProductorPerfil(app.db, signedInUser(request).id);
      return { success: true as const, perfil };
    },
  );

  route(
    app,
    PERFILES_API.crearProductor,
    {
      ...productor,
      schema: { body: ProductorPerfilInputSchema, response: { 201: ProductorPerfilSavedResponseSchema } },
    },
    async (request, reply) => {
      const { user, perfil } = await createProductorPerfil(app.db, signedInUser(request), request.body);
      return reply.status(201).send({
        success: true,
        dataUser: await dataUserOf(app.db, user),
        perfil,
        message: AUTH_MESSAGES.PRODUCTOR_PROFILE_CREATED,
      });
    },
  );

  route(
    app,
    PERFILES_API.actualizarProductor,
    {
      ...productor,
      schema: { body: ProductorPerfilUpdateSchema, response: { 200: ProductorPerfilSavedResponseSchema } },
    },
    async (request) => {
      const { user, perfil } = await updateProductorPerfil(app.db, signedInUser(request), request.body);
      const dataUser = await dataUserOf(app.db, user);
      return { success: true as const, dataUser, perfil, message: AUTH_MESSAGES.PROFILE_UPDATED };
    },
  );

  route(
    app,
    PERFILES_API.comprador,
    { ...comprador, schema: { response: { 200: OwnCompradorPerfilResponseSchema } } },
    async (request) => {
      const perfil = await getOwnCompradorPerfil(app.db, signedInUser(request).id);
      return { success: true as const, perfil };
    },
  );

  route(
    app,
    PERFILES_API.crearComprador,
    {
      ...comprador,
      schema: { body: CompradorPerfilInputSchema, response: { 201: CompradorPerfilSavedResponseSchema } },
    },
    async (request, reply) => {
      const { user, perfil } = await createCompradorPerfil(app.db, signedInUser(request), request.body);
      return reply.status(201).send({
        success: true,
        dataUser: await dataUserOf(app.db, user),
        perfil,
        message: AUTH_MESSAGES.COMPRADOR_PROFILE_CREATED,
      });
    },
  );

  route(
    app,
    PERFILES_API.actualizarComprador,
    {
      ...comprador,
      schema: { body: CompradorPerfilUpdateSchema, response: { 200: CompradorPerfilSavedResponseSchema } },
    },
    async (request) => {
      const { user, perfil } = await updateCompradorPerfil(app.db, signedInUser(request), request.body);
      const dataUser = await dataUserOf(app.db, user);
      return { success: true as const, dataUser, perfil, message: AUTH_MESSAGES.PROFILE_UPDATED };
    },
  );
};
