import type { TipoCuenta } from './roles';

/**
 * How a kind of notification is declared (docs/product.md §12). Each area declares its kinds
 * in its own file with `defineTipo` and the registry in ./notificaciones.ts spreads them: a new kind is one
 * entry, a new area one import and one line.
 */

/** Subjects the preferences page groups kinds by (usuario/Notificaciones), in display order. */
export const NOTIFICACION_GROUPS = [
  'muestras',
  'pedidos',
  'facturas',
  'solicitudes',
  'mensajes',
  'lotes',
  'cuenta',
] as const;
export type NotificacionGroup = (typeof NOTIFICACION_GROUPS)[number];

export const NOTIFICACION_GROUP_LABELS: Record<NotificacionGroup, { titulo: string; detalle: string }> = {
  muestras: { titulo: 'Muestras', detalle: 'Solicitudes de muestras, envíos y resultados de cata.' },
  pedidos: { titulo: 'Pedidos', detalle: 'Reservas, confirmaciones, embarques y entregas de tus pedidos.' },
  facturas: { titulo: 'Facturas', detalle: 'Facturas emitidas, pagos y vencimientos.' },
  solicitudes: {
    titulo: 'Solicitudes de abastecimiento',
    detalle: 'Respuestas a tus solicitudes y solicitudes que encajan con tus lotes.',
  },
  mensajes: { titulo: 'Mensajes', detalle: 'Mensajes nuevos de compradores y productores.' },
  lotes: { titulo: 'Lotes y productores', detalle: 'Lotes nuevos, noticias y favoritos.' },
  cuenta: { titulo: 'Cuenta', detalle: 'Avisos sobre tu cuenta y su seguridad.' },
};

/** Names a kind's parameters may not take: they are notify()'s own fields. */
type Reservado = 'userId' | 'tipo' | 'enlace' | 'entidad' | 'entidadId';
export type TipoParams = Record<string, string | number> & { [K in Reservado]?: never };

export interface TipoNotificacionDef<P extends TipoParams = TipoParams> {
  group: NotificacionGroup;
  /** Who can receive it (the preferences page shows the switch only to them); omitted: both roles. */
  roles?: readonly TipoCuenta[];
  /** What the preference switch is called on usuario/Notificaciones. */
  label: string;
  /**
   * E-mail for this kind: on or off by default (the user can change it), or 'siempre' for security notices
   * that cannot be turned off (they are not listed among the preferences).
   */
  email: boolean | 'siempre';
  /** The e-mail's button ("Ver la muestra"); defaults to "Abrir en Cereza". */
  accion?: string;
  /** Spanish title and text, rendered once when the notification is written. */
  titulo: (p: P) => string;
  texto: (p: P) => string;
}

/** Declares one kind; the parameters' type comes from `titulo`'s argument and is checked at every notify(). */
export function defineTipo<P extends TipoParams = Record<never, never>, const C extends boolean | 'siempre' = boolean>(
  def: TipoNotificacionDef<P> & { email: C },
): TipoNotificacionDef<P> & { email: C } {
  return def;
}
