import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AccionConMotivoSchema } from '../../../contract/operador';
import { OkMessageOnlyResponseSchema } from '../../../contract/common';
import {
  CobrosYLiquidacionesResponseSchema,
  CuentaCobroGuardadaResponseSchema,
  CuentaCobroSchema,
  CuentasCobroResponseSchema,
  GenerateRemesaSchema,
  LIQUIDACION_MESSAGES,
  LiquidacionesOperadorResponseSchema,
  PagosDeRemesaResponseSchema,
  RemesaGeneradaResponseSchema,
} from '../../../contract/liquidaciones';
import { LIQUIDACIONES_API as E } from '../../../contract/liquidaciones-endpoints';
import { isOperador, requireOperador, requireUser, signedInUser } from '../../auth/guards';
import { forbidden } from '../../errors';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { saveCuentaCobro, historialCuentasCobro, toCuentaCobroView } from './cuenta-cobro';
import { cobrosYLiquidaciones, extractoLiquidacionPdf, pagoConLineas } from './productor';
import {
  debidoPorProductor,
  generateRemesa,
  listRemesas,
  anularRemesa,
  markRemesaEnviada,
  pagadoPorMoneda,
  pagosDeRemesa,
  xmlDeRemesa,
} from './remesas';

/**
 * Payouts to producers (issue 29, docs/decisions/056): the producer's payout account and "Cobros y
 * liquidaciones"; the operator's batches (pain.001), under /api/operador like the rest of the back office.
 */
export const liquidacionesRoutes: FastifyPluginAsyncZod = async (app) => {
  const now = () => app.clock.now();

  const soloProductor = (request: Parameters<typeof signedInUser>[0]) => {
    const user = signedInUser(request);
    if (user.tipoUser !== 'PRODUCTOR') throw forbidden('FORBIDDEN', LIQUIDACION_MESSAGES.SOLO_PRODUCTOR);
    return user;
  };

  const cuentaCobro = { onRequest: requireUser, schema: { response: { 200: CuentasCobroResponseSchema } } };
  route(app, E.cuentaCobro, cuentaCobro, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const user = soloProductor(request);
    const historial = await historialCuentasCobro(app.db, user.id);
    const vigente = historial.find((c) => c.sustituidaAt === null) ?? null;
    return {
      success: true as const,
      data: {
        cuenta: vigente ? toCuentaCobroView(vigente) : null,
        historial: historial.map(toCuentaCobroView),
      },
    };
  });

  route(
    app,
    E.saveCuentaCobro,
    {
      onRequest: requireUser,
      schema: { body: CuentaCobroSchema, response: { 200: CuentaCobroGuardadaResponseSchema } },
    },
    async (request) => {
      const row = await saveCuentaCobro(app.db, app.config.google, signedInUser(request), request.body, now());
      return {
        success: true as const,
        data: { cuenta: toCuentaCobroView(row) },
        message: LIQUIDACION_MESSAGES.CUENTA_GUARDADA,
      };
    },
  );

  const mias = { onRequest: requireUser, schema: { response: { 200: CobrosYLiquidacionesResponseSchema } } };
  route(app, E.mias, mias, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await cobrosYLiquidaciones(app.db, soloProductor(request).id) };
  });

  app.get(
    '/liquidaciones/pagos/:id/pdf',
    { onRequest: requireUser, schema: { params: IdParams } },
    async (request, reply) => {
      const user = signedInUser(request);
      const id = idOr404(request.params.id, 'Liquidación no encontrada.');
      const datos = await pagoConLineas(app.db, id, isOperador(user) ? null : user.id);
      const pdf = await extractoLiquidacionPdf(datos);
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="liquidacion-${datos.pago.endToEndId}.pdf"`)
        .type('application/pdf')
        .send(pdf);
    },
  );

  // The operator's side: every route needs an operator session that passed the second factor.
  const operadorRoutes: FastifyPluginAsyncZod = async (op) => {
    op.addHook('onRequest', requireOperador);

    const resumen = { schema: { response: { 200: LiquidacionesOperadorResponseSchema } } };
    route(op, E.operador, resumen, async (_request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return {
        success: true as const,
        data: {
          debido: await debidoPorProductor(app.db, now()),
          remesas: await listRemesas(app.db),
          pagadoPorMoneda: await pagadoPorMoneda(app.db),
        },
      };
    });

    const generate = { schema: { body: GenerateRemesaSchema, response: { 201: RemesaGeneradaResponseSchema } } };
    route(op, E.generateRemesa, generate, async (request, reply) => {
      const data = await generateRemesa(app.db, signedInUser(request), request.body, now());
      return reply.code(201).send({ success: true as const, data, message: LIQUIDACION_MESSAGES.REMESA_GENERADA });
    });

    const pagos = { schema: { params: IdParams, response: { 200: PagosDeRemesaResponseSchema } } };
    route(op, E.pagosDeRemesa, pagos, async (request) => {
      const id = idOr404(request.params.id, 'Remesa no encontrada.');
      const pagos = await pagosDeRemesa(app.db, id);
      return {
        success: true as const,
        data: {
          pagos: pagos.map((p) => ({ ...p, confirmadoAt: p.confirmadoAt?.toISOString() ?? null })),
        },
      };
    });

    // The pain.001 file exactly as generated (the same bytes on every download).
    op.get('/operador/remesas/:id/xml', { schema: { params: IdParams } }, async (request, reply) => {
      const row = await xmlDeRemesa(app.db, idOr404(request.params.id, 'Remesa no encontrada.'));
      return reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${row.msgId}.xml"`)
        .type('application/xml; charset=utf-8')
        .send(row.xml);
    });

    route(
      op,
      E.remesaEnviada,
      { schema: { params: IdParams, body: AccionConMotivoSchema, response: { 200: OkMessageOnlyResponseSchema } } },
      async (request) => {
        const id = idOr404(request.params.id, 'Remesa no encontrada.');
        await markRemesaEnviada(app.db, signedInUser(request), id, request.body.motivo, now());
        return { success: true as const, message: LIQUIDACION_MESSAGES.REMESA_ENVIADA };
      },
    );

    // A batch that will not be sent: its payouts are cancelled and their lines owed again (decision 067).
    route(
      op,
      E.remesaAnulada,
      { schema: { params: IdParams, body: AccionConMotivoSchema, response: { 200: OkMessageOnlyResponseSchema } } },
      async (request) => {
        const id = idOr404(request.params.id, 'Remesa no encontrada.');
        await anularRemesa(app.db, signedInUser(request), id, request.body.motivo, now());
        return { success: true as const, message: LIQUIDACION_MESSAGES.REMESA_ANULADA };
      },
    );
  };
  await app.register(operadorRoutes);
};
