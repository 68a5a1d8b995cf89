import { z } from 'zod';
import { hasInvisibleChars, INVISIBLE_CHARS_MESSAGE } from './common';
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

/**
 * No composition rules (NIST SP 800-63B): length, not only spaces, and the server refuses guessable passwords
 * (a strength estimator, server-side only: its dictionaries would weigh on the browser bundle).
 */
export const NewPasswordSchema = z
  .string({ error: 'Escribe una contraseña.' })
  .min(PASSWORD_MIN, { error: `La contraseña debe tener al menos ${PASSWORD_MIN} caracteres.` })
  .refine((v) => v.trim().length > 0, { error: 'La contraseña no puede tener solo espacios.' })
  .max(PASSWORD_MAX, { error: `La contraseña no puede superar los ${PASSWORD_MAX} caracteres.` });

const PersonNameSchema = (label: string) =>
  z
    .string({ error: `Escribe tu ${label}.` })
    .trim()
    .min(1, { error: `Escribe tu ${label}.` })
    .max(80, { error: `El ${label} no puede superar los 80 caracteres.` })
    .refine((v) => !hasInvisibleChars(v), { error: INVISIBLE_CHARS_MESSAGE });

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
 * image sent by the client (docs/product.md §7's registration payload) are ignored in favour of the token's claims.
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
  name: z
    .string()
    .trim()
    .max(120, { error: 'El nombre visible no puede superar los 120 caracteres.' })
    .refine((v) => !hasInvisibleChars(v), { error: INVISIBLE_CHARS_MESSAGE })
    .default(''),
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

/** "¿Olvidaste tu contraseña?": the answer is the same whether or not the address has an account. */
export const PasswordRecoverySchema = z.object({ email: EmailSchema });
export type PasswordRecoveryInput = z.infer<typeof PasswordRecoverySchema>;

/** The token from the e-mailed link: 32 random bytes, base64url. */
const EmailTokenSchema = z
  .string({ error: 'Falta el código del enlace.' })
  .trim()
  .min(20, { error: 'El enlace está incompleto. Ábrelo de nuevo desde el correo.' })
  .max(200, { error: 'El enlace no es válido.' });

export const PasswordResetSchema = z.object({ token: EmailTokenSchema, password: NewPasswordSchema });
export type PasswordResetInput = z.infer<typeof PasswordResetSchema>;

/** The reset form: the new password twice (only the first is sent). */
export const PasswordResetFormSchema = z
  .object({
    password: NewPasswordSchema,
    repetir: z.string({ error: 'Repite la contraseña.' }).min(1, { error: 'Repite la contraseña.' }),
  })
  .refine((v) => v.password === v.repetir, { error: 'Las contraseñas no coinciden.', path: ['repetir'] });
export type PasswordResetForm = z.infer<typeof PasswordResetFormSchema>;

export const EmailVerificationSchema = z.object({ token: EmailTokenSchema });
export type EmailVerificationInput = z.infer<typeof EmailVerificationSchema>;

/** How long the e-mailed links last. */
export const EMAIL_LINK_LIFETIMES = { resetHours: 1, verifyDays: 7 } as const;

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

/* E-mail preferences (usuario/Notificaciones) live with the kinds of notification: ./notificaciones.ts. */

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

/**
 * What a party's InformacionComercial lacks for a contract (the Spanish names of the pieces, empty when it has
 * all): the producer cannot confirm an order while either party lacks one. One list for the confirmation's
 * guard, the buyer's warning before reserving, the profile's progress and the producer's "esperando datos".
 */
export function faltantesInformacionComercial(
  info: {
    razonSocial?: string | null;
    taxId?: string | null;
    direccionFacturacion?: { linea1?: string | null; ciudad?: string | null; pais?: string | null } | null;
  } | null,
): string[] {
  const out: string[] = [];
  if (!info?.razonSocial?.trim()) out.push('la razón social');
  if (!info?.taxId?.trim()) out.push('el número de identificación fiscal');
  const d = info?.direccionFacturacion;
  if (!d?.linea1?.trim() || !d.ciudad?.trim() || !d.pais?.trim()) out.push('la dirección');
  return out;
}
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
  RESET_REQUESTED:
    'Si hay una cuenta con ese correo electrónico, te hemos enviado un enlace para elegir una contraseña nueva. Revisa tu bandeja de entrada y la carpeta de correo no deseado.',
  PASSWORD_RESET: 'Contraseña restablecida. Has iniciado sesión y las demás sesiones se han cerrado.',
  EMAIL_VERIFIED: '¡Listo! Tu correo electrónico está verificado.',
  EMAIL_ALREADY_VERIFIED: 'Tu correo electrónico ya estaba verificado.',
  VERIFICATION_SENT: 'Te hemos enviado un nuevo enlace de verificación. Revisa tu correo.',
  SECOND_FACTOR_ENROLLED: 'Verificación en dos pasos activada.',
  PASSWORD_RESET_SECOND_FACTOR:
    'Contraseña restablecida. Inicia sesión con la contraseña nueva y tu código de verificación.',
} as const;
