import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import {
  AUTH_MESSAGES,
  ChangePasswordSchema,
  DeleteAccountSchema,
  InformacionComercialSchema,
  UpdateMeSchema,
} from '../../../contract/auth';
import { PreferenciasSchema, readPreferencias } from '../../../contract/notificaciones';
import { users } from '../../db/schema';
import { requireUser } from '../../auth/guards';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import { HttpError, badRequest, forbidden } from '../../errors';
import { parseOr400 } from '../../validation';
import { invalidateLotesCache } from '../lotes/service';
import { verifyGoogleCredential } from '../auth/google';
import { assertStrongPassword, startSession } from '../auth/service';
import { dataUserOf, deleteAccount } from './service';
import { notify } from '../notificaciones/notify';

export const usersRoutes: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { userId: string } }>('/users/:userId', async (request) => {
    const user = await requireUser(request);
    const { userId } = request.params;
    if (userId !== 'me' && userId !== user.id) throw forbidden('FORBIDDEN');
    const dataUser = await dataUserOf(app.db, user);
    return { success: true, user: dataUser, dataUser };
  });

  app.put('/users/me', async (request) => {
    const user = await requireUser(request);
    const input = parseOr400(UpdateMeSchema, request.body);
    const [updated] = await app.db
      .update(users)
      .set({ nombre: input.nombre, apellido: input.apellido, name: input.name, updatedAt: new Date() })
      .where(eq(users.id, user.id))
      .returning();
    return { success: true, dataUser: await dataUserOf(app.db, updated), message: AUTH_MESSAGES.ACCOUNT_UPDATED };
  });

  app.put('/users/me/password', async (request) => {
    const user = await requireUser(request);
    const input = parseOr400(ChangePasswordSchema, request.body);
    if (!user.passwordHash)
      throw badRequest('PASSWORD_NOT_SET', undefined, {
        passwordActual: 'Tu cuenta inicia sesión con Google y no tiene contraseña.',
      });
    // 400 (not 401): a mistyped current password must not end the session in the browser.
    if (!(await verifyPassword(user.passwordHash, input.passwordActual))) {
      throw badRequest('PASSWORD_INCORRECT', undefined, { passwordActual: 'La contraseña actual no es correcta.' });
    }
    assertStrongPassword(input.passwordNueva, user.email, 'passwordNueva');
    const passwordHash = await hashPassword(input.passwordNueva);
    const revoked = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ passwordHash, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: new Date() })
        .where(eq(users.id, user.id))
        .returning();
      await notify(tx, {
        userId: user.id,
        tipo: 'CONTRASENA_CAMBIADA',
        como: 'desde tu cuenta',
        enlace: '/Auth/Recuperar',
      });
      return row;
    });
    request.refreshedToken = undefined;
    const session = await startSession(app, revoked);
    return { success: true, ...session, message: AUTH_MESSAGES.PASSWORD_CHANGED };
  });

  app.delete('/users/me', async (request) => {
    const user = await requireUser(request);
    const input = parseOr400(DeleteAccountSchema, request.body ?? {});
    let confirmed = false;
    if (input.password && user.passwordHash) confirmed = await verifyPassword(user.passwordHash, input.password);
    else if (input.credential && user.googleSub) {
      const identity = await verifyGoogleCredential(app.config.google, input.credential);
      confirmed = identity?.sub === user.googleSub;
    }
    if (!confirmed) {
      // 403, not 401: the session stays valid, only this confirmation failed.
      throw new HttpError(
        403,
        'REAUTH_FAILED',
        undefined,
        input.password ? { password: 'La contraseña no es correcta.' } : undefined,
      );
    }
    await deleteAccount(app.db, app.storage, user.id);
    invalidateLotesCache();
    request.refreshedToken = undefined;
    return { success: true, message: AUTH_MESSAGES.ACCOUNT_DELETED };
  });

  app.get('/users/me/notificaciones', async (request) => {
    const user = await requireUser(request);
    return { success: true, notificaciones: readPreferencias(user.notificaciones) };
  });

  app.put('/users/me/notificaciones', async (request) => {
    const user = await requireUser(request);
    // Any subset of the preferences may be sent; the rest keep their value. In-app notifications are always on:
    // these switches decide the e-mail of each kind (security notices cannot be switched off) and the newsletter.
    const patch = parseOr400(PreferenciasSchema.partial().strict(), request.body);
    const notificaciones = { ...readPreferencias(user.notificaciones), ...patch };
    await app.db.update(users).set({ notificaciones, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { success: true, notificaciones, message: AUTH_MESSAGES.NOTIFICACIONES_SAVED };
  });

  app.get('/users/me/informacion-comercial', async (request) => {
    const user = await requireUser(request);
    return { success: true, informacionComercial: user.informacionComercial ?? null };
  });

  app.put('/users/me/informacion-comercial', async (request) => {
    const user = await requireUser(request);
    const informacionComercial = parseOr400(InformacionComercialSchema, request.body);
    await app.db.update(users).set({ informacionComercial, updatedAt: new Date() }).where(eq(users.id, user.id));
    return { success: true, informacionComercial, message: AUTH_MESSAGES.INFO_COMERCIAL_SAVED };
  });
};
