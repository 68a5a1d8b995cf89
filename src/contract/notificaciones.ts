import { z } from 'zod';
import { PaginationSchema } from './common';
import { NOTIFICACIONES_CUENTA } from './notificaciones-cuenta';
import { NOTIFICACIONES_LOTES } from './notificaciones-lotes';
import { GRUPOS_NOTIFICACION, type GrupoNotificacion, type TipoNotificacionDef } from './notificaciones-tipo';

export * from './notificaciones-tipo';

/**
 * Every kind of notification, by name. A feature declares its kinds in its own file with `defineTipo` and adds
 * one line here; `notify()` on the server and the preferences page in the browser read this object.
 */
export const TIPOS_NOTIFICACION = {
  ...NOTIFICACIONES_CUENTA,
  ...NOTIFICACIONES_LOTES,
};

export type TipoNotificacion = keyof typeof TIPOS_NOTIFICACION;
type Defs = typeof TIPOS_NOTIFICACION;
/** The parameters a kind's templates take (what notify() requires beside userId and tipo). */
export type ParamsNotificacion<T extends TipoNotificacion> = Defs[T] extends TipoNotificacionDef<infer P> ? P : never;

export const isTipoNotificacion = (v: string): v is TipoNotificacion => Object.hasOwn(TIPOS_NOTIFICACION, v);

export function tipoNotificacion(tipo: TipoNotificacion): TipoNotificacionDef<any> {
  return TIPOS_NOTIFICACION[tipo] as TipoNotificacionDef<any>;
}

/** The title and text of one notification, rendered from its kind's templates. */
export function renderNotificacion<T extends TipoNotificacion>(tipo: T, params: ParamsNotificacion<T>): { titulo: string; texto: string } {
  const def = tipoNotificacion(tipo);
  return { titulo: def.titulo(params).trim(), texto: def.texto(params).trim() };
}

// ---------------------------------------------------------------------------------------------------------
// Preferences (usuario/Notificaciones): in-app always; e-mail per kind, plus the newsletter.
// ---------------------------------------------------------------------------------------------------------

type TiposOpcionales = { [K in TipoNotificacion]: Defs[K]['correo'] extends 'siempre' ? never : K }[TipoNotificacion];
/** The keys of the preferences object: every kind whose e-mail the user may switch off, and the newsletter. */
export type PreferenciaKey = TiposOpcionales | 'boletin';
export type PreferenciasNotificacion = Record<PreferenciaKey, boolean>;

export interface GrupoPreferencias {
  grupo: GrupoNotificacion;
  tipos: { tipo: TiposOpcionales; etiqueta: string; para?: readonly ('PRODUCTOR' | 'COMPRADOR')[] }[];
}

/** Kinds whose e-mail can be switched off, grouped by subject in display order (empty groups left out). */
export const PREFERENCIAS_POR_GRUPO: GrupoPreferencias[] = GRUPOS_NOTIFICACION.map((grupo) => ({
  grupo,
  tipos: (Object.keys(TIPOS_NOTIFICACION) as TipoNotificacion[])
    .filter((t) => tipoNotificacion(t).grupo === grupo && tipoNotificacion(t).correo !== 'siempre')
    .map((t) => ({ tipo: t as TiposOpcionales, etiqueta: tipoNotificacion(t).etiqueta, para: tipoNotificacion(t).para })),
})).filter((g) => g.tipos.length > 0);

/** The switches one account type sees (a producer is never told of his own new lots). */
export function preferenciasFor(tipoUser: 'PRODUCTOR' | 'COMPRADOR'): GrupoPreferencias[] {
  return PREFERENCIAS_POR_GRUPO.map((g) => ({ ...g, tipos: g.tipos.filter((t) => !t.para || t.para.includes(tipoUser)) })).filter(
    (g) => g.tipos.length > 0,
  );
}

export const BOLETIN_LABEL = { titulo: 'Boletín de Cereza', detalle: 'Un correo al mes con novedades del mercado.' };

/** Operational e-mail as each kind declares it; the newsletter off until the user opts in. */
export const PREFERENCIAS_DEFAULT = Object.fromEntries([
  ...PREFERENCIAS_POR_GRUPO.flatMap((g) => g.tipos.map((t) => [t.tipo, tipoNotificacion(t.tipo).correo === true])),
  ['boletin', false],
]) as PreferenciasNotificacion;

const PREFERENCIA_KEYS = Object.keys(PREFERENCIAS_DEFAULT) as PreferenciaKey[];

export const PreferenciasSchema = z.object(
  Object.fromEntries(PREFERENCIA_KEYS.map((k) => [k, z.boolean({ error: 'Valor no válido.' })])) as Record<PreferenciaKey, z.ZodBoolean>,
);

/**
 * Before per-kind preferences the account stored one switch per subject (nuevosLotes, noticias, muestras,
 * pedidos): a stored subject switch still decides its kinds until the user saves a kind's own switch.
 */
const LEGADO: Record<string, (tipo: TipoNotificacion) => boolean> = {
  nuevosLotes: (t) => t === 'LOTE_NUEVO',
  noticias: (t) => t === 'NOTICIA_NUEVA',
  muestras: (t) => tipoNotificacion(t).grupo === 'muestras',
  pedidos: (t) => tipoNotificacion(t).grupo === 'pedidos',
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
    for (const [legacy, applies] of Object.entries(LEGADO)) {
      if (typeof s[legacy] === 'boolean' && applies(key)) out[key] = s[legacy] as boolean;
    }
  }
  return out;
}

/** Whether a notification of this kind also goes out by e-mail to an account with these stored preferences. */
export function wantsEmail(stored: Record<string, unknown> | null | undefined, tipo: TipoNotificacion): boolean {
  const def = tipoNotificacion(tipo);
  if (def.correo === 'siempre') return true;
  return readPreferencias(stored)[tipo as TiposOpcionales];
}

// ---------------------------------------------------------------------------------------------------------
// API
// ---------------------------------------------------------------------------------------------------------

export const NOTIFICACIONES_LIMITES = { porPagina: 20, maxPorPagina: 50 } as const;

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

export const NotificacionesQuerySchema = z.object({
  page: z.coerce.number({ error: 'La página debe ser un número.' }).int('La página debe ser un número entero.').min(1, 'La página empieza en 1.').max(10_000).default(1),
  limit: z.coerce
    .number({ error: 'El límite debe ser un número.' })
    .int('El límite debe ser un número entero.')
    .min(1, 'El límite mínimo es 1.')
    .max(NOTIFICACIONES_LIMITES.maxPorPagina, `El límite máximo es ${NOTIFICACIONES_LIMITES.maxPorPagina}.`)
    .default(NOTIFICACIONES_LIMITES.porPagina),
  noLeidas: z
    .enum(['true', 'false'], { error: 'noLeidas debe ser true o false.' })
    .transform((v) => v === 'true')
    .default(false),
});
export type NotificacionesQuery = z.infer<typeof NotificacionesQuerySchema>;

export const NotificacionesPageSchema = z.object({
  notificaciones: z.array(NotificacionSchema),
  pagination: PaginationSchema,
  /** Unread notifications of the account (all of them, not only this page's). */
  noLeidas: z.number().int(),
});
export type NotificacionesPage = z.infer<typeof NotificacionesPageSchema>;

export const NOTIFICACIONES_MESSAGES = {
  MARCADA: 'Notificación marcada como leída.',
  TODAS_MARCADAS: 'Todas las notificaciones están marcadas como leídas.',
  NOT_FOUND: 'Notificación no encontrada.',
} as const;
