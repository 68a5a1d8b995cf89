import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FINCA_MESSAGES,
  FincaDeletedResponseSchema,
  FincaInputSchema,
  FincaResponseSchema,
  FincasResponseSchema,
  EvidenciaInputSchema,
  EvidenciaResponseSchema,
  EvidenciasResponseSchema,
  LoteFincasInputSchema,
} from '../../../contract/fincas';
import { optionalUser, requireProductorWithPerfil, requireUser, signedInUser } from '../../auth/guards';
import { idOr404 } from '../../lib/params';
import { assertPublicProductor, PRODUCTOR_NOT_FOUND } from '../productores/service';
import {
  actualizarFinca,
  crearFinca,
  crearEvidencia,
  crearFincaPropia,
  eliminarFinca,
  evidenciasDeFinca,
  fincasDeLotePublico,
  listFincas,
  setLoteFincas,
} from './service';

const IdParams = z.object({ id: z.string() });
const LOTE_NOT_FOUND = 'Lote no encontrado.';
const fincaId = (raw: string) => idOr404(raw, FINCA_MESSAGES.NOT_FOUND);

/**
 * Member farms (issue 13): the producer's own list and its writes (owner only: another's farm is 404), the
 * farms a lot comes from, and the public reading of both for the lot page and the producer's profile.
 */
export const fincasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/productor/productores',
    { onRequest: requireProductorWithPerfil, schema: { response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { fincas: await listFincas(app.db, signedInUser(request).id) } };
    },
  );

  app.post(
    '/productor/productores',
    {
      onRequest: requireProductorWithPerfil,
      schema: { body: FincaInputSchema, response: { 201: FincaResponseSchema } },
    },
    async (request, reply) => {
      const finca = await crearFinca(app.db, signedInUser(request), request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data: { finca }, message: FINCA_MESSAGES.CREATED });
    },
  );

  app.post(
    '/productor/productores/propia',
    { onRequest: requireProductorWithPerfil, schema: { response: { 201: FincaResponseSchema } } },
    async (request, reply) => {
      const finca = await crearFincaPropia(app.db, signedInUser(request), app.clock.now());
      return reply.status(201).send({ success: true as const, data: { finca }, message: FINCA_MESSAGES.PROPIA_CREADA });
    },
  );

  app.put(
    '/productor/productores/:id',
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: FincaInputSchema, response: { 200: FincaResponseSchema } },
    },
    async (request) => {
      const id = fincaId(request.params.id);
      const finca = await actualizarFinca(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { finca }, message: FINCA_MESSAGES.UPDATED };
    },
  );

  app.delete(
    '/productor/productores/:id',
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, response: { 200: FincaDeletedResponseSchema } },
    },
    async (request) => {
      const id = await eliminarFinca(app.db, signedInUser(request).id, fincaId(request.params.id));
      return { success: true as const, data: { id }, message: FINCA_MESSAGES.DELETED };
    },
  );

  app.put(
    '/lotes/:id/fincas',
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: LoteFincasInputSchema, response: { 200: FincasResponseSchema } },
    },
    async (request) => {
      const id = idOr404(request.params.id, LOTE_NOT_FOUND);
      const fincas = await setLoteFincas(app.db, signedInUser(request).id, id, request.body.fincaIds, LOTE_NOT_FOUND);
      return { success: true as const, data: { fincas }, message: FINCA_MESSAGES.LOTE_FINCAS };
    },
  );

  app.get(
    '/lotes/:id/fincas',
    { schema: { params: IdParams, response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      const id = idOr404(request.params.id, LOTE_NOT_FOUND);
      const viewer = await optionalUser(request);
      reply.header('cache-control', 'no-cache');
      return {
        success: true as const,
        data: { fincas: await fincasDeLotePublico(app.db, id, viewer?.id, LOTE_NOT_FOUND) },
      };
    },
  );

  app.get(
    '/productores/:id/fincas',
    { schema: { params: IdParams, response: { 200: FincasResponseSchema } } },
    async (request, reply) => {
      const id = idOr404(request.params.id, PRODUCTOR_NOT_FOUND);
      await assertPublicProductor(app.db, id);
      reply.header('cache-control', 'no-cache');
      return { success: true as const, data: { fincas: await listFincas(app.db, id) } };
    },
  );

  app.post(
    '/productor/productores/:id/evidencias',
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, body: EvidenciaInputSchema, response: { 201: EvidenciaResponseSchema } },
    },
    async (request, reply) => {
      const id = fincaId(request.params.id);
      const evidencia = await crearEvidencia(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return reply
        .status(201)
        .send({ success: true as const, data: { evidencia }, message: FINCA_MESSAGES.EVIDENCIA_CREADA });
    },
  );

  // A plot's evidence: its producer, the buyers of his orders and Cereza's operator; anyone else 404.
  app.get(
    '/fincas/:id/evidencias',
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: EvidenciasResponseSchema } } },
    async (request, reply) => {
      const id = fincaId(request.params.id);
      reply.header('cache-control', 'private, no-store');
      const evidencias = await evidenciasDeFinca(app.db, signedInUser(request), id);
      return { success: true as const, data: { evidencias } };
    },
  );
};
