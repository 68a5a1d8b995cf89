import type { FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { users } from '../db/schema';
import { forbidden, unauthorized } from '../errors';
import type { TipoCuenta } from '../../contract/common';
import { requiresSecondFactor } from '../../contract/roles';

export type UserRow = typeof users.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, set by requireUser / optionalUser. */
    user?: UserRow;
    /** A renewed token; the response carries it as `refreshedToken`. */
    refreshedToken?: string;
  }
}

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? '';
}

async function authenticate(request: FastifyRequest, token: string): Promise<UserRow> {
  const app = request.server;
  const claims = await app.tokens.verify(token);
  if (!claims) throw unauthorized('TOKEN_INVALID');
  const [user] = await app.db.select().from(users).where(eq(users.id, claims.sub)).limit(1);
  // A deleted account never signs in again (docs/decisions/046), whatever token it held.
  if (!user || user.eliminadaAt || user.tokenVersion !== claims.tv) throw unauthorized('TOKEN_INVALID');
  // A lab or operator session is only one once the second factor passed (decision 045); a suspended account has none.
  if (requiresSecondFactor(user.tipoUser) && !claims.mfa) throw unauthorized('TOKEN_INVALID');
  if (user.suspendidaAt) throw unauthorized('TOKEN_INVALID');
  request.user = user;
  const renewed = await app.tokens.renewIfDue(claims);
  if (renewed) request.refreshedToken = renewed;
  return user;
}

/** Narrows the request to a signed-in user: 401 "Token de autorización requerido" or "Token inválido". */
export async function requireUser(request: FastifyRequest, _reply?: FastifyReply): Promise<UserRow> {
  if (request.user) return request.user;
  const token = bearer(request);
  if (token === undefined) throw unauthorized('TOKEN_REQUIRED');
  if (!token) throw unauthorized('TOKEN_INVALID');
  return authenticate(request, token);
}

/** Identifies the caller when a token is sent, without requiring one (public routes that owners see more of). */
export async function optionalUser(request: FastifyRequest): Promise<UserRow | undefined> {
  const token = bearer(request);
  if (!token) return undefined;
  try {
    return await authenticate(request, token);
  } catch {
    return undefined;
  }
}

/** One role's calls: any other account gets 403, in the caller's words when it has them. */
export function requireRole(role: TipoCuenta, message?: string) {
  return async (request: FastifyRequest): Promise<UserRow> => {
    const user = await requireUser(request);
    if (user.tipoUser !== role) throw forbidden('ROLE_REQUIRED', message);
    return user;
  };
}

/** A buyer's calls; a module passes its own refusal ("Solo los compradores publican solicitudes."). */
export const requireComprador = (message?: string) => requireRole('COMPRADOR', message);

export const isProductor = (u: UserRow) => u.tipoUser === 'PRODUCTOR';
export const isComprador = (u: UserRow) => u.tipoUser === 'COMPRADOR';
/** Only a producer with a profile can load, create, update, delete or hide their lots (docs/product.md §6). */
export const canPublishLotes = (u: UserRow) => isProductor(u) && u.perfilBase;

export async function requireProductorWithPerfil(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (!isProductor(user)) throw forbidden('ROLE_REQUIRED');
  if (!canPublishLotes(user)) throw forbidden('PROFILE_REQUIRED');
  return user;
}

/**
 * The user an `onRequest` guard signed in. Routes that declare schemas check access in `onRequest` (before their
 * input is validated, so a visitor gets 401, never a 400 about input they may not send), then read the user here.
 */
export function signedInUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized('TOKEN_REQUIRED');
  return request.user;
}

export const isLaboratorio = (u: UserRow) => u.tipoUser === 'LABORATORIO';

/** Cereza's quality lab (TRADE.md "The quality lab"): any other account gets 403. */
export const requireLaboratorio = requireRole('LABORATORIO');

export const isOperador = (u: UserRow) => u.tipoUser === 'OPERADOR';

/** Cereza's operator (docs/decisions/045): a session that passed the second factor; any other account gets 403. */
export const requireOperador = requireRole('OPERADOR');

/** A buyer or a producer: the trade's parties (the lab and the operator have their own calls). */
export async function requireParte(request: FastifyRequest): Promise<UserRow> {
  const user = await requireUser(request);
  if (isLaboratorio(user) || isOperador(user)) throw forbidden('ROLE_REQUIRED');
  return user;
}
