import { z } from 'zod';
import { hasInvisibleChars, INVISIBLE_CHARS_MESSAGE } from './common';
import { IMAGE_MESSAGES, UploadUrlSchema } from './images';
import { CERTIFICACIONES, PaisSchema } from './lotes';
import { readNumero, type OpcionesNumero } from './numero';

/** Profiles of both roles (docs/product.md §10): enums with Spanish labels, create and update schemas. */

import { TIPOS_PRODUCTOR, TIPOS_COMPRADOR } from './perfiles-codes';
export * from './perfiles-codes';

/** Form inputs send "" for an empty optional field: it means "no value" (null clears it on update). */
const emptyToNull = (v: unknown) => (v === '' || (typeof v === 'string' && v.trim() === '') ? null : v);
/**
 * A form's text read the Spanish way (./numero): "1.800" m is one thousand eight hundred, "12,5" ha twelve and a
 * half. What a Spanish reader could take two ways ("12.5") is refused with the reading's own message.
 */
const toNumber =
  (opciones: OpcionesNumero) =>
  (v: unknown, ctx: { addIssue: (i: { code: 'custom'; message: string; input: unknown }) => void }) => {
    const n = emptyToNull(v);
    if (typeof n !== 'string') return n;
    const r = readNumero(n, opciones);
    if (r.ok) return r.valor;
    ctx.addIssue({ code: 'custom', message: r.error, input: n });
    return z.NEVER;
  };

const optionalText = (max: number) =>
  z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(max, { error: `Máximo ${max} caracteres.` })
      .nullable()
      .optional(),
  );

const optionalInt = (min: number, max: number, msg: string) =>
  z.preprocess(
    toNumber({ decimales: 0 }),
    z
      .number({ error: msg })
      .int({ error: 'Escribe un número entero.' })
      .min(min, { error: msg })
      .max(max, { error: msg })
      .nullable()
      .optional(),
  );

/** "fincalaesperanza.co" → "https://fincalaesperanza.co" (issue 32): a bare host name gets its scheme. */
const withScheme = (value: unknown) => {
  const v = emptyToNull(value);
  if (typeof v !== 'string') return v;
  const t = v.trim();
  return /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)+([/?#]\S*)?$/u.test(t) ? `https://${t}` : v;
};

const optionalUrl = z.preprocess(
  withScheme,
  z
    .string()
    .trim()
    .max(500, { error: 'Máximo 500 caracteres.' })
    .regex(/^https?:\/\/[^\s]+\.[^\s]+$/i, { error: 'Escribe una dirección web completa (https://...).' })
    .nullable()
    .optional(),
);

/** Images are our own uploads (the CSP blocks any other address). */
const optionalImage = z.preprocess(emptyToNull, UploadUrlSchema.nullable().optional());

const requiredText = (msg: string, min: number, max: number) =>
  z
    .string({ error: msg })
    .trim()
    .min(min, { error: msg })
    .max(max, { error: `Máximo ${max} caracteres.` });

/** A name others see: no bidi controls or invisible characters. */
const publicName = (msg: string, min: number, max: number) =>
  requiredText(msg, min, max).refine((v) => !hasInvisibleChars(v), { error: INVISIBLE_CHARS_MESSAGE });

const currentYear = () => new Date().getFullYear();

export const PERFIL_LIMITS = { imagenes: 24, descripcion: 4000 } as const;

export const ProductorPerfilInputSchema = z.object({
  tipoProductor: z.enum(TIPOS_PRODUCTOR, { error: 'Elige el tipo de productor.' }),
  nombre: publicName('Escribe el nombre de la finca u organización.', 2, 120),
  pais: PaisSchema,
  region: requiredText('Escribe la región.', 2, 120),
  municipio: optionalText(120),
  altitud: optionalInt(0, 6000, 'La altitud debe estar entre 0 y 6000 m s. n. m.'),
  hectareas: z.preprocess(
    toNumber({ decimales: 2 }),
    z
      .number({ error: 'Escribe un número de hectáreas.' })
      .min(0, { error: 'Las hectáreas no pueden ser negativas.' })
      .max(1_000_000, { error: 'Escribe un número de hectáreas menor que 1.000.000.' })
      // Two decimals are plenty, and rounding turns subnormal doubles such as 5e-324 into 0 (a real column
      // refuses them).
      .transform((v) => Math.round(v * 100) / 100)
      .nullable()
      .optional(),
  ),
  anioFundacion: z.preprocess(
    toNumber({ decimales: 0 }),
    z
      .number({ error: 'Escribe un año válido.' })
      .int({ error: 'Escribe un año válido.' })
      .min(1800, { error: 'Escribe un año válido.' })
      .refine((y) => y <= currentYear(), { error: 'El año no puede ser futuro.' })
      .nullable()
      .optional(),
  ),
  descripcion: optionalText(PERFIL_LIMITS.descripcion),
  sitioWeb: optionalUrl,
  telefono: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(/^\+?[0-9 ()-]{6,24}$/, { error: 'Escribe un teléfono válido, por ejemplo +57 300 123 4567.' })
      .nullable()
      .optional(),
  ),
  avatar: optionalImage,
  portada: optionalImage,
  imagenes: z
    .array(UploadUrlSchema, { error: IMAGE_MESSAGES.NOT_UPLOAD })
    .max(PERFIL_LIMITS.imagenes, { error: `Máximo ${PERFIL_LIMITS.imagenes} imágenes.` })
    .optional(),
  certificaciones: z
    .array(z.enum(CERTIFICACIONES, { error: 'Elige una certificación de la lista.' }))
    .max(CERTIFICACIONES.length)
    .optional(),
});
export type ProductorPerfilInput = z.input<typeof ProductorPerfilInputSchema>;
export type ProductorPerfilData = z.output<typeof ProductorPerfilInputSchema>;
/** PUT: any subset; a field sent empty is cleared, a field absent is kept. */
export const ProductorPerfilUpdateSchema = ProductorPerfilInputSchema.partial();
export type ProductorPerfilUpdate = z.output<typeof ProductorPerfilUpdateSchema>;

export const CompradorPerfilInputSchema = z.object({
  fechaOrigen: z
    .string({ error: 'Indica desde cuándo existe tu empresa.' })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'Indica desde cuándo existe tu empresa.' })
    .refine((d) => !Number.isNaN(Date.parse(d)), { error: 'Fecha no válida.' })
    .refine((d) => d <= new Date().toISOString().slice(0, 10), { error: 'La fecha no puede ser futura.' })
    .refine((d) => d >= '1800-01-01', { error: 'Fecha no válida.' }),
  empresa: publicName('Escribe el nombre de tu empresa.', 2, 160),
  tipoComprador: z.enum(TIPOS_COMPRADOR, { error: 'Elige el tipo de comprador.' }),
  pais: PaisSchema,
  ciudad: optionalText(120),
  volumenAnualKg: optionalInt(0, 100_000_000, 'Escribe un volumen anual válido en kg.'),
  sitioWeb: optionalUrl,
  descripcion: optionalText(4000),
  avatar: optionalImage,
});
export type CompradorPerfilInput = z.input<typeof CompradorPerfilInputSchema>;
export type CompradorPerfilData = z.output<typeof CompradorPerfilInputSchema>;
export const CompradorPerfilUpdateSchema = CompradorPerfilInputSchema.partial();
export type CompradorPerfilUpdate = z.output<typeof CompradorPerfilUpdateSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers: a profile as stored is its input fields, every one answered (null when empty), and its dates.
// ---------------------------------------------------------------------------------------------------------

const stamps = { createdAt: z.string(), updatedAt: z.string() };
/** A renewed session token rides along on any authenticated answer. */
const refreshedToken = z.string().optional();

export const ProductorPerfilSchema = ProductorPerfilInputSchema.required().extend(stamps);
export type ProductorPerfil = z.output<typeof ProductorPerfilSchema>;
export const CompradorPerfilSchema = CompradorPerfilInputSchema.required().extend(stamps);
export type CompradorPerfil = z.output<typeof CompradorPerfilSchema>;

/** GET /api/productor/perfil and /api/comprador/perfil: the signed-in user's own profile. */
export const OwnProductorPerfilResponseSchema = z.object({
  success: z.literal(true),
  perfil: ProductorPerfilSchema,
  refreshedToken,
});
export const OwnCompradorPerfilResponseSchema = z.object({
  success: z.literal(true),
  perfil: CompradorPerfilSchema,
  refreshedToken,
});

/* POST and PUT answer the saved profile with the updated user: ./users.ts (ProductorPerfilSavedResponseSchema). */

/**
 * perfilCompleto (docs/product.md §10): the optional fields a counterpart relies on are filled.
 * Zod-free so that the dashboards can show the checklist without the validation library.
 */
export const COMPLETENESS_FIELDS = {
  PRODUCTOR: [
    { campo: 'descripcion', etiqueta: 'Descripción de tu finca u organización' },
    { campo: 'altitud', etiqueta: 'Altitud (m s. n. m.)' },
    { campo: 'avatar', etiqueta: 'Logotipo o foto de perfil' },
  ],
  COMPRADOR: [
    { campo: 'descripcion', etiqueta: 'Descripción de tu empresa' },
    { campo: 'ciudad', etiqueta: 'Ciudad' },
  ],
} as const;

export function pendingFields(
  tipoUser: 'PRODUCTOR' | 'COMPRADOR',
  perfil: Record<string, unknown> | null | undefined,
): Array<{ campo: string; etiqueta: string }> {
  return COMPLETENESS_FIELDS[tipoUser].filter((c) => {
    const v = perfil?.[c.campo];
    return v === null || v === undefined || (typeof v === 'string' && v.trim() === '');
  });
}
