import { toRol } from '../../../contract/roles';
import { displayName } from '../../../contract/roles';
import { sinTexto } from '../../../contract/mensajes';
import type { MailRenderer } from '../../mail/outbox';
import { unreadSummary } from './service';
import { PAGINAS } from '../../../contract/paginas';

/**
 * "You have unread messages": one per conversation burst, built at delivery time. If the party read the
 * conversation meanwhile nothing goes (the row ends DESCARTADO).
 */
export const renderMensajesSinLeerMail: MailRenderer = async ({ db, user, datos, publicUrl }) => {
  const conversacionId = typeof datos.conversacionId === 'string' ? datos.conversacionId : '';
  const summary = conversacionId ? await unreadSummary(db, user.id, conversacionId) : null;
  if (!summary) return null;
  const { conversacion, ultimos } = summary;
  const n = conversacion.noLeidos;
  const de = conversacion.contraparte.nombre;
  const sobre = conversacion.asunto ? ` sobre ${conversacion.asunto.titulo}` : '';
  const rol = toRol(user.tipoUser);
  return {
    subject: n === 1 ? `Tienes un mensaje sin leer de ${de}` : `Tienes ${n} mensajes sin leer de ${de}`,
    greeting: `Hola, ${displayName(user)}:`,
    paragraphs: [
      `${de} te ha escrito en Cereza${sobre}.`,
      ...ultimos.map((m) =>
        m.texto ? `«${m.texto.length > 300 ? `${m.texto.slice(0, 299)}…` : m.texto}»` : `(${sinTexto(m.adjunto)})`,
      ),
    ],
    action: { label: 'Responder', url: `${publicUrl}${PAGINAS.cuenta.mensajes(rol, conversacion.id)}` },
    note: 'Te enviamos un solo correo por conversación mientras no leas sus mensajes.',
    preferencesUrl: `${publicUrl}${PAGINAS.cuenta.ajustesNotificaciones(rol)}`,
  };
};
