import type { FastifyPluginAsync } from 'fastify';
import { AUTH_MESSAGES } from '../../../contract/auth';
import {
  CompradorPerfilInputSchema,
  CompradorPerfilUpdateSchema,
  ProductorPerfilInputSchema,
  ProductorPerfilUpdateSchema,
} from '../../../contract/perfiles';
import { requireRole } from '../../auth/guards';
import { notFound } from '../../errors';
import { parseOr400 } from '../../validation';
import { dataUserOf, loadPerfil, serializePerfil } from '../users/service';
import { createCompradorPerfil, createProductorPerfil, updateCompradorPerfil, updateProductorPerfil } from './service';

const productor = requireRole('PRODUCTOR');
const comprador = requireRole('COMPRADOR');

export const perfilesRoutes: FastifyPluginAsync = async (app) => {
  for (const [path, guard] of [
    ['/productor/perfil', productor],
    ['/comprador/perfil', comprador],
  ] as const) {
    app.get(path, async (request) => {
      const user = await guard(request);
      const perfil = await loadPerfil(app.db, user);
      if (!perfil) throw notFound('PROFILE_NOT_FOUND');
      return { success: true, perfil: serializePerfil(perfil) };
    });
  }

  app.post('/productor/perfil', async (request, reply) => {
    const user = await productor(request);
    const input = parseOr400(ProductorPerfilInputSchema, request.body);
    const updated = await createProductorPerfil(app.db, user, input);
    return reply.status(201).send({
      success: true,
      dataUser: await dataUserOf(app.db, updated),
      message: AUTH_MESSAGES.PRODUCTOR_PROFILE_CREATED,
    });
  });

  app.put('/productor/perfil', async (request) => {
    const user = await productor(request);
    const patch = parseOr400(ProductorPerfilUpdateSchema, request.body);
    const updated = await updateProductorPerfil(app.db, user, patch);
    return { success: true, dataUser: await dataUserOf(app.db, updated), message: AUTH_MESSAGES.PROFILE_UPDATED };
  });

  app.post('/comprador/perfil', async (request, reply) => {
    const user = await comprador(request);
    const input = parseOr400(CompradorPerfilInputSchema, request.body);
    const updated = await createCompradorPerfil(app.db, user, input);
    return reply.status(201).send({
      success: true,
      dataUser: await dataUserOf(app.db, updated),
      message: AUTH_MESSAGES.COMPRADOR_PROFILE_CREATED,
    });
  });

  app.put('/comprador/perfil', async (request) => {
    const user = await comprador(request);
    const patch = parseOr400(CompradorPerfilUpdateSchema, request.body);
    const updated = await updateCompradorPerfil(app.db, user, patch);
    return { success: true, dataUser: await dataUserOf(app.db, updated), message: AUTH_MESSAGES.PROFILE_UPDATED };
  });
};
