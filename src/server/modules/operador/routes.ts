import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DireccionLaboratorioResponseSchema } from '../../../contract/ajustes';
import { OkMessageOnlyResponseSchema } from '../../../contract/common';
import {
  AccionConMotivoSchema,
  AuditoriaQuerySchema,
  BusquedaSchema,
  CreateCuentaLaboratorioSchema,
  DireccionLaboratorioCambioSchema,
  OPERADOR_MESSAGES,
  PedidosQuerySchema,
  ReportesQuerySchema,
  ResolverReporteSchema,
  VerificacionesQuerySchema,
} from '../../../contract/operador';
import {
  AccionesAuditoriaResponseSchema,
  AuditoriaResponseSchema,
  CuentaDetalleResponseSchema,
  CuentaLaboratorioCreadaResponseSchema,
  CuentaReactivadaResponseSchema,
  CuentasResponseSchema,
  CuentaSuspendidaResponseSchema,
  DireccionLaboratorioGuardadaResponseSchema,
  LaboratorioResumenResponseSchema,
  LoteDetalleResponseSchema,
  LotesResponseSchema,
  PedidoCanceladoResponseSchema,
  PedidoDetalleResponseSchema,
  PedidosResponseSchema,
  ReclamoDetalleResponseSchema,
  ReclamoResueltoResponseSchema,
  ReclamosResponseSchema,
  ReporteHiloResponseSchema,
  ReportesResponseSchema,
  ResumenResponseSchema,
  VerificacionDetalleResponseSchema,
  VerificacionesResponseSchema,
  VerificacionResueltaResponseSchema,
} from '../../../contract/operador-answers';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { ResolverReclamoSchema } from '../../../contract/pedidos';
import { ResolverVerificacionSchema } from '../../../contract/verificacion';
import { requireOperador, signedInUser } from '../../auth/guards';
import { HttpError } from '../../errors';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
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
export const OPERADOR_RUTAS = new Map<string, { method: string; url: string; answerChecked: boolean }>();

export const operadorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) {
      if (method === 'HEAD') continue;
      OPERADOR_RUTAS.set(`${method} ${r.url}`, { method, url: r.url, answerChecked: !!r.schema?.response });
    }
  });
  app.addHook('onRequest', requireOperador);
  const now = () => app.clock.now();
  const op = signedInUser;

  const motivo = AccionConMotivoSchema;

  route(app, OPERADOR_API.resumen, { schema: { response: { 200: ResumenResponseSchema } } }, async () => ({
    success: true as const,
    data: await resumen(app.db, now()),
  }));

  route(
    app,
    OPERADOR_API.cuentas,
    { schema: { querystring: BusquedaSchema, response: { 200: CuentasResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await searchCuentas(app.db, request.query.q, request.query.limit),
    }),
  );
  route(
    app,
    OPERADOR_API.cuenta,
    { schema: { params: IdParams, response: { 200: CuentaDetalleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await detalleCuenta(app.db, id404(request.params.id, 'Cuenta')),
    }),
  );
  route(
    app,
    OPERADOR_API.suspenderCuenta,
    { schema: { params: IdParams, body: motivo, response: { 200: CuentaSuspendidaResponseSchema } } },
    async (request) => {
      const id = id404(request.params.id, 'Cuenta');
      const data = await suspenderCuenta(app.db, op(request), id, request.body.motivo, now());
      const message =
        data.tipoUser === 'LABORATORIO' ? OPERADOR_MESSAGES.LAB_DESACTIVADA : OPERADOR_MESSAGES.CUENTA_SUSPENDIDA;
      return { success: true as const, data: { lotesOcultados: data.lotesOcultados }, message };
    },
  );
  route(
    app,
    OPERADOR_API.reactivarCuenta,
    { schema: { params: IdParams, body: motivo, response: { 200: CuentaReactivadaResponseSchema } } },
    async (request) => {
      const id = id404(request.params.id, 'Cuenta');
      const data = await reactivarCuenta(app.db, op(request), id, request.body.motivo, now());
      const message =
        data.tipoUser === 'LABORATORIO' ? OPERADOR_MESSAGES.LAB_REACTIVADA : OPERADOR_MESSAGES.CUENTA_REACTIVADA;
      return { success: true as const, data: { lotesPublicados: data.lotesPublicados }, message };
    },
  );
  route(
    app,
    OPERADOR_API.retirarVerificacion,
    { schema: { params: IdParams, body: motivo, response: { 200: OkMessageOnlyResponseSchema } } },
    async (request) => {
      await retirarVerificacion(app.db, op(request), id404(request.params.id, 'Cuenta'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.VERIFICACION_RETIRADA };
    },
  );

  route(
    app,
    OPERADOR_API.lotes,
    { schema: { querystring: BusquedaSchema, response: { 200: LotesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await searchLotes(app.db, request.query.q, request.query.limit),
    }),
  );
  route(
    app,
    OPERADOR_API.lote,
    { schema: { params: IdParams, response: { 200: LoteDetalleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await detalleLote(app.db, id404(request.params.id, 'Lote')),
    }),
  );
  route(
    app,
    OPERADOR_API.ocultarLote,
    { schema: { params: IdParams, body: motivo, response: { 200: OkMessageOnlyResponseSchema } } },
    async (request) => {
      await ocultarLote(app.db, op(request), id404(request.params.id, 'Lote'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.LOTE_OCULTO };
    },
  );
  route(
    app,
    OPERADOR_API.showLote,
    { schema: { params: IdParams, body: motivo, response: { 200: OkMessageOnlyResponseSchema } } },
    async (request) => {
      await showLote(app.db, op(request), id404(request.params.id, 'Lote'), request.body.motivo, now());
      return { success: true as const, message: OPERADOR_MESSAGES.LOTE_VISIBLE };
    },
  );

  route(
    app,
    OPERADOR_API.reportes,
    { schema: { querystring: ReportesQuerySchema, response: { 200: ReportesResponseSchema } } },
    async (request) => ({ success: true as const, data: await listReportes(app.db, request.query.estado, now()) }),
  );
  route(
    app,
    OPERADOR_API.readReporte,
    { schema: { params: IdParams, response: { 200: ReporteHiloResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await readReporte(app.db, op(request), id404(request.params.id, 'Reporte'), now()),
    }),
  );
  route(
    app,
    OPERADOR_API.resolverReporte,
    { schema: { params: IdParams, body: ResolverReporteSchema, response: { 200: OkMessageOnlyResponseSchema } } },
    async (request) => {
      await resolverReporte(app.db, op(request), id404(request.params.id, 'Reporte'), request.body, now());
      return { success: true as const, message: OPERADOR_MESSAGES.REPORTE_RESUELTO };
    },
  );

  route(app, OPERADOR_API.reclamos, { schema: { response: { 200: ReclamosResponseSchema } } }, async () => ({
    success: true as const,
    data: await listReclamosOperador(app.db, now()),
  }));
  route(
    app,
    OPERADOR_API.resolverReclamo,
    {
      schema: { params: NumeroParams, body: ResolverReclamoSchema, response: { 200: ReclamoResueltoResponseSchema } },
    },
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
  route(
    app,
    OPERADOR_API.reclamo,
    { schema: { params: IdParams, response: { 200: ReclamoDetalleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await detalleReclamo(app.db, id404(request.params.id, 'Reclamo')),
    }),
  );

  route(
    app,
    OPERADOR_API.verificaciones,
    { schema: { querystring: VerificacionesQuerySchema, response: { 200: VerificacionesResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await listVerificaciones(app.db, request.query.estado, now()),
    }),
  );
  route(
    app,
    OPERADOR_API.verificacion,
    { schema: { params: IdParams, response: { 200: VerificacionDetalleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await detalleVerificacion(app.db, id404(request.params.id, 'Verificación')),
    }),
  );
  route(
    app,
    OPERADOR_API.resolverVerificacion,
    {
      schema: {
        params: IdParams,
        body: ResolverVerificacionSchema,
        response: { 200: VerificacionResueltaResponseSchema },
      },
    },
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

  route(
    app,
    OPERADOR_API.pedidos,
    { schema: { querystring: PedidosQuerySchema, response: { 200: PedidosResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await searchPedidos(app.db, request.query.q, request.query.estado, request.query.limit),
    }),
  );
  route(
    app,
    OPERADOR_API.pedido,
    { schema: { params: IdParams, response: { 200: PedidoDetalleResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await detallePedido(app.db, id404(request.params.id, 'Pedido')),
    }),
  );
  route(
    app,
    OPERADOR_API.cancelarPedido,
    { schema: { params: IdParams, body: motivo, response: { 200: PedidoCanceladoResponseSchema } } },
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

  route(
    app,
    OPERADOR_API.laboratorio,
    { schema: { response: { 200: LaboratorioResumenResponseSchema } } },
    async () => ({
      success: true as const,
      data: await resumenLaboratorio(app.db, now()),
    }),
  );
  route(
    app,
    OPERADOR_API.createCuentaLaboratorio,
    { schema: { body: CreateCuentaLaboratorioSchema, response: { 201: CuentaLaboratorioCreadaResponseSchema } } },
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

  route(
    app,
    OPERADOR_API.direccionLaboratorio,
    { schema: { response: { 200: DireccionLaboratorioResponseSchema } } },
    async () => ({
      success: true as const,
      data: { direccion: await direccionLaboratorio(app.db) },
    }),
  );
  route(
    app,
    OPERADOR_API.saveDireccionLaboratorio,
    {
      schema: { body: DireccionLaboratorioCambioSchema, response: { 200: DireccionLaboratorioGuardadaResponseSchema } },
    },
    async (request) => {
      const { motivo, ...direccion } = request.body;
      const data = await changeDireccionLaboratorio(app.db, op(request), direccion, motivo, now());
      return { success: true as const, data: { direccion: data }, message: OPERADOR_MESSAGES.DIRECCION_LAB_GUARDADA };
    },
  );

  route(
    app,
    OPERADOR_API.auditoria,
    { schema: { querystring: AuditoriaQuerySchema, response: { 200: AuditoriaResponseSchema } } },
    async (request) => ({
      success: true as const,
      data: await searchAuditoria(app.db, request.query),
    }),
  );
  route(
    app,
    OPERADOR_API.accionesAuditoria,
    { schema: { response: { 200: AccionesAuditoriaResponseSchema } } },
    async () => ({
      success: true as const,
      data: { acciones: await accionesAuditoria(app.db) },
    }),
  );
};
