import { eq, inArray, sql } from 'drizzle-orm';
import {
  wantsEmail,
  renderNotificacion,
  type NotificacionParams,
  type TipoNotificacion,
} from '../../../contract/notificaciones';
import type { DbOrTx } from '../../db/client';
import { correos, notificaciones } from '../../db/schema/notificaciones';
import { users } from '../../db/schema/users';
import { OUTBOX_CHANNEL } from '../../mail/outbox';

/** The outbox renderer of notification e-mails (registered by ./routes.ts). */
export const NOTIFICACION_MAIL = 'NOTIFICACION';

interface NotifyCommon {
  userId: string;
  /** A path inside Cereza (`PAGINAS.comprador.muestras(id)` of contract/paginas); e-mails make it absolute with PUBLIC_URL. */
  enlace?: string | null;
  /** What it is about, e.g. 'muestra' and its id (for the web to group or link; not interpreted here). */
  entidad?: string | null;
  entidadId?: string | null;
}

/** `{ userId, tipo, ...the kind's parameters, enlace?, entidad?, entidadId? }`, checked against the registry. */
export type NotifyInput = {
  [K in TipoNotificacion]: NotifyCommon & { tipo: K } & NotificacionParams<K>;
}[TipoNotificacion];

export interface Notified {
  id: string;
  /** Whether an e-mail was queued (the kind's preference for this account). */
  emailQueued: boolean;
}

export interface NotifyOptions {
  /**
   * false: in-app only; the feature mails by its own rule, still honouring the kind's preference (messages:
   * one mail per unread burst, not one per message).
   */
  email?: boolean;
  /**
   * The account's stored preferences (`users.notificaciones`), when the caller read them already in this
   * transaction (one round trip fewer on a hot path: a reservation). Without them they are read here.
   */
  preferencias?: Record<string, boolean>;
}

const esRutaInterna = (enlace: string) => enlace.startsWith('/') && !enlace.startsWith('//') && !enlace.includes('\\');

/**
 * Writes one notification in the caller's transaction (the outbox pattern: it exists if and only if the
 * event that caused it committed), and queues its e-mail when the account's preferences want it. As
 * `solicitarMuestra` (modules/muestras/service.ts) does, inside the request's transaction, after the row it
 * speaks of is written:
 *
 *   await notify(tx, { userId: row.productorId, tipo: 'MUESTRA_SOLICITADA', lote: muestra.lote.nombre,
 *     comprador: muestra.comprador.empresa ?? muestra.comprador.nombre,
 *     enlace: PAGINAS.productor.pedidosMuestras(row.id), entidad: 'muestra', entidadId: row.id });
 */
export async function notify(tx: DbOrTx, input: NotifyInput, opts: NotifyOptions = {}): Promise<Notified> {
  const { userId, tipo, enlace = null, entidad = null, entidadId = null, ...params } = input;
  if (enlace !== null && !esRutaInterna(enlace))
    throw new Error(`notify: enlace must be a path inside Cereza, got "${enlace}"`);
  const { titulo, texto } = renderNotificacion(tipo, params as NotificacionParams<typeof tipo>);
  const [user] = opts.preferencias
    ? [{ notificaciones: opts.preferencias }]
    : await tx.select({ notificaciones: users.notificaciones }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new Error(`notify: no account ${userId}`);
  const emailQueued = opts.email !== false && wantsEmail(user.notificaciones, tipo);
  if (emailQueued) {
    return { id: await notifyAndMail(tx, { userId, tipo, titulo, texto, enlace, entidad, entidadId }), emailQueued };
  }
  const [row] = await tx
    .insert(notificaciones)
    .values({ userId, tipo, titulo, texto, enlace, entidad, entidadId })
    .returning({ id: notificaciones.id });
  return { id: row.id, emailQueued };
}

const column = (c: { name: string }) => sql.identifier(c.name);

/**
 * The notification, its e-mail in the outbox (`enqueueMail`'s row and wake-up) in one statement instead of three:
 * a reservation writes two of them, and on the embedded database each statement is most of a millisecond of the
 * server's only thread (issue 33). The same rows and the same NOTIFY as the three, in the caller's transaction.
 */
async function notifyAndMail(tx: DbOrTx, n: typeof notificaciones.$inferInsert): Promise<string> {
  const { rows } = (await tx.execute(sql`
    with n as (
      insert into ${notificaciones} (${column(notificaciones.userId)}, ${column(notificaciones.tipo)},
        ${column(notificaciones.titulo)}, ${column(notificaciones.texto)}, ${column(notificaciones.enlace)},
        ${column(notificaciones.entidad)}, ${column(notificaciones.entidadId)})
      values (${n.userId}, ${n.tipo}, ${n.titulo}, ${n.texto}, ${n.enlace}, ${n.entidad}, ${n.entidadId})
      returning ${column(notificaciones.id)}
    ), c as (
      insert into ${correos} (${column(correos.userId)}, ${column(correos.tipo)}, ${column(correos.notificacionId)})
      select ${n.userId}, ${NOTIFICACION_MAIL}, n.id from n
    )
    select n.id::text as id, pg_notify(${OUTBOX_CHANNEL}, '') from n`)) as unknown as { rows: Array<{ id: string }> };
  return rows[0].id;
}

/** The same notification for several accounts (e.g. every buyer who saved a producer's lots). */
export async function notifyMany(
  tx: DbOrTx,
  userIds: readonly string[],
  input: NotifyInput extends infer I ? (I extends NotifyInput ? Omit<I, 'userId'> : never) : never,
): Promise<Notified[]> {
  const unique = [...new Set(userIds)];
  if (!unique.length) return [];
  // One read of the accounts that still exist (a deleted account must not fail the caller's transaction).
  const existing = await tx.select({ id: users.id }).from(users).where(inArray(users.id, unique));
  const out: Notified[] = [];
  for (const { id } of existing) out.push(await notify(tx, { ...input, userId: id } as NotifyInput));
  return out;
}
