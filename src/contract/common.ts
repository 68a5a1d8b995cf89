import { z } from 'zod';

import './zod-es';
import { normalizeText, TIPOS_USER } from './roles';

export {
  TIPOS_USER,
  TIPOS_CUENTA,
  toRol,
  toTipoUser,
  isRol,
  normalizeText,
  type Rol,
  type RolRegistro,
  type TipoCuenta,
} from './roles';

/** Account types: upper case on the wire (docs/product.md §9), lower case in the client and URLs. */
export const TipoUserSchema = z.enum(TIPOS_USER, { error: 'El tipo de cuenta debe ser PRODUCTOR o COMPRADOR.' });
export type TipoUser = z.infer<typeof TipoUserSchema>;

/**
 * Text the database can store: no NUL character (PostgreSQL text cannot hold it) and no lone UTF-16 surrogate
 * (half of an emoji: JSON columns refuse it, text columns would silently turn it into "�"). Every text of every
 * request body is held to it: the server checks whole bodies once (plugins/storable-text.ts). Only the lot's
 * fields repeat it, to name the field in the form's message.
 */
export function isStorableText(s: string): boolean {
  return !s.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(s);
}
export const UNSTORABLE_TEXT_MESSAGE = 'El texto contiene caracteres no válidos.';

/**
 * Characters a public name may not hold: bidirectional controls (U+202A–U+202E, U+2066–U+2069, U+200E/F, U+061C),
 * which reorder what is shown after them (a name that reads as another), zero-width and other invisible characters
 * (two names that look identical), and control characters (line breaks, tabs).
 */
const INVISIBLE_OR_BIDI =
  /[\p{Cc}\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB]|\u034F|\u115F|\u1160|\u180F|\u17B4|\u17B5|\u180B|\u180C|\u180D/u;
export const hasInvisibleChars = (s: string) => INVISIBLE_OR_BIDI.test(s);
export const INVISIBLE_CHARS_MESSAGE =
  'El nombre no puede contener caracteres invisibles ni de control de dirección del texto.';

/** A public name as it is compared for uniqueness: without case, accents or repeated spaces ("Peña" = "pena"). */
export const nombreClave = (s: string) => normalizeText(s).replace(/\s+/g, ' ').trim();

/**
 * "El nombre es obligatorio." / "La dirección es obligatoria.": the adjective agrees with the field's article (issue 32).
 */
export const obligatorio = (campo: string): string => {
  const articulo = campo.split(' ', 1)[0].toLowerCase();
  const fin = { la: 'a', las: 'as', los: 'os' }[articulo] ?? (esPlural(campo) ? 'os' : 'o');
  return `${campo} ${esPlural(campo) ? 'son' : 'es'} obligatori${fin}.`;
};

/** A field named in the plural ("Los sacos disponibles", "Tus argumentos") takes a plural verb. */
const esPlural = (campo: string): boolean => /^(los|las|tus|sus|mis)$/i.test(campo.split(' ', 1)[0]);

/**
 * The verb after a field's name, agreeing with it: "El precio debe…" / "Los sacos disponibles deben…",
 * "admite"/"admiten", "contiene"/"contienen".
 */
export const verbo = (campo: string, singular: 'debe' | 'admite' | 'contiene'): string =>
  esPlural(campo) ? `${singular}n` : singular;

export const UuidSchema = z.uuid({ error: 'Identificador no válido.' });

/**
 * An amount of money in minor units (cents) as the API answers it: an integer stored in a 64-bit column, read
 * as a JS number, so bounded to what a number holds exactly (docs/decisions/047).
 */
export const CentavosSchema = z.number().int().min(-Number.MAX_SAFE_INTEGER).max(Number.MAX_SAFE_INTEGER);

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** A query parameter sent empty (`?page=`) means "not given". */
export const emptyToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** The highest `?page=` any list accepts. */
export const PAGE_MAX = 100_000;

/** `?page=`: from 1; empty or absent is the first page. */
export const pageQuery = () =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'La página debe ser un número.' })
      .int('La página debe ser un número entero.')
      .min(1, 'La página empieza en 1.')
      .max(PAGE_MAX, 'Página fuera de rango.')
      .default(1),
  );

/** `?limit=`: how many items per page, up to `max`; empty or absent is `byDefault`. */
export const limitQuery = (max: number, byDefault: number) =>
  z.preprocess(
    emptyToUndefined,
    z.coerce
      .number({ error: 'El límite debe ser un número.' })
      .int('El límite debe ser un número entero.')
      .min(1, 'El límite debe ser como mínimo 1.')
      .max(max, `El límite debe ser como máximo ${max}.`)
      .default(byDefault),
  );

/** `?page=&limit=` of every paged list; extend it with the list's own filters. */
export const pageQuerySchema = (limitMax: number, limitDefault: number) =>
  z.object({ page: pageQuery(), limit: limitQuery(limitMax, limitDefault) });

/**
 * The answer of every successful call: `{ success: true, data, message? }`. A renewed session token rides along
 * as `refreshedToken`, beside `data` and inside it (set by the server for any authenticated call).
 */
export const okResponse = <S extends z.ZodRawShape>(data: z.ZodObject<S>) =>
  z.object({
    success: z.literal(true),
    data: z.object({ ...data.shape, refreshedToken: z.string().optional() }),
    message: z.string().optional(),
    refreshedToken: z.string().optional(),
  });

/**
 * A write's answer, whose Spanish message the page shows (a toast): the same envelope with `message` required, so a
 * route that stops sending it fails its response check and the web's `Answer<…>` types see a `string`.
 */
export const okMessageResponse = <S extends z.ZodRawShape>(data: z.ZodObject<S>) =>
  okResponse(data).extend({ message: z.string() });

/** An action whose answer is only what the page says about it (`{ success, message }`, no data). */
export const OkMessageOnlyResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  refreshedToken: z.string().optional(),
});

/**
 * The calendar every date of a body or a query lives in. A well-formed day outside it (`0000-01-01`: PostgreSQL has
 * no year 0 and answers 22008; `275760-…` overflows a JavaScript Date) is refused with a 400, never sent to the
 * database.
 */
export const FECHA_LIMITES = { min: '1900-01-01', max: '2999-12-31' } as const;
export const FECHA_FUERA_DE_RANGO = 'La fecha debe estar entre el año 1900 y el 2999.';
const enRango = (dia: string) => dia >= FECHA_LIMITES.min && dia <= FECHA_LIMITES.max;

/** A day `AAAA-MM-DD` inside FECHA_LIMITES; `error` says which date is not valid. */
export const fechaSchema = (error: string) =>
  z.iso.date({ error }).refine(enRango, { error: FECHA_FUERA_DE_RANGO, abort: true });

/** A day or an instant with its offset (`2026-05-01T10:00:00Z`), inside FECHA_LIMITES. */
export const fechaHoraSchema = (error: string) =>
  z.iso
    .datetime({ offset: true, error })
    .or(z.iso.date({ error }))
    .refine((v) => enRango(new Date(v).toISOString().slice(0, 10)), { error: FECHA_FUERA_DE_RANGO, abort: true });
