import { createHash, randomUUID } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { UuidSchema } from '../contract/common';
import { DAY, MINUTE } from './clock';
import type { Db, Tx } from './db/client';
import { idempotencia } from './db/schema';
import { HttpError, badRequest, conflict } from './errors';
import type { Task } from './scheduler';

/**
 * Idempotency-Key (docs/product.md §11; docs/decisions/012-notificaciones-tareas-e-idempotencia.md).
 *
 *   same key, same request, first one done     → the first response again (header Idempotent-Replayed: true)
 *   same key, another body / route             → 422 IDEMPOTENCY_KEY_REUSED
 *   same key while the first is still running  → 409 IDEMPOTENCY_IN_PROGRESS
 *   no key where one is required               → 400 IDEMPOTENCY_KEY_REQUIRED (not a UUID: IDEMPOTENCY_KEY_INVALID)
 *
 * Keys are scoped per user and kept 24 hours. The operation runs in a transaction that also stores its
 * response, so "done" and "its effect committed" are one fact: a crash in between leaves neither, and the
 * key's short lease lets a retry run it. Only a 2xx outcome is stored; an error answer releases the key (the
 * transaction rolled back, nothing happened), so a retry is judged afresh.
 */

export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_MS = DAY;
/** A key held EN_CURSO longer than this belonged to a process that died. */
export const IDEMPOTENCY_LEASE_MS = MINUTE;

export interface IdempotentResult<B = unknown> {
  status: number;
  body: B;
}

export interface IdempotentOptions<P> {
  /** Refuse the request without a key (default true: docs/product.md §11 requires it for money or stock). */
  required?: boolean;
  /**
   * Slow work that needs no transaction (rendering a PDF, calling a carrier), run after the key is claimed and
   * before the transaction opens; its result is handed to the operation. A retry meanwhile gets the 409.
   */
  prepare?: () => Promise<P>;
}

/** JSON with object keys sorted at every level, so that key order does not change a request's fingerprint. */
export function canonicalJson(value: unknown): string {
  if (value === undefined) return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function requestFingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`)
    .digest('base64url');
}

/**
 * The request's key: undefined when absent; a 400 when present but not a UUID. The IETF draft writes the key as a
 * structured-field string (`Idempotency-Key: "8e03…"`); the bare form is what most clients send: both are the same
 * key.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  if (raw === undefined) return undefined;
  const value = (Array.isArray(raw) ? raw[0] : raw).trim();
  const parsed = UuidSchema.safeParse(/^"[^"]*"$/.test(value) ? value.slice(1, -1) : value);
  if (!parsed.success) throw badRequest('IDEMPOTENCY_KEY_INVALID');
  return parsed.data.toLowerCase();
}

type Claim = { kind: 'run'; owner: string } | { kind: 'replay'; status: number; body: string };

/**
 * Runs `operation` once per (user, Idempotency-Key) and answers with its response; see the rules above.
 * `operation` gets the transaction its writes must use; what it returns is sent (and stored when 2xx).
 *
 *   app.post(
 *     '/pedidos',
 *     { onRequest: requireComprador(PEDIDO_MESSAGES.SOLO_COMPRADORES), schema: { body: PedidoInputSchema, response: { 201: PedidoResponseSchema } } },
 *     async (request, reply) => {
 *       const user = signedInUser(request);
 *       return idempotent(request, reply, user.id, async (tx) => {
 *         const pedido = await reservar(tx, user, request.body, request.server.clock.now());
 *         return { status: 201, body: { success: true, data: { pedido } } };
 *       });
 *     },
 *   );
 */
export async function idempotent<B, P = undefined>(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: string,
  operation: (tx: Tx, prepared: P) => Promise<IdempotentResult<B>>,
  opts: IdempotentOptions<P> = {},
): Promise<FastifyReply> {
  const { db, clock } = request.server;
  const key = idempotencyKeyOf(request);
  if (!key) {
    if (opts.required !== false) throw badRequest('IDEMPOTENCY_KEY_REQUIRED');
    const prepared = (await opts.prepare?.()) as P;
    const result = await db.transaction((tx) => operation(tx, prepared));
    return reply.status(result.status).send(result.body);
  }

  const fingerprint = requestFingerprint(request);
  const claim = await claimKey(db, userId, key, fingerprint, clock.now());
  if (claim.kind === 'replay') {
    return reply.status(claim.status).header('idempotent-replayed', 'true').send(JSON.parse(claim.body));
  }

  const pk = and(
    eq(idempotencia.userId, userId),
    eq(idempotencia.clave, key),
    eq(idempotencia.propietario, claim.owner),
  );
  let result: IdempotentResult<B>;
  try {
    const prepared = (await opts.prepare?.()) as P;
    result = await db.transaction(async (tx) => {
      const r = await operation(tx, prepared);
      if (r.status >= 200 && r.status < 300) {
        const done = await tx
          .update(idempotencia)
          .set({ estado: 'COMPLETADA', statusCode: r.status, respuesta: JSON.stringify(r.body) })
          .where(and(pk, eq(idempotencia.estado, 'EN_CURSO')))
          .returning({ clave: idempotencia.clave });
        // The lease ran out and a retry took the key over: it runs the operation, this attempt must not.
        if (!done.length) throw conflict('IDEMPOTENCY_IN_PROGRESS');
      }
      return r;
    });
  } catch (err) {
    await db.delete(idempotencia).where(and(pk, eq(idempotencia.estado, 'EN_CURSO')));
    throw err;
  }
  if (result.status < 200 || result.status >= 300) {
    await db.delete(idempotencia).where(and(pk, eq(idempotencia.estado, 'EN_CURSO')));
  }
  return reply.status(result.status).send(result.body);
}

async function claimKey(db: Db, userId: string, clave: string, huella: string, now: Date): Promise<Claim> {
  const owner = randomUUID();
  const fresh = {
    huella,
    estado: 'EN_CURSO' as const,
    propietario: owner,
    statusCode: null,
    respuesta: null,
    createdAt: now,
    bloqueadaHasta: new Date(now.getTime() + IDEMPOTENCY_LEASE_MS),
    expiraAt: new Date(now.getTime() + IDEMPOTENCY_TTL_MS),
  };
  const pk = and(eq(idempotencia.userId, userId), eq(idempotencia.clave, clave));
  // A row can vanish or change between the insert and the read (released, swept): look again.
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db
      .insert(idempotencia)
      .values({ userId, clave, ...fresh })
      .onConflictDoNothing()
      .returning({ clave: idempotencia.clave });
    if (inserted.length) return { kind: 'run', owner };

    const [row] = await db.select().from(idempotencia).where(pk).limit(1);
    if (!row) continue;
    if (row.expiraAt <= now) {
      // Older than 24 hours: the key is free again.
      const taken = await db
        .update(idempotencia)
        .set(fresh)
        .where(and(pk, eq(idempotencia.propietario, row.propietario), lte(idempotencia.expiraAt, now)))
        .returning({ clave: idempotencia.clave });
      if (taken.length) return { kind: 'run', owner };
      continue;
    }
    if (row.huella !== huella) throw new HttpError(422, 'IDEMPOTENCY_KEY_REUSED');
    if (row.estado === 'COMPLETADA')
      return { kind: 'replay', status: row.statusCode ?? 200, body: row.respuesta ?? 'null' };
    if (row.bloqueadaHasta > now) throw conflict('IDEMPOTENCY_IN_PROGRESS');
    // EN_CURSO with its lease run out: the attempt died before committing anything; take it over.
    const taken = await db
      .update(idempotencia)
      .set({ propietario: owner, bloqueadaHasta: fresh.bloqueadaHasta })
      .where(and(pk, eq(idempotencia.propietario, row.propietario), eq(idempotencia.estado, 'EN_CURSO')))
      .returning({ clave: idempotencia.clave });
    if (taken.length) return { kind: 'run', owner };
  }
  throw conflict('IDEMPOTENCY_IN_PROGRESS');
}

/** Scheduler task: forgets keys older than 24 hours (once an hour, in one process). */
export const idempotencySweepTask: Task = {
  name: 'idempotencia.limpiar',
  everyMs: 60 * MINUTE,
  run: async ({ db, now }) => {
    const gone = await db
      .delete(idempotencia)
      .where(lte(idempotencia.expiraAt, now))
      .returning({ clave: idempotencia.clave });
    return gone.length;
  },
};
