import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AccionConMotivoSchema,
  AuditoriaQuerySchema,
  BusquedaSchema,
  CreateCuentaLaboratorioSchema,
  MotivoSchema,
  OPERADOR_MESSAGES,
  ResolverReporteSchema,
} from '../../../contract/operador';
import { DireccionLaboratorioSchema } from '../../../contract/ajustes';
import { ESTADOS_PEDIDO, ResolverReclamoSchema } from '../../../contract/pedidos';
import { ResolverVerificacionSchema } from '../../../contract/verificacion';
import { requireOperador, signedInUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import { IdParams, idOr404 } from '../../lib/params';
import { createCuentaLaboratorio, CuentaLaboratorioError } from '../laboratorio';
import { accionesAuditoria, auditar, searchAuditoria } from '../auditoria';
import { detalleVerificacion, listVerificaciones, resolverVerificacion, retirarVerificacion } from './verificaciones';
import {
  searchCuentas,
  searchLotes,
  searchPedidos,
  cancelarPedidoOperador,
  changeDireccionLaboratorio,
  detalleCuenta,
  detalleReclamo,
  direccionLaboratorio,
  detalleLote,
  detallePedido,
  readReporte,
  listReclamosOperador,
  listReportes,
  showLote,
  ocultarLote,
  reactivarCuenta,
  resolverReclamoOperador,
  resolverReporte,
  resumen,
  resumenLaboratorio,
  suspenderCuenta,
} from './service';

const NumeroParams = z.object({ numero: z.string().max(40) });
const id404 = (raw: string, que: string) => idOr404(raw, `${que} no encontrado.`);

/**
 * The operator's back office (issue 28, docs/decisions/045): every call needs an OPERADOR session that passed the
 * second factor (401 without a session, 403 for any other account). Every action writes its audit row.
 */
/** Every operator route as it was registered (method and URL): the access tests walk this list. */
export const OPERADOR_RUTAS = new Map<string, { method: string; url: string }>();

export const operadorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method !== 'HEAD') OPERADOR_RUTAS.set(`${method} ${r.url}`, { method, url: r.url });
    }
  });
  app.addHook('onRequest', requireOperador);
  const now = () => app.clock.now();
  const op = signedInUser;

  app.get('/operador/resumen', async () => ({ success: true as const, data: await resumen(app.db, now()) }));

  app.get('/operador/cuentas', { schema: { querystring: BusquedaSchema } }, async (request) => ({
    success: true as const,
    data: await searchCuentas(app.db, request.query.q, request.query.limit),
  }));
  app.get('/operador/cuentas/:id', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await detalleCuenta(app.db, id404(request.params.id, 'Cuenta')),
  }));
  app.post(
    '/operador/cuentas/:id/suspender',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      const id = id404(request.params.id, 'Cuenta');
      const data = await suspenderCuenta(app.db, op(request), id, request.body.motivo, now());
      const message =
        data.tipoUser === 'LABORATORIO' ? OPERADOR_MESSAGES.LAB_DESACTIVADA : OPERADOR_MESSAGES.CUENTA_SUSPENDIDA;
      return { success: true as const, data: { lotesOcultados: data.lotesOcultados }, message };
    },
  );
  app.post(
    '/operador/cuentas/:id/reactivar',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      const id = id404(request.params.id, 'Cuenta');
      const data = await reactivarCuenta(app.db, op(request), id, request.body.motivo, now());
      const message =
        data.tipoUser === 'LABORATORIO' ? OPERADOR_MESSAGES.LAB_REACTIVADA : OPERADOR_MESSAGES.CUENTA_REACTIVADA;
      return { success: true as const, data: { lotesPublicados: data.lotesPublicados }, message };
    },
  );

  app.post(
    '/operador/cuentas/:id/retirar-verificacion',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      await retirarVerificacion(app.db, op(request), id404(request.params.id, 'Cuenta'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.VERIFICACION_RETIRADA };
    },
  );

  app.get('/operador/lotes', { schema: { querystring: BusquedaSchema } }, async (request) => ({
    success: true as const,
    data: await searchLotes(app.db, request.query.q, request.query.limit),
  }));
  app.get('/operador/lotes/:id', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await detalleLote(app.db, id404(request.params.id, 'Lote')),
  }));
  app.post(
    '/operador/lotes/:id/ocultar',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      await ocultarLote(app.db, op(request), id404(request.params.id, 'Lote'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.LOTE_OCULTO };
    },
  );
  app.post(
    '/operador/lotes/:id/mostrar',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      await showLote(app.db, op(request), id404(request.params.id, 'Lote'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.LOTE_VISIBLE };
    },
  );

  app.get(
    '/operador/reportes',
    { schema: { querystring: z.object({ estado: z.enum(['ABIERTO', 'REVISADO']).optional() }) } },
    async (request) => ({ success: true as const, data: await listReportes(app.db, request.query.estado, now()) }),
  );
  // A POST: reading a reported thread is itself an audited action.
  app.post('/operador/reportes/:id/leer', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await readReporte(app.db, op(request), id404(request.params.id, 'Reporte'), now()),
  }));
  app.post(
    '/operador/reportes/:id/resolver',
    { schema: { params: IdParams, body: ResolverReporteSchema } },
    async (request) => {
      await resolverReporte(app.db, op(request), id404(request.params.id, 'Reporte'), request.body, now());
      return { success: true as const, message: OPERADOR_MESSAGES.REPORTE_RESUELTO };
    },
  );

  app.get('/operador/reclamos', async () => ({
    success: true as const,
    data: await listReclamosOperador(app.db, now()),
  }));
  app.post(
    '/operador/reclamos/:numero/resolver',
    { schema: { params: NumeroParams, body: ResolverReclamoSchema } },
    async (request) => {
      const row = await resolverReclamoOperador(app.db, op(request), request.params.numero, request.body, now());
      return {
        success: true as const,
        data: { id: row.id, estado: row.estado },
        message: OPERADOR_MESSAGES.RECLAMO_RESUELTO,
      };
    },
  );

  // A claim with both parties' words and evidence (the private files' links are signed on the way out).
  app.get('/operador/reclamos/:id', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await detalleReclamo(app.db, id404(request.params.id, 'Reclamo')),
  }));

  app.get(
    '/operador/verificaciones',
    { schema: { querystring: z.object({ estado: z.enum(['ENVIADA', 'RESUELTAS']).default('ENVIADA') }) } },
    async (request) => ({
      success: true as const,
      data: await listVerificaciones(app.db, request.query.estado, now()),
    }),
  );
  app.get('/operador/verificaciones/:id', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await detalleVerificacion(app.db, id404(request.params.id, 'Verificación')),
  }));
  app.post(
    '/operador/verificaciones/:id/resolver',
    { schema: { params: IdParams, body: ResolverVerificacionSchema } },
    async (request) => {
      const id = id404(request.params.id, 'Verificación');
      const data = await resolverVerificacion(app.db, op(request), id, request.body, now());
      return {
        success: true as const,
        data,
        message:
          data.estado === 'APROBADA'
            ? OPERADOR_MESSAGES.VERIFICACION_APROBADA
            : OPERADOR_MESSAGES.VERIFICACION_RECHAZADA,
      };
    },
  );

  app.get(
    '/operador/pedidos',
    { schema: { querystring: BusquedaSchema.extend({ estado: z.enum(ESTADOS_PEDIDO).optional() }) } },
    async (request) => ({
      success: true as const,
      data: await searchPedidos(app.db, request.query.q, request.query.estado, request.query.limit),
    }),
  );
  app.get('/operador/pedidos/:id', { schema: { params: IdParams } }, async (request) => ({
    success: true as const,
    data: await detallePedido(app.db, id404(request.params.id, 'Pedido')),
  }));
  app.post(
    '/operador/pedidos/:id/cancelar',
    { schema: { params: IdParams, body: AccionConMotivoSchema } },
    async (request) => {
      const row = await cancelarPedidoOperador(
        app.db,
        op(request),
        id404(request.params.id, 'Pedido'),
        request.body.motivo,
        now(),
      );
      return { success: true as const, data: { estado: row.estado }, message: OPERADOR_MESSAGES.PEDIDO_CANCELADO };
    },
  );

  app.get('/operador/laboratorio', async () => ({
    success: true as const,
    data: await resumenLaboratorio(app.db, now()),
  }));
  app.post(
    '/operador/laboratorio/cuentas',
    { schema: { body: CreateCuentaLaboratorioSchema } },
    async (request, reply) => {
      try {
        const cuenta = await app.db.transaction(async (tx) => {
          const c = await createCuentaLaboratorio(tx, request.body);
          await auditar(
            tx,
            op(request),
            {
              accion: 'LABORATORIO_CREAR',
              entidad: 'cuenta',
              entidadId: c.id,
              motivo: `Cuenta del laboratorio (${c.resultado}): ${c.email}`,
              despues: { email: c.email, resultado: c.resultado },
            },
            now(),
          );
          return c;
        });
        return reply.status(201).send({
          success: true as const,
          data: { email: cuenta.email, resultado: cuenta.resultado, password: cuenta.password },
          message: OPERADOR_MESSAGES.LAB_CREADA,
        });
      } catch (err) {
        if (err instanceof CuentaLaboratorioError) throw new HttpError(409, 'CONFLICT', err.message);
        throw err;
      }
    },
  );

  app.get('/operador/laboratorio/direccion', async () => ({
    success: true as const,
    data: { direccion: await direccionLaboratorio(app.db) },
  }));
  app.put(
    '/operador/laboratorio/direccion',
    { schema: { body: DireccionLaboratorioSchema.extend({ motivo: MotivoSchema }) } },
    async (request) => {
      const { motivo, ...direccion } = request.body;
      const data = await changeDireccionLaboratorio(app.db, op(request), direccion, motivo, now());
      return { success: true as const, data: { direccion: data }, message: OPERADOR_MESSAGES.DIRECCION_LAB_GUARDADA };
    },
  );

  app.get('/operador/auditoria', { schema: { querystring: AuditoriaQuerySchema } }, async (request) => ({
    success: true as const,
    data: await searchAuditoria(app.db, request.query),
  }));
  app.get('/operador/auditoria/acciones', async () => ({
    success: true as const,
    data: { acciones: await accionesAuditoria(app.db) },
  }));
};
