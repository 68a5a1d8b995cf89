import { eq } from 'drizzle-orm';
import { isTipoNotificacion, tipoDefinition } from '../../../contract/notificaciones';
import { displayName, toRol } from '../../../contract/roles';
import { notificaciones } from '../../db/schema/notificaciones';
import type { MailRenderer } from '../../mail/outbox';
import { PAGINAS } from '../../../contract/paginas';

/** A notification's e-mail: its title as subject, its text, and the button to what it is about. */
export const renderNotificacionMail: MailRenderer = async ({ db, user, notificacionId, publicUrl }) => {
  if (!notificacionId) throw new Error('notification e-mail without a notification');
  const [n] = await db.select().from(notificaciones).where(eq(notificaciones.id, notificacionId)).limit(1);
  if (!n) throw new Error(`notification ${notificacionId} no longer exists`);
  const accion = isTipoNotificacion(n.tipo) ? tipoDefinition(n.tipo).accion : undefined;
  return {
    subject: n.titulo,
    greeting: `Hola, ${displayName(user)}:`,
    paragraphs: n.texto.split(/\n{2,}/),
    action: n.enlace ? { label: accion ?? 'Abrir en Cereza', url: `${publicUrl}${n.enlace}` } : undefined,
    preferencesUrl: `${publicUrl}${PAGINAS.cuenta.ajustesNotificaciones(toRol(user.tipoUser))}`,
  };
};
