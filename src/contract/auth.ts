import { z } from 'zod';
import { TIPOS_USER } from './roles';

/**
 * Account forms and requests, shared by the browser forms and the server (one schema per form).
 * The common-password list lives on the server only, so that it does not weigh on the browser bundle.
 */

export const PASSWORD_MIN = 8;
/** Long passphrases are welcome; the cap only protects the hashing cost. */
export const PASSWORD_MAX = 256;

export const EmailSchema = z
  .string({ error: 'Escribe tu correo electrónico.' })
  .trim()
  .min(1, { error: 'Escribe tu correo electrónico.' })
  .max(254, { error: 'El correo electrónico es demasiado largo.' })
  .toLowerCase()
  .pipe(z.email({ error: 'Escribe un correo electrónico válido.' }));

/** No composition rules (NIST SP 800-63B): length, and the server refuses the most common passwords. */
export const NewPasswordSchema = z
  .string({ error: 'Escribe una contraseña.' })
  .min(PASSWORD_MIN, { error: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .max(PASSWORD_MAX, { error: `La contraseña no puede superar los ${PASSWORD_MAX} caracteres.` });

const PersonNameSchema = (label: string) =>
  z
    .string({ error: `Escribe tu ${label}.` })
    .trim()
    .min(1, { error: `Escribe tu ${label}.` })
    .max(80, { error: `El ${label} no puede superar los 80 caracteres.` });

export const TipoUserInputSchema = z.enum(TIPOS_USER, {
  error: 'Elige un tipo de cuenta: Productor o Comprador.',
});

export const RegisterSchema = z.object({
  email: EmailSchema,
  password: NewPasswordSchema,
  nombre: PersonNameSchema('nombre'),
  apellido: PersonNameSchema('apellido'),
  tipoUser: TipoUserInputSchema,
});
export type RegisterInput = z.infer<typeof RegisterSchema>;

export const LoginSchema = z.object({
  email: EmailSchema,
  password: z
    .string({ error: 'Escribe tu contraseña.' })
    .min(1, { error: 'Escribe tu contraseña.' })
    .max(PASSWORD_MAX, { error: `La contraseña no puede superar los ${PASSWORD_MAX} caracteres.` }),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/**
 * Google sign-in: the ID token ("credential") is the only identity the server trusts; e-mail, names and
 * image sent by the client (spec §7's registration payload) are ignored in favour of the token's claims.
 */
export const GoogleAuthSchema = z.object({
  credential: z
    .string({ error: 'Falta la credencial de Google.' })
    .min(20, { error: 'Falta la credencial de Google.' })
    .max(8192),
  tipoUser: TipoUserInputSchema.optional(),
});
export type GoogleAuthInput = z.infer<typeof GoogleAuthSchema>;

export const UpdateMeSchema = z.object({
  nombre: PersonNameSchema('nombre'),
  apellido: PersonNameSchema('apellido'),
  name: z.string().trim().max(120, { error: 'El nombre visible no puede superar los 120 caracteres.' }).default(''),
});
export type UpdateMeInput = z.input<typeof UpdateMeSchema>;

export const ChangePasswordSchema = z
  .object({
    passwordActual: z
      .string({ error: 'Escribe tu contraseña actual.' })
      .min(1, { error: 'Escribe tu contraseña actual.' })
      .max(PASSWORD_MAX),
    passwordNueva: NewPasswordSchema,
  })
  .refine((v) => v.passwordActual !== v.passwordNueva, {
    error: 'La nueva contraseña debe ser distinta de la actual.',
    path: ['passwordNueva'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordSchema>;

/** Deleting the account re-authenticates: the password, or a fresh Google credential for Google accounts. */
export const DeleteAccountSchema = z
  .object({
    password: z.string().min(1).max(PASSWORD_MAX).optional(),
    credential: z.string().min(20).max(8192).optional(),
  })
  .refine((v) => !!v.password || !!v.credential, {
    error: 'Confirma tu identidad con tu contraseña.',
    path: ['password'],
  });
export type DeleteAccountInput = z.infer<typeof DeleteAccountSchema>;

export const NOTIFICACIONES_KEYS = ['nuevosLotes', 'muestras', 'pedidos', 'noticias', 'boletin'] as const;
export type NotificacionKey = (typeof NOTIFICACIONES_KEYS)[number];
export const NOTIFICACIONES_LABELS: Record<NotificacionKey, { titulo: string; detalle: string }> = {
  nuevosLotes: { titulo: 'Nuevos lotes', detalle: 'Avisos cuando se publican lotes que encajan con tu actividad.' },
  muestras: { titulo: 'Muestras', detalle: 'Solicitudes de muestras, envíos y resultados de cata.' },
  pedidos: { titulo: 'Pedidos', detalle: 'Cambios de estado de tus pedidos y contratos.' },
  noticias: { titulo: 'Noticias de productores', detalle: 'Publicaciones de los productores que sigues.' },
  boletin: { titulo: 'Boletín de Cereza', detalle: 'Un correo al mes con novedades del mercado.' },
};
/** Operational messages on by default, marketing off until the user opts in. */
export const NOTIFICACIONES_DEFAULT: Record<NotificacionKey, boolean> = {
  nuevosLotes: true,
  muestras: true,
  pedidos: true,
  noticias: true,
  boletin: false,
};
export const NotificacionesSchema = z.object({
  nuevosLotes: z.boolean({ error: 'Valor no válido.' }),
  muestras: z.boolean({ error: 'Valor no válido.' }),
  pedidos: z.boolean({ error: 'Valor no válido.' }),
  noticias: z.boolean({ error: 'Valor no válido.' }),
  boletin: z.boolean({ error: 'Valor no válido.' }),
});
export type Notificaciones = z.infer<typeof NotificacionesSchema>;

const requiredText = (msg: string, max: number) =>
  z
    .string({ error: msg })
    .trim()
    .min(1, { error: msg })
    .max(max, { error: `Máximo ${max} caracteres.` });

export const InformacionComercialSchema = z.object({
  razonSocial: requiredText('Escribe la razón social.', 160),
  /** NIF/CIF, RUT, NIT, RFC...: the format depends on the country, so only its shape is checked. */
  taxId: z
    .string({ error: 'Escribe el número de identificación fiscal.' })
    .trim()
    .min(3, { error: 'Escribe el número de identificación fiscal.' })
    .max(32, { error: 'Máximo 32 caracteres.' })
    .regex(/^[A-Za-z0-9][A-Za-z0-9 .\-/]*$/, {
      error: 'Usa solo letras, números, espacios, puntos, guiones o barras.',
    }),
  direccionFacturacion: z.object({
    linea1: requiredText('Escribe la dirección.', 200),
    ciudad: requiredText('Escribe la ciudad.', 120),
    region: z.string().trim().max(120, { error: 'Máximo 120 caracteres.' }).default(''),
    codigoPostal: z.string().trim().max(20, { error: 'Máximo 20 caracteres.' }).default(''),
    pais: z
      .string({ error: 'Elige un país.' })
      .trim()
      .regex(/^[A-Z]{2}$/, { error: 'Elige un país.' }),
  }),
  emailFacturacion: EmailSchema,
});
export type InformacionComercial = z.infer<typeof InformacionComercialSchema>;
export type InformacionComercialInput = z.input<typeof InformacionComercialSchema>;

/** Success texts of the account calls (server answers and client toasts). */
export const AUTH_MESSAGES = {
  USER_CREATED: 'Usuario creado satisfactoriamente.',
  LOGGED_OUT: 'Sesión cerrada.',
  ACCOUNT_UPDATED: 'Datos de la cuenta actualizados.',
  PASSWORD_CHANGED: 'Contraseña cambiada. Las demás sesiones se han cerrado.',
  ACCOUNT_DELETED: 'Tu cuenta y tus datos se han eliminado.',
  NOTIFICACIONES_SAVED: 'Preferencias de notificación guardadas.',
  INFO_COMERCIAL_SAVED: 'Información comercial guardada.',
  PRODUCTOR_PROFILE_CREATED: '¡Perfil de productor creado correctamente!',
  COMPRADOR_PROFILE_CREATED: '¡Perfil de comprador creado correctamente!',
  PROFILE_UPDATED: 'Perfil actualizado.',
} as const;
