import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AUTH_MESSAGES,
  ChangePasswordSchema,
  DeleteAccountSchema,
  InformacionComercialSchema,
  UpdateMeSchema,
} from '../../../contract/auth';
import { readPreferencias } from '../../../contract/notificaciones';
import {
  InformacionComercialResponseSchema,
  InformacionComercialSavedResponseSchema,
  MessageResponseSchema,
  OperacionesAbiertasResponseSchema,
  PreferenciasPatchSchema,
  PreferenciasResponseSchema,
  PreferenciasSavedResponseSchema,
  SessionMessageResponseSchema,
  UserResponseSchema,
  UserSavedResponseSchema,
} from '../../../contract/users';
import { USERS_API } from '../../../contract/users-endpoints';
import { requireUser, signedInUser } from '../../auth/guards';
import { route } from '../../lib/route';
import { forbidden } from '../../errors';
import { productorChanged } from '../lotes';
import { startSession } from '../auth';
import { dataUserOf } from '../perfiles';
import { deleteAccount, operacionesAbiertas } from './delete-cuenta';
import { changePassword, confirmIdentity, saveInformacionComercial, saveNotificaciones, updateMe } from './service';

/** The signed-in account: its data, password, deletion and settings (docs/decisions/011's module shape). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const signedIn = { onRequest: requireUser };

  route(
    app,
    USERS_API.usuario,
    { ...signedIn, schema: { params: z.object({ userId: z.string() }), response: { 200: UserResponseSchema } } },
    async (request) => {
      const user = signedInUser(request);
      const { userId } = request.params;
      if (userId !== 'me' && userId !== user.id) throw forbidden('FORBIDDEN');
      const dataUser = await dataUserOf(app.db, user);
      return { success: true as const, user: dataUser, dataUser };
    },
  );

  route(
    app,
    USERS_API.actualizar,
    { ...signedIn, schema: { body: UpdateMeSchema, response: { 200: UserSavedResponseSchema } } },
    async (request) => {
      const updated = await updateMe(app.db, signedInUser(request).id, request.body);
      const dataUser = await dataUserOf(app.db, updated);
      return { success: true as const, dataUser, message: AUTH_MESSAGES.ACCOUNT_UPDATED };
    },
  );

  route(
    app,
    USERS_API.password,
    { ...signedIn, schema: { body: ChangePasswordSchema, response: { 200: SessionMessageResponseSchema } } },
    async (request) => {
      const updated = await changePassword(app.db, signedInUser(request), request.body);
      // Every older token was revoked, the renewal computed for this request with them.
      request.refreshedToken = undefined;
      // The caller's session passed the guard: for a lab or operator account it had passed the second factor.
      const session = await startSession(app.db, app.tokens, updated, true);
      return { success: true as const, ...session, message: AUTH_MESSAGES.PASSWORD_CHANGED };
    },
  );

  route(
    app,
    USERS_API.eliminar,
    {
      ...signedIn,
      // The confirmation rides in the body of a DELETE; none at all is the same as an empty one.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: { body: DeleteAccountSchema, response: { 200: MessageResponseSchema } },
    },
    async (request) => {
      const user = signedInUser(request);
      await confirmIdentity(app.config.google, user, request.body);
      await deleteAccount(app.db, app.storage, user.id);
      // Their lots were retired or deleted and their name changed: every process's catalogue sees it (decision 007).
      await productorChanged(app.db, user.id);
      request.refreshedToken = undefined;
      return { success: true as const, message: AUTH_MESSAGES.ACCOUNT_DELETED };
    },
  );

  // What keeps the account from being deleted, with links (docs/decisions/046): the deletion page lists it.
  route(
    app,
    USERS_API.operacionesAbiertas,
    { ...signedIn, schema: { response: { 200: OperacionesAbiertasResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { success: true as const, operaciones: await operacionesAbiertas(app.db, signedInUser(request).id) };
    },
  );

  route(
    app,
    USERS_API.notificaciones,
    { ...signedIn, schema: { response: { 200: PreferenciasResponseSchema } } },
    async (request) => ({
      success: true as const,
      notificaciones: readPreferencias(signedInUser(request).notificaciones),
    }),
  );

  route(
    app,
    USERS_API.guardarNotificaciones,
    { ...signedIn, schema: { body: PreferenciasPatchSchema, response: { 200: PreferenciasSavedResponseSchema } } },
    async (request) => {
      const notificaciones = await saveNotificaciones(app.db, signedInUser(request), request.body);
      return { success: true as const, notificaciones, message: AUTH_MESSAGES.NOTIFICACIONES_SAVED };
    },
  );

  route(
    app,
    USERS_API.informacionComercial,
    { ...signedIn, schema: { response: { 200: InformacionComercialResponseSchema } } },
    async (request) => ({
      success: true as const,
      informacionComercial: signedInUser(request).informacionComercial ?? null,
    }),
  );

  route(
    app,
    USERS_API.guardarInformacionComercial,
    {
      ...signedIn,
      schema: { body: InformacionComercialSchema, response: { 200: InformacionComercialSavedResponseSchema } },
    },
    async (request) => {
      const informacionComercial = await saveInformacionComercial(app.db, signedInUser(request).id, request.body);
      return { success: true as const, informacionComercial, message: AUTH_MESSAGES.INFO_COMERCIAL_SAVED };
    },
  );
};
