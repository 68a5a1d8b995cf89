import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CAJA_MESSAGES,
  CajaEnviarSchema,
  CajaEnvioSchema,
  CajaFusionarSchema,
  CajaMuestrasResponseSchema,
  CajaCambioResponseSchema,
  CajaEnvioResponseSchema,
  CajaResponseSchema,
  CajasEnviadasResponseSchema,
  CajasMuestrasResponseSchema,
  HojaCataSchema,
  CataResponseSchema,
  CatasLoteResponseSchema,
  MUESTRA_MESSAGES,
  MuestraAccionSchema,
  MuestraDetalleResponseSchema,
  MuestraInputSchema,
  MuestraResponseSchema,
  MuestrasQuerySchema,
  MuestrasResponseSchema,
  CatasRecibidasQuerySchema,
} from '../../../contract/muestras';
import { CAJAS_API } from '../../../contract/cajas-endpoints';
import { MUESTRAS_API } from '../../../contract/muestras-endpoints';
import {
  requireComprador,
  requireParte,
  requireProductorWithPerfil,
  requireUser,
  signedInUser,
} from '../../auth/guards';
import { idempotent } from '../../idempotency';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import {
  anadirALaCaja,
  enviarCaja,
  enviarLaCaja,
  fusionarCaja,
  getCaja,
  readCaja,
  listCajas,
  removeFromCaja,
} from './cajas';
import {
  assertOwnLote,
  catarMuestra,
  catasRecibidas,
  getMuestra,
  listMuestras,
  moveMuestra,
  solicitarMuestra,
} from './service';

/** Only buyers ask for samples (docs/product.md §10–11); a producer gets 403, a visitor 401. */
const muestraId = (raw: string) => idOr404(raw, MUESTRA_MESSAGES.NOT_FOUND);
const loteId = (raw: string) => idOr404(raw, MUESTRA_MESSAGES.LOTE_NOT_FOUND);
const cajaId = (raw: string) => idOr404(raw, CAJA_MESSAGES.NOT_FOUND);
const soloCompradores = requireComprador(CAJA_MESSAGES.SOLO_COMPRADORES);

/**
 * Samples and cupping (docs/product.md §10–11, docs/decisions/019): request (with an Idempotency-Key), list, detail with its
 * timeline, the moves of the table, the cupping sheet, and the cuppings a producer received. Only the sample's
 * buyer and the lot's producer see it; anyone else gets 404.
 */
export const muestrasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    MUESTRAS_API.solicitar,
    {
      onRequest: requireComprador(MUESTRA_MESSAGES.SOLO_COMPRADORES),
      schema: { body: MuestraInputSchema, response: { 201: MuestraResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return idempotent(request, reply, user.id, async (tx) => {
        const muestra = await solicitarMuestra(tx, user, request.body, app.clock.now());
        return {
          status: 201,
          body: { success: true as const, data: { muestra }, message: MUESTRA_MESSAGES.REQUESTED },
        };
      });
    },
  );

  route(
    app,
    MUESTRAS_API.listar,
    {
      onRequest: requireParte,
      schema: { querystring: MuestrasQuerySchema, response: { 200: MuestrasResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await listMuestras(app.db, signedInUser(request), request.query, app.clock.now());
      return { success: true as const, data };
    },
  );

  route(
    app,
    MUESTRAS_API.ver,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: MuestraDetalleResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await getMuestra(app.db, signedInUser(request).id, muestraId(request.params.id));
      return { success: true as const, data };
    },
  );

  route(
    app,
    MUESTRAS_API.mover,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: MuestraAccionSchema, response: { 200: MuestraResponseSchema } },
    },
    async (request) => {
      const id = muestraId(request.params.id);
      const muestra = await moveMuestra(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { muestra }, message: MUESTRA_MESSAGES.MOVED[request.body.accion] };
    },
  );

  route(
    app,
    MUESTRAS_API.catar,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: HojaCataSchema, response: { 201: CataResponseSchema } },
    },
    async (request, reply) => {
      const id = muestraId(request.params.id);
      const data = await catarMuestra(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return reply.status(201).send({ success: true as const, data, message: MUESTRA_MESSAGES.CUPPED });
    },
  );

  route(
    app,
    MUESTRAS_API.catasRecibidas,
    {
      onRequest: requireProductorWithPerfil,
      schema: {
        querystring: CatasRecibidasQuerySchema,
        response: { 200: CatasLoteResponseSchema },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      if (request.query.loteId) await assertOwnLote(app.db, user.id, request.query.loteId);
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await catasRecibidas(app.db, user.id, request.query.loteId) };
    },
  );

  // -------------------------------------------------------------------------------------------------------
  // Sample boxes (issue 32, docs/decisions/070)
  // -------------------------------------------------------------------------------------------------------

  route(
    app,
    CAJAS_API.caja,
    { onRequest: soloCompradores, schema: { response: { 200: CajaResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { lotes: await readCaja(app.db, signedInUser(request).id) } };
    },
  );

  route(
    app,
    CAJAS_API.anadir,
    { onRequest: soloCompradores, schema: { params: IdParams, response: { 200: CajaCambioResponseSchema } } },
    async (request) => {
      const lotes = await anadirALaCaja(app.db, signedInUser(request).id, loteId(request.params.id), app.clock.now());
      return { success: true as const, data: { lotes }, message: CAJA_MESSAGES.ADDED };
    },
  );

  route(
    app,
    CAJAS_API.quitar,
    { onRequest: soloCompradores, schema: { params: IdParams, response: { 200: CajaCambioResponseSchema } } },
    async (request) => {
      const lotes = await removeFromCaja(app.db, signedInUser(request).id, loteId(request.params.id));
      return { success: true as const, data: { lotes }, message: CAJA_MESSAGES.REMOVED };
    },
  );

  route(
    app,
    CAJAS_API.fusionar,
    { onRequest: soloCompradores, schema: { body: CajaFusionarSchema, response: { 200: CajaResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const lotes = await fusionarCaja(app.db, user.id, request.body.loteIds, app.clock.now());
      return { success: true as const, data: { lotes } };
    },
  );

  route(
    app,
    CAJAS_API.enviar,
    {
      onRequest: soloCompradores,
      schema: { body: CajaEnviarSchema, response: { 201: CajasEnviadasResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return idempotent(request, reply, user.id, async (tx) => {
        const cajas = await enviarCaja(tx, user, request.body, app.clock.now());
        return {
          status: 201,
          body: { success: true as const, data: { cajas }, message: CAJA_MESSAGES.enviada(cajas.length) },
        };
      });
    },
  );

  route(
    app,
    CAJAS_API.cajas,
    { onRequest: requireParte, schema: { response: { 200: CajasMuestrasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { cajas: await listCajas(app.db, signedInUser(request).id) } };
    },
  );

  route(
    app,
    CAJAS_API.cajaEnviada,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: CajaMuestrasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const caja = await getCaja(app.db, signedInUser(request).id, cajaId(request.params.id));
      return { success: true as const, data: { caja } };
    },
  );

  route(
    app,
    CAJAS_API.envio,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: CajaEnvioSchema, response: { 200: CajaEnvioResponseSchema } },
    },
    async (request) => {
      const id = cajaId(request.params.id);
      const caja = await enviarLaCaja(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { caja }, message: CAJA_MESSAGES.ENVIO };
    },
  );
};
