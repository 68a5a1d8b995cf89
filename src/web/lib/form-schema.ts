import { get, type FieldError, type Path, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { readNumero, type OpcionesNumero } from '../components/ui/numero';

/*
 * A form derived from a contract schema. Inputs hold text while the person types ("12,40", an empty box), the
 * contract's schema wants numbers and nulls: instead of writing a form type, defaults and a body builder per form
 * (and one more line in each for every new field), the form's values, its defaults and its parsing are read off
 * the schema itself.
 */

type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/** One string literal (a discriminant such as GeoJSON's `type: 'Point'`), not `string` nor a list of codes. */
type IsOneLiteral<T> = string extends T ? false : [IsUnion<T>] extends [false] ? true : false;

/**
 * A value as a form field holds it: numbers as text, an absent text or an unchosen code as '', nested objects
 * likewise; lists and a discriminant stay as they are.
 */
export type FormValue<T> = [NonNullable<T>] extends [number]
  ? string
  : [NonNullable<T>] extends [string]
    ? IsOneLiteral<NonNullable<T>> extends true
      ? NonNullable<T>
      : string
    : [NonNullable<T>] extends [boolean]
      ? boolean
      : [NonNullable<T>] extends [readonly unknown[]]
        ? NonNullable<T>
        : [NonNullable<T>] extends [object]
          ? null extends T
            ? FormOf<NonNullable<T>> | null
            : FormOf<NonNullable<T>>
          : T;
/** The form values of an object type (distributed over a union, so that a GeoJSON point stays a point). */
export type FormOf<T> = T extends unknown ? { -readonly [K in keyof T]-?: FormValue<T[K]> } : never;

/**
 * A typed number read the Spanish way (components/ui/numero: "25.000" → 25000, "12,40" → 12.4, "1 250" → 1250);
 * what is empty, ambiguous or not a number is NaN, which the schema reports as "debe ser un número" (the field's
 * own reading line says why).
 */
export const parseDecimal = (s: string, opciones: OpcionesNumero = { decimales: 3 }): number => {
  const r = readNumero(s, opciones);
  return r.ok ? r.valor : Number.NaN;
};
/** 12.4 → "12,4": how the interface writes a decimal the person will edit. */
export const decimalText = (n: number): string => String(n).replace('.', ',');

type Def = { type: string; innerType?: z.ZodType; in?: z.ZodType; out?: z.ZodType; values?: unknown[] };
const defOf = (schema: z.ZodType): Def => schema.def as unknown as Def;

interface Leaf {
  /** The innermost schema, past optional/nullable/default and transforms. */
  base: z.ZodType;
  nullable: boolean;
  optional: boolean;
  defaultValue?: unknown;
}

function unwrap(schema: z.ZodType): Leaf {
  let s = schema;
  const leaf: Omit<Leaf, 'base'> = { nullable: false, optional: false };
  for (;;) {
    const def = defOf(s);
    if (def.type === 'optional') leaf.optional = true;
    else if (def.type === 'nullable') leaf.nullable = true;
    else if (def.type === 'default' || def.type === 'prefault') {
      leaf.optional = true;
      leaf.defaultValue ??= (s as z.ZodDefault<z.ZodType>).def.defaultValue;
    } else if (def.type === 'pipe') {
      // z.preprocess(fn, schema) is a pipe from a transform: the schema is its output; x.transform(fn) is a pipe
      // into a transform: the schema is its input.
      s = defOf(def.in!).type === 'transform' ? def.out! : def.in!;
      continue;
    } else return { base: s, ...leaf };
    s = def.innerType!;
  }
}

const isNumeric = (base: z.ZodType) => {
  const def = defOf(base);
  return def.type === 'number' || (def.type === 'literal' && !!def.values?.every((v) => typeof v === 'number'));
};
/** How a numeric field reads typed text: whole numbers for int and numeric literals, and the field's maximum. */
function opcionesDe(base: z.ZodType): OpcionesNumero {
  if (defOf(base).type === 'literal') return { decimales: 0 };
  const n = base as z.ZodNumber;
  return { decimales: n.isInt ? 0 : 3, max: Number.isFinite(n.maxValue) ? (n.maxValue ?? undefined) : undefined };
}
const shapeOf = (base: z.ZodType) => (defOf(base).type === 'object' ? (base as z.ZodObject).shape : undefined);

/** Form values → the schema's input: text numbers to numbers, empty optional texts to null (or absent). */
function toInput(schema: z.ZodType, value: unknown): unknown {
  const leaf = unwrap(schema);
  const empty = leaf.nullable ? null : undefined;
  if (typeof value === 'string' && isNumeric(leaf.base)) {
    return value.trim() === '' ? empty : parseDecimal(value, opcionesDe(leaf.base));
  }
  if (value === '' && (leaf.nullable || leaf.optional)) return empty;
  const shape = shapeOf(leaf.base);
  if (shape && value && typeof value === 'object' && !Array.isArray(value)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, k in shape ? toInput(shape[k], v) : v]));
  }
  return value;
}

/** A stored value (or the schema's default) → the form's value. */
function toForm(schema: z.ZodType, value: unknown): unknown {
  const leaf = unwrap(schema);
  const v = value === undefined ? leaf.defaultValue : value;
  const shape = shapeOf(leaf.base);
  if (shape) {
    if (v === null || (v === undefined && leaf.nullable)) return null;
    const obj = (v ?? {}) as Record<string, unknown>;
    return Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, toForm(s, obj[k])]));
  }
  if (typeof v === 'number') return decimalText(v);
  if (v !== undefined && v !== null) return v;
  const type = defOf(leaf.base).type;
  if (type === 'boolean') return false;
  if (type === 'array') return [];
  if (type === 'string' || type === 'enum' || isNumeric(leaf.base)) return '';
  // A discriminant (`accion: z.literal('EMBARCAR')`) has one possible value: the form holds it.
  const values = defOf(leaf.base).values;
  if (type === 'literal' && values?.length === 1) return values[0];
  return null;
}

/**
 * The typed numbers of the form's values that cannot be read, by path, with the reading's reason ("Aquí van
 * números enteros, sin decimales."): the schema only sees NaN and would say "debe ser un número".
 */
function unreadNumbers(schema: z.ZodType, value: unknown, path: string, out: Record<string, string>) {
  const leaf = unwrap(schema);
  if (typeof value === 'string' && isNumeric(leaf.base)) {
    const r = value.trim() === '' ? null : readNumero(value, opcionesDe(leaf.base));
    if (r && !r.ok) out[path] = r.error;
    return out;
  }
  const shape = shapeOf(leaf.base);
  if (shape && value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (k in shape) unreadNumbers(shape[k], v, path ? `${path}.${k}` : k, out);
    }
  }
  return out;
}

/**
 * The form of an object schema: `schema` parses the form's values (and gives the contract's output, with the
 * contract's own messages and refinements), `defaults(stored?)` fills the form, `paths` names every field the
 * server may report an error on, and `resolver` checks the form with the schema for react-hook-form, saying of a
 * typed number it cannot read why (the reading's reason, not the schema's "debe ser un número"). The assertions type what is read off the schema at run time (zod cannot infer
 * that the preprocessing accepts exactly FormOf<Output>, nor TypeScript that the keys are the schema's).
 */
export function formOf<S extends z.ZodObject>(schema: S, overrides: Partial<FormOf<z.output<S>>> = {}) {
  type Values = FormOf<z.output<S>>;
  const parse = z.preprocess((v) => toInput(schema, v), schema) as unknown as z.ZodType<z.output<S>, Values>;
  const defaults = (stored?: Partial<z.output<S>> | null): Values => {
    const values = toForm(schema, stored ?? undefined) as Values;
    return stored ? values : { ...values, ...overrides };
  };
  const paths = Object.entries(schema.shape).flatMap(([k, s]) => {
    const nested = shapeOf(unwrap(s as z.ZodType).base);
    return [k, ...(nested ? Object.keys(nested).map((n) => `${k}.${n}`) : [])];
  }) as Path<Values>[];
  const zod = zodResolver(parse);
  const resolver: Resolver<Values, unknown, z.output<S>> = async (values, context, options) => {
    const result = await zod(values, context, options);
    for (const [path, message] of Object.entries(unreadNumbers(schema, values, '', {}))) {
      const error = get(result.errors, path) as FieldError | undefined;
      if (error) error.message = message;
    }
    return result;
  };
  return { schema: parse, defaults, paths, resolver };
}

type Member<M, D extends string, V extends string> = M extends z.ZodObject
  ? z.output<M> extends Record<D, V>
    ? M
    : never
  : never;

/**
 * The member of a discriminated union whose discriminant is `value`: the form of one action of an actions schema
 * (`formOf(memberOf(PedidoAccionSchema, 'EMBARCAR'))`), with that action's fields, messages and refinements.
 */
export function memberOf<
  O extends readonly z.ZodObject[],
  D extends string,
  V extends Extract<z.output<O[number]>[D], string>,
>(union: z.ZodDiscriminatedUnion<O, D>, value: V): Member<O[number], D, V> {
  const key = union.def.discriminator;
  const found = union.options.find((o) => defOf(o.shape[key] as z.ZodType).values?.includes(value));
  if (!found) throw new Error(`${key} ${String(value)}: not a member of the union`);
  return found as Member<O[number], D, V>;
}
