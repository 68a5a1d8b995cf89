import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  PEDIDO_MESSAGES,
  PedidoAccionSchema,
  PedidoDetalleResponseSchema,
  PedidoInputSchema,
  PedidoResponseSchema,
  PedidosQuerySchema,
  PedidosResponseSchema,
  ResenaInputSchema,
  ResenaResponseSchema,
  ResenasProductorResponseSchema,
  VentasResumenResponseSchema,
} from '../../../contract/pedidos';
import {
  requireComprador,
  requireParte,
  requireProductorWithPerfil,
  requireUser,
  signedInUser,
} from '../../auth/guards';
import { notFound } from '../../errors';
import { PRIVATE_PREFIX } from '../../storage/index';
import { idempotent } from '../../idempotency';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { PEDIDOS_API } from '../../../contract/pedidos-endpoints';
import { copyEvidencias, reclamoDe, responderReclamo } from './reclamo-aportes';
import {
  RECLAMO_MESSAGES,
  ReclamoRespondidoResponseSchema,
  ReclamoResponseSchema,
  RespuestaReclamoInputSchema,
} from '../../../contract/reclamos';
import {
  getDocumento,
  getPedido,
  listPedidos,
  movePedido,
  resenar,
  resenasDeProductor,
  reservarPedido,
  ventasResumen,
} from './service';
import { cobroDePedido } from '../cobros';
import { DdsInputSchema, DdsResponseSchema } from '../../../contract/eudr-api';
import { DDS_MESSAGES } from '../../../contract/eudr';
import { registrarDds } from './dds';
import { pedidos } from '../../db/schema/pedidos';
import { eq } from 'drizzle-orm';

/** Only buyers reserve (docs/TRADE.md); a producer gets 403, a visitor 401. */
const pedidoId = (raw: string) => idOr404(raw, PEDIDO_MESSAGES.NOT_FOUND);

/**
 * Orders as contracts (docs/TRADE.md, docs/decisions/019 and 024): reserve (with an Idempotency-Key), list,
 * detail with its timeline and documents, the moves of the table, the contract and shipping documents, reviews,
 * and the producer's sales overview. Only the order's buyer and producer see it; anyone else gets 404.
 */
export const pedidosRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    PEDIDOS_API.reservar,
    {
      onRequest: requireComprador(PEDIDO_MESSAGES.SOLO_COMPRADORES),
      schema: { body: PedidoInputSchema, response: { 201: PedidoResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      return idempotent(request, reply, user.id, async (tx) => {
        const pedido = await reservarPedido(tx, user, request.body, app.clock.now());
        return {
          status: 201,
          body: { success: true as const, data: { pedido }, message: PEDIDO_MESSAGES.RESERVED },
        };
      });
    },
  );

  route(
    app,
    PEDIDOS_API.listar,
    { onRequest: requireParte, schema: { querystring: PedidosQuerySchema, response: { 200: PedidosResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await listPedidos(app.db, signedInUser(request), request.query);
      return { success: true as const, data };
    },
  );

  route(
    app,
    PEDIDOS_API.ver,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: PedidoDetalleResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await getPedido(app.db, signedInUser(request).id, pedidoId(request.params.id), app.clock.now());
      const [row] = await app.db.select().from(pedidos).where(eq(pedidos.id, data.pedido.id)).limit(1);
      return { success: true as const, data: { ...data, cobro: row ? await cobroDePedido(app.db, row) : null } };
    },
  );

  route(
    app,
    PEDIDOS_API.mover,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: PedidoAccionSchema, response: { 200: PedidoResponseSchema } },
    },
    async (request) => {
      const id = pedidoId(request.params.id);
      if (request.body.accion === 'ABRIR_RECLAMO') {
        await copyEvidencias(app.db, app.storage, signedInUser(request).id, request.body.evidencias);
      }
      const pedido = await movePedido(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { pedido }, message: PEDIDO_MESSAGES.MOVED[request.body.accion] };
    },
  );

  // A claim's two sides (issue 25 §3): either party reads it; the producer answers it once.
  route(
    app,
    PEDIDOS_API.reclamo,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: ReclamoResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const reclamo = await reclamoDe(app.db, pedidoId(request.params.id), { userId: signedInUser(request).id });
      return { success: true as const, data: { reclamo } };
    },
  );

  route(
    app,
    PEDIDOS_API.responderReclamo,
    {
      onRequest: requireUser,
      schema: {
        params: IdParams,
        body: RespuestaReclamoInputSchema,
        response: { 200: ReclamoRespondidoResponseSchema },
      },
    },
    async (request) => {
      const id = pedidoId(request.params.id);
      if (request.body.postura === 'IMPUGNA') {
        await copyEvidencias(app.db, app.storage, signedInUser(request).id, request.body.evidencias);
      }
      const reclamo = await responderReclamo(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return { success: true as const, data: { reclamo }, message: RECLAMO_MESSAGES.RESPONDIDO };
    },
  );

  route(
    app,
    PEDIDOS_API.resenar,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: ResenaInputSchema, response: { 201: ResenaResponseSchema } },
    },
    async (request, reply) => {
      const id = pedidoId(request.params.id);
      const resena = await resenar(app.db, signedInUser(request).id, id, request.body, app.clock.now());
      return reply
        .status(201)
        .send({ success: true as const, data: { resena }, message: PEDIDO_MESSAGES.RESENA_GUARDADA });
    },
  );

  app.get(
    '/pedidos/:id/documentos/:docId',
    { onRequest: requireUser, schema: { params: z.object({ id: z.string(), docId: z.string() }) } },
    async (request, reply) => {
      const id = pedidoId(request.params.id);
      const docId = idOr404(request.params.docId, PEDIDO_MESSAGES.DOCUMENTO_NOT_FOUND);
      const doc = await getDocumento(app.db, signedInUser(request).id, id, docId);
      reply.header('cache-control', 'private, no-store');
      if (doc.contenido) {
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${encodeURIComponent(doc.nombre)}"`)
          .header('x-content-type-options', 'nosniff')
          .send(doc.contenido);
      }
      // A PDF the producer uploaded: read from the storage here (never a public address), for the parties only.
      const key = doc.url ? app.storage.keyFromUrl(doc.url) : undefined;
      const legacy = key?.startsWith(PRIVATE_PREFIX) ? key.slice(PRIVATE_PREFIX.length) : undefined;
      const data = key
        ? ((await app.storage.get(key)) ?? (legacy ? await app.storage.get(legacy) : undefined))
        : undefined;
      if (!data) throw notFound('NOT_FOUND', PEDIDO_MESSAGES.DOCUMENTO_NOT_FOUND);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${encodeURIComponent(doc.nombre)}"`)
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', 'sandbox')
        .send(data);
    },
  );

  route(
    app,
    PEDIDOS_API.resenasProductor,
    { schema: { params: IdParams, response: { 200: ResenasProductorResponseSchema } } },
    async (request) => {
      const id = idOr404(request.params.id, 'Productor no encontrado.');
      return { success: true as const, data: await resenasDeProductor(app.db, id, app.clock.now()) };
    },
  );

  route(
    app,
    PEDIDOS_API.ventas,
    { onRequest: requireProductorWithPerfil, schema: { response: { 200: VentasResumenResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: await ventasResumen(app.db, signedInUser(request).id, app.clock.now()) };
    },
  );

  route(
    app,
    PEDIDOS_API.dds,
    {
      onRequest: requireUser,
      schema: { params: IdParams, body: DdsInputSchema, response: { 200: DdsResponseSchema } },
    },
    async (request) => {
      const id = pedidoId(request.params.id);
      const dds = await registrarDds(app.db, signedInUser(request), id, request.body, app.clock.now());
      return { success: true as const, data: { dds }, message: DDS_MESSAGES.REGISTRADA };
    },
  );
};
