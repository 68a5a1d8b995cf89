import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import {
  BUSQUEDA_MESSAGES,
  BajaBodySchema,
  BajaResponseSchema,
  BusquedaEliminadaResponseSchema,
  BusquedaInputSchema,
  BusquedaResponseSchema,
  BusquedasResponseSchema,
  BusquedaUpdateSchema,
} from '../../../contract/busquedas';
import { BUSQUEDAS_API } from '../../../contract/busquedas-endpoints';
import { requireComprador, signedInUser } from '../../auth/guards';
import { busquedasGuardadas } from '../../db/schema/busquedas';
import { IdParams, idOr404 } from '../../lib/params';
import { route } from '../../lib/route';
import type { MailRenderer } from '../../mail/outbox';
import type { Task } from '../../scheduler';
import type { CatalogoReader } from '../lotes';
import { renderNotificacionMail } from '../notificaciones';
import {
  BUSQUEDA_MAIL,
  updateBusqueda,
  darDeBaja,
  deleteBusqueda,
  enviarAvisosDeBusquedas,
  saveBusqueda,
  listBusquedas,
} from './service';

export const BUSQUEDAS_TASK = 'busquedas.avisos';
/** The daily alerts of saved searches, checked hourly (each search is told at most once a day). */
export const busquedasTask = (catalogo: CatalogoReader): Task => ({
  name: BUSQUEDAS_TASK,
  everyMs: 60 * 60 * 1000,
  run: ({ now }) => enviarAvisosDeBusquedas(catalogo, now),
});

/** The alert's e-mail: the notification's own, with the link that stops this search's e-mails in one click. */
const renderAvisoMail: MailRenderer = async (ctx) => {
  const base = await renderNotificacionMail(ctx);
  const busquedaId = typeof ctx.datos.busquedaId === 'string' ? ctx.datos.busquedaId : '';
  const [b] = await ctx.db
    .select({ token: busquedasGuardadas.bajaToken, avisarEmail: busquedasGuardadas.avisarEmail })
    .from(busquedasGuardadas)
    .where(eq(busquedasGuardadas.id, busquedaId));
  // Deleted or unsubscribed since it was queued: it no longer goes.
  if (!base || !b?.avisarEmail) return null;
  return {
    ...base,
    unsubscribe: {
      label: 'Dejar de recibir por correo los avisos de esta búsqueda',
      url: `${ctx.publicUrl}/Auth/BajaBusqueda?token=${encodeURIComponent(b.token)}`,
    },
  };
};

const busquedaId = (raw: string) => idOr404(raw, BUSQUEDA_MESSAGES.noEncontrada);
/** Saved searches (issue 32): the buyer's own (anyone else's is 404), their daily alert and its unsubscribe link. */
export const busquedasRoutes: FastifyPluginAsyncZod = async (app) => {
  app.outbox.register(BUSQUEDA_MAIL, renderAvisoMail);
  const guard = { onRequest: requireComprador('Solo los compradores pueden guardar búsquedas.') };
  const me = (r: FastifyRequest) => signedInUser(r).id;

  route(
    app,
    BUSQUEDAS_API.listar,
    { ...guard, schema: { response: { 200: BusquedasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, data: { busquedas: await listBusquedas(app, me(request)) } };
    },
  );

  route(
    app,
    BUSQUEDAS_API.guardar,
    { ...guard, schema: { body: BusquedaInputSchema, response: { 201: BusquedaResponseSchema } } },
    async (request, reply) => {
      const busqueda = await saveBusqueda(app, me(request), request.body);
      return reply.status(201).send({ success: true, data: { busqueda }, message: BUSQUEDA_MESSAGES.guardada });
    },
  );

  route(
    app,
    BUSQUEDAS_API.actualizar,
    { ...guard, schema: { params: IdParams, body: BusquedaUpdateSchema, response: { 200: BusquedaResponseSchema } } },
    async (request) => {
      const busqueda = await updateBusqueda(app, me(request), busquedaId(request.params.id), request.body);
      return { success: true as const, data: { busqueda }, message: BUSQUEDA_MESSAGES.actualizada };
    },
  );

  route(
    app,
    BUSQUEDAS_API.eliminar,
    { ...guard, schema: { params: IdParams, response: { 200: BusquedaEliminadaResponseSchema } } },
    async (request) => {
      await deleteBusqueda(app.db, me(request), busquedaId(request.params.id));
      return { success: true as const, data: { id: request.params.id }, message: BUSQUEDA_MESSAGES.eliminada };
    },
  );

  // The e-mail's link: no session needed (the token is the proof); the page at /Auth/BajaBusqueda posts it.
  route(
    app,
    BUSQUEDAS_API.baja,
    { schema: { body: BajaBodySchema, response: { 200: BajaResponseSchema } } },
    async (request) => {
      const nombre = await darDeBaja(app.db, request.body.token);
      return { success: true as const, data: { nombre }, message: BUSQUEDA_MESSAGES.bajaHecha(nombre) };
    },
  );
};
