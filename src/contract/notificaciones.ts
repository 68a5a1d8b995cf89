import { z } from 'zod';
import type { TipoCuenta } from './roles';
import { emptyToUndefined, okResponse, PaginationSchema, pageQuerySchema } from './common';
import { ACCOUNT_NOTIFICACIONES } from './account-notificaciones';
import { LOTE_NOTIFICACIONES } from './lote-notificaciones';
import { LABORATORIO_NOTIFICACIONES } from './laboratorio-notificaciones';
import { MUESTRA_NOTIFICACIONES } from './muestra-notificaciones';
import { MENSAJE_NOTIFICACIONES } from './mensajes';
import { SOLICITUD_NOTIFICACIONES } from './solicitud-notificaciones';
import { PEDIDO_NOTIFICACIONES } from './pedido-notificaciones';
import { BUSQUEDA_NOTIFICACIONES } from './busqueda-notificaciones';
import { LIQUIDACION_NOTIFICACIONES } from './liquidacion-notificaciones';
import {
  NOTIFICACION_GROUPS,
  type NotificacionGroup,
  type TipoNotificacionDef,
  type TipoParams,
} from './notificaciones-tipo';

export * from './notificaciones-tipo';

/**
 * Every kind of notification, by name. A feature declares its kinds in its own file with `defineTipo` and adds
 * one line here; `notify()` on the server and the preferences page in the browser read this object.
 */
export const TIPOS_NOTIFICACION = {
  ...ACCOUNT_NOTIFICACIONES,
  ...LOTE_NOTIFICACIONES,
  ...LABORATORIO_NOTIFICACIONES,
  ...MUESTRA_NOTIFICACIONES,
  ...PEDIDO_NOTIFICACIONES,
  ...MENSAJE_NOTIFICACIONES,
  ...SOLICITUD_NOTIFICACIONES,
  ...BUSQUEDA_NOTIFICACIONES,
  ...LIQUIDACION_NOTIFICACIONES,
};

export type TipoNotificacion = keyof typeof TIPOS_NOTIFICACION;
type Defs = typeof TIPOS_NOTIFICACION;
/** The parameters a kind's templates take (what notify() requires beside userId and tipo). */
export type NotificacionParams<T extends TipoNotificacion> = Defs[T] extends TipoNotificacionDef<infer P> ? P : never;

export const isTipoNotificacion = (v: string): v is TipoNotificacion => Object.hasOwn(TIPOS_NOTIFICACION, v);

/** One kind's definition, its templates taking any parameters (each call site is checked by NotificacionParams). */
export function tipoDefinition(tipo: TipoNotificacion): TipoNotificacionDef<TipoParams> {
  return TIPOS_NOTIFICACION[tipo] as unknown as TipoNotificacionDef<TipoParams>;
}

/** The title and text of one notification, rendered from its kind's templates. */
export function renderNotificacion<T extends TipoNotificacion>(
  tipo: T,
  params: NotificacionParams<T>,
): { titulo: string; texto: string } {
  const def = tipoDefinition(tipo);
  return { titulo: def.titulo(params).trim(), texto: def.texto(params).trim() };
}

// ---------------------------------------------------------------------------------------------------------
// Preferences (usuario/Notificaciones): in-app always; e-mail per kind, plus the newsletter.
// ---------------------------------------------------------------------------------------------------------

type OptionalTipos = { [K in TipoNotificacion]: Defs[K]['email'] extends 'siempre' ? never : K }[TipoNotificacion];
/** The keys of the preferences object: every kind whose e-mail the user may switch off, and the newsletter. */
export type PreferenciaKey = OptionalTipos | 'boletin';
export type PreferenciasNotificacion = Record<PreferenciaKey, boolean>;

export interface PreferenciaGroup {
  group: NotificacionGroup;
  tipos: { tipo: OptionalTipos; label: string; roles?: readonly TipoCuenta[] }[];
}

/** Kinds whose e-mail can be switched off, grouped by subject in display order (empty groups left out). */
export const PREFERENCIA_GROUPS: PreferenciaGroup[] = NOTIFICACION_GROUPS.map((group) => ({
  group,
  tipos: (Object.keys(TIPOS_NOTIFICACION) as TipoNotificacion[])
    .filter((t) => tipoDefinition(t).group === group && tipoDefinition(t).email !== 'siempre')
    .map((t) => ({ tipo: t as OptionalTipos, label: tipoDefinition(t).label, roles: tipoDefinition(t).roles })),
})).filter((g) => g.tipos.length > 0);

/** The switches one account type sees (a producer is never told of his own new lots). */
export function preferenciasFor(tipoUser: TipoCuenta): PreferenciaGroup[] {
  return PREFERENCIA_GROUPS.map((g) => ({
    ...g,
    tipos: g.tipos.filter((t) => !t.roles || t.roles.includes(tipoUser)),
  })).filter((g) => g.tipos.length > 0);
}

export const BOLETIN_LABEL = { titulo: 'Boletín de Cereza', detalle: 'Un correo al mes con novedades del mercado.' };

/** Operational e-mail as each kind declares it; the newsletter off until the user opts in. */
export const PREFERENCIAS_DEFAULT = Object.fromEntries([
  ...PREFERENCIA_GROUPS.flatMap((g) => g.tipos.map((t) => [t.tipo, tipoDefinition(t.tipo).email === true])),
  ['boletin', false],
]) as PreferenciasNotificacion;

const PREFERENCIA_KEYS = Object.keys(PREFERENCIAS_DEFAULT) as PreferenciaKey[];

export const PreferenciasSchema = z.object(
  Object.fromEntries(PREFERENCIA_KEYS.map((k) => [k, z.boolean({ error: 'Valor no válido.' })])) as Record<
    PreferenciaKey,
    z.ZodBoolean
  >,
);

/**
 * Before per-kind preferences the account stored one switch per subject (nuevosLotes, noticias, muestras,
 * pedidos): a stored subject switch still decides its kinds until the user saves a kind's own switch.
 */
const LEGACY_KEYS: Record<string, (tipo: TipoNotificacion) => boolean> = {
  nuevosLotes: (t) => t === 'LOTE_NUEVO',
  noticias: (t) => t === 'NOTICIA_NUEVA',
  muestras: (t) => tipoDefinition(t).group === 'muestras',
  pedidos: (t) => tipoDefinition(t).group === 'pedidos',
};

/** The preferences an account has, from what it stored (unknown keys ignored, missing ones defaulted). */
export function readPreferencias(stored: Record<string, unknown> | null | undefined): PreferenciasNotificacion {
  const out = { ...PREFERENCIAS_DEFAULT };
  const s = stored ?? {};
  for (const key of PREFERENCIA_KEYS) {
    if (typeof s[key] === 'boolean') {
      out[key] = s[key] as boolean;
      continue;
    }
    if (key === 'boletin') continue;
    for (const [legacy, applies] of Object.entries(LEGACY_KEYS)) {
      if (typeof s[legacy] === 'boolean' && applies(key)) out[key] = s[legacy] as boolean;
    }
  }
  return out;
}

/** Whether a notification of this kind also goes out by e-mail to an account with these stored preferences. */
export function wantsEmail(stored: Record<string, unknown> | null | undefined, tipo: TipoNotificacion): boolean {
  const def = tipoDefinition(tipo);
  if (def.email === 'siempre') return true;
  return readPreferencias(stored)[tipo as OptionalTipos];
}

// ---------------------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------------------

export const NOTIFICACION_LIMITS = { perPage: 20, maxPerPage: 50 } as const;

export const NotificacionSchema = z.object({
  id: z.string(),
  tipo: z.string(),
  titulo: z.string(),
  texto: z.string(),
  enlace: z.string().nullable(),
  entidad: z.string().nullable(),
  entidadId: z.string().nullable(),
  /** What the link is for ("Ver el lote"), from the kind; null without a link. */
  accion: z.string().nullable(),
  createdAt: z.string(),
  leidaAt: z.string().nullable(),
});
export type Notificacion = z.infer<typeof NotificacionSchema>;

export const NotificacionesQuerySchema = pageQuerySchema(
  NOTIFICACION_LIMITS.maxPerPage,
  NOTIFICACION_LIMITS.perPage,
).extend({
  noLeidas: z.preprocess(
    emptyToUndefined,
    z
      .enum(['true', 'false'], { error: 'noLeidas debe ser true o false.' })
      .transform((v) => v === 'true')
      .default(false),
  ),
});
export type NotificacionesQuery = z.infer<typeof NotificacionesQuerySchema>;

export const NotificacionesPageSchema = z.object({
  notificaciones: z.array(NotificacionSchema),
  pagination: PaginationSchema,
  /** Unread notifications of the account (all of them, not only this page's). */
  noLeidas: z.number().int(),
});
export type NotificacionesPage = z.infer<typeof NotificacionesPageSchema>;

/** GET /api/notificaciones */
export const NotificacionesResponseSchema = okResponse(NotificacionesPageSchema);
export type NotificacionesResponse = z.output<typeof NotificacionesResponseSchema>;
/** POST /api/notificaciones/{id}/leida */
export const NotificacionReadResponseSchema = okResponse(
  z.object({ notificacion: NotificacionSchema, noLeidas: z.number().int() }),
);
export type NotificacionReadResponse = z.output<typeof NotificacionReadResponseSchema>;
/** POST /api/notificaciones/leidas */
export const NotificacionesReadResponseSchema = okResponse(
  z.object({ marcadas: z.number().int(), noLeidas: z.number().int() }),
).extend({ message: z.string() });
export type NotificacionesReadResponse = z.output<typeof NotificacionesReadResponseSchema>;

export const NOTIFICACION_MESSAGES = {
  MARKED_READ: 'Notificación marcada como leída.',
  ALL_MARKED_READ: 'Todas las notificaciones están marcadas como leídas.',
  NOT_FOUND: 'Notificación no encontrada.',
} as const;
