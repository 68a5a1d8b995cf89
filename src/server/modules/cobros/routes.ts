import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COBROS_MESSAGES,
  ConciliadoResponseSchema,
  ConciliarManualSchema,
  ExtractoQuerySchema,
  ImportacionResponseSchema,
  PanelCobrosResponseSchema,
} from '../../../contract/cobros';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { requireOperador, signedInUser } from '../../auth/guards';
import { badRequest } from '../../errors';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { setCuentaClientes } from '../facturas';
import { extractoDemo } from './demo';
import { conciliarManual, importExtracto, panelCobros } from './service';

/** A statement of a busy account for a day is well under this; a bigger body is refused before it is read. */
const EXTRACTO_MAX_BYTES = 5 * 1024 * 1024;

/**
 * The operator's collection desk (issue 28's back office, issue 29): import a camt.053 statement (the XML as the
 * body, Content-Type application/xml or text/xml, `?nombre=` the file's name), the panel (waiting entries,
 * overpayments, latest matches, the client-money balance), and the manual match of a waiting credit (audited).
 */
export const cobrosRoutes: FastifyPluginAsyncZod = async (app) => {
  setCuentaClientes(app.config.cuentaClientes);
  app.addContentTypeParser(
    ['application/xml', 'text/xml'],
    { parseAs: 'buffer', bodyLimit: EXTRACTO_MAX_BYTES },
    (_req, body, done) => done(null, body),
  );
  app.addHook('onRequest', requireOperador);
  const now = () => app.clock.now();

  route(app, OPERADOR_API.cobros, { schema: { response: { 200: PanelCobrosResponseSchema } } }, async (_r, reply) => {
    reply.header('cache-control', 'private, no-store');
    return { success: true as const, data: await panelCobros(app.db, app.config.demoData) };
  });

  // The demo's statement, built from the live demo orders (README "Cobros"); absent without DEMO_DATA.
  if (app.config.demoData) {
    app.get('/operador/cobros/extracto-demo.xml', async (_request, reply) => {
      reply
        .type('application/xml; charset=utf-8')
        .header('content-disposition', 'attachment; filename="extracto-camt053-demo.xml"')
        .header('cache-control', 'private, no-store');
      return extractoDemo(app.db, now());
    });
  }

  route(
    app,
    OPERADOR_API.importExtracto,
    {
      bodyLimit: EXTRACTO_MAX_BYTES,
      schema: { querystring: ExtractoQuerySchema, response: { 200: ImportacionResponseSchema } },
    },
    async (request) => {
      const body = request.body;
      if (!Buffer.isBuffer(body) || body.length === 0)
        throw badRequest('VALIDATION_ERROR', COBROS_MESSAGES.SIN_FICHERO);
      const data = await importExtracto(
        app.db,
        signedInUser(request),
        { nombre: request.query.nombre ?? 'extracto.xml', contenido: body },
        now(),
      );
      return { success: true as const, data };
    },
  );

  route(
    app,
    OPERADOR_API.conciliar,
    { schema: { params: IdParams, body: ConciliarManualSchema, response: { 200: ConciliadoResponseSchema } } },
    async (request) => {
      const id = idOr404(request.params.id, COBROS_MESSAGES.APUNTE_NO_ENCONTRADO);
      const apunte = await conciliarManual(app.db, signedInUser(request), id, request.body, now());
      return { success: true as const, data: { apunte }, message: COBROS_MESSAGES.CONCILIADO };
    },
  );
};
