import { z } from 'zod';
import { SessionMessageResponseSchema, SessionResponseSchema } from './users';

/*
 * The second factor of lab and operator accounts (docs/decisions/045). A right password answers a challenge, not a
 * session: `ALTA` the first time (the account enrols an authenticator app), `CODIGO` afterwards.
 */

export const PASOS_SEGUNDO_FACTOR = ['ALTA', 'CODIGO'] as const;
export type PasoSegundoFactor = (typeof PASOS_SEGUNDO_FACTOR)[number];

export const SegundoFactorPendienteSchema = z.object({
  success: z.literal(true),
  segundoFactor: z.object({ paso: z.enum(PASOS_SEGUNDO_FACTOR), desafio: z.string() }),
});
export type SegundoFactorPendiente = z.output<typeof SegundoFactorPendienteSchema>;

/** POST /api/auth/login: a session, or (lab and operator accounts) the second factor's challenge. */
export const LoginResponseSchema = z.union([SessionResponseSchema, SegundoFactorPendienteSchema]);
export type LoginResponse = z.output<typeof LoginResponseSchema>;
/** POST /api/auth/restablecer: the new password's session, or the second factor's challenge it still needs first. */
export const RestablecerResponseSchema = z.union([SessionMessageResponseSchema, SegundoFactorPendienteSchema]);

const desafio = z.string({ error: 'Falta el desafío de la verificación en dos pasos.' }).min(1).max(2000);

export const DesafioSchema = z.object({ desafio });
export type DesafioInput = z.infer<typeof DesafioSchema>;

/** A 6-digit code of the app, or one recovery code (XXXXX-XXXXX). */
export const CodigoSegundoFactorSchema = z.object({
  desafio,
  codigo: z
    .string({ error: 'Escribe el código.' })
    .trim()
    .min(6, 'Escribe el código de 6 cifras o un código de recuperación.')
    .max(40, 'El código es demasiado largo.'),
});
export type CodigoSegundoFactorInput = z.infer<typeof CodigoSegundoFactorSchema>;

/** POST /api/auth/segundo-factor/alta: the secret, as text and as the QR code's path (an SVG of size×size). */
export const AltaSegundoFactorResponseSchema = z.object({
  success: z.literal(true),
  secreto: z.string(),
  otpauth: z.string(),
  qr: z.object({ size: z.number().int(), path: z.string() }),
});
export type AltaSegundoFactorResponse = z.output<typeof AltaSegundoFactorResponseSchema>;

/** POST /api/auth/segundo-factor/confirmar: the session and the recovery codes, shown this once. */
export const ConfirmarSegundoFactorResponseSchema = SessionResponseSchema.extend({
  codigosRecuperacion: z.array(z.string()),
});
export type ConfirmarSegundoFactorResponse = z.output<typeof ConfirmarSegundoFactorResponseSchema>;

export const SEGUNDO_FACTOR_TEXTOS = {
  titulo: 'Verificación en dos pasos',
  codigo: 'Código de verificación',
  ayudaCodigo:
    'Escribe el código de 6 cifras que muestra tu aplicación de autenticación. Si la has perdido, usa uno de tus códigos de recuperación.',
  altaTitulo: 'Configura la verificación en dos pasos',
  altaAyuda:
    'Tu cuenta necesita un segundo factor. Escanea este código QR con una aplicación de autenticación (Google Authenticator, Aegis, 1Password…) o escribe la clave a mano, y después escribe el código de 6 cifras que te muestre.',
  codigosTitulo: 'Guarda tus códigos de recuperación',
  codigosAyuda:
    'Cada código sirve una sola vez para entrar si pierdes el teléfono. No los volverás a ver: guárdalos en un lugar seguro.',
} as const;
