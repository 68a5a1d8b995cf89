import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CLIENTE_MESSAGES,
  ClienteResponseSchema,
  ClientesQuerySchema,
  ClientesResponseSchema,
  FACTURA_MESSAGES,
  FacturaResponseSchema,
  FacturasQuerySchema,
  FacturasResponseSchema,
  MovimientosQuerySchema,
  MovimientosResponseSchema,
} from '../../../contract/facturas';
import { FACTURAS_API } from '../../../contract/facturas-endpoints';
import { requireProductorWithPerfil, requireUser, signedInUser } from '../../auth/guards';
import { getCliente, listClientes } from './clientes';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import { facturaPdf } from './pdf';
import { facturaDe, getFactura, listFacturas, listMovimientos, movimientosCsv } from './service';

const facturaId = (raw: string) => idOr404(raw, FACTURA_MESSAGES.NOT_FOUND);

/** A file name from an invoice number ("2026-000017"): letters, digits and dashes only. */
const nombreArchivo = (numero: string) => `factura-${numero.replace(/[^A-Za-z0-9-]/g, '_')}.pdf`;

/**
 * Invoices and the ledger (TRADE.md "Invoices, account movements and clients", docs/decisions/032). Invoices are
 * issued by the order's moves (emision.ts); these routes only read. Only an invoice's parties see it or its PDF.
 */
export const facturasRoutes: FastifyPluginAsyncZod = async (app) => {
  route(
    app,
    FACTURAS_API.listar,
    { onRequest: requireUser, schema: { querystring: FacturasQuerySchema, response: { 200: FacturasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await listFacturas(app.db, signedInUser(request).id, request.query, app.clock.now());
      return { success: true as const, data };
    },
  );

  route(
    app,
    FACTURAS_API.ver,
    { onRequest: requireUser, schema: { params: IdParams, response: { 200: FacturaResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const data = await getFactura(app.db, signedInUser(request).id, facturaId(request.params.id), app.clock.now());
      return { success: true as const, data };
    },
  );

  // The PDF, printed from the frozen row. Its answer is the file itself (no JSON schema to declare).
  app.get('/facturas/:id/pdf', { onRequest: requireUser, schema: { params: IdParams } }, async (request, reply) => {
    const row = await facturaDe(app.db, signedInUser(request).id, facturaId(request.params.id));
    const pdf = await facturaPdf(row);
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-disposition', `attachment; filename="${nombreArchivo(row.numero)}"`)
      .type('application/pdf')
      .send(pdf);
  });

  route(
    app,
    FACTURAS_API.movimientos,
    {
      onRequest: requireUser,
      schema: { querystring: MovimientosQuerySchema, response: { 200: MovimientosResponseSchema } },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      reply.header('cache-control', 'private, no-store');
      if (request.query.formato === 'csv') {
        const csv = await movimientosCsv(app.db, user.id, request.query);
        // A string with a non-JSON type is sent as is (the JSON schema above applies to the JSON answer).
        return (reply as FastifyReply)
          .header('content-disposition', 'attachment; filename="movimientos.csv"')
          .type('text/csv; charset=utf-8')
          .send(csv);
      }
      const data = await listMovimientos(app.db, user.id, request.query);
      return { success: true as const, data };
    },
  );

  route(
    app,
    FACTURAS_API.clientes,
    {
      onRequest: requireProductorWithPerfil,
      schema: { querystring: ClientesQuerySchema, response: { 200: ClientesResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const clientes = await listClientes(app.db, signedInUser(request).id, request.query);
      return { success: true as const, data: { clientes } };
    },
  );

  route(
    app,
    FACTURAS_API.cliente,
    {
      onRequest: requireProductorWithPerfil,
      schema: { params: IdParams, response: { 200: ClienteResponseSchema } },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      const id = idOr404(request.params.id, CLIENTE_MESSAGES.NOT_FOUND);
      const data = await getCliente(app.db, signedInUser(request).id, id, app.clock.now());
      return { success: true as const, data };
    },
  );
};
