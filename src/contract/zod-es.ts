import { config, type $ZodRawIssue } from 'zod/v4/core';

/*
 * Zod's own messages in Spanish, for every issue a schema does not word itself (a message set in a schema keeps
 * winning: zod asks this map last). Installed once, globally, by importing this module; the contract's common
 * module imports it, so every schema parsed on the server or in the browser answers in Spanish. Messages carry
 * no field name: clients show them beside the field (`fieldErrors` keys them by path).
 */

const TIPOS: Record<string, string> = {
  string: 'un texto',
  number: 'un número',
  int: 'un número entero',
  bigint: 'un número entero',
  boolean: 'verdadero o falso',
  array: 'una lista',
  tuple: 'una lista',
  object: 'un objeto',
  record: 'un objeto',
  map: 'un mapa',
  set: 'un conjunto',
  date: 'una fecha',
  file: 'un archivo',
  null: 'nulo',
  undefined: 'ningún valor',
  nan: 'un número no válido',
  symbol: 'un símbolo',
  function: 'una función',
  promise: 'una promesa',
  literal: 'un valor fijo',
  enum: 'una opción de la lista',
  union: 'uno de los valores permitidos',
  never: 'ningún valor',
  void: 'ningún valor',
  unknown: 'un valor',
  any: 'un valor',
};

const FORMATOS: Record<string, string> = {
  email: 'una dirección de correo electrónico',
  url: 'una dirección web',
  uuid: 'un identificador',
  uuidv4: 'un identificador',
  uuidv6: 'un identificador',
  uuidv7: 'un identificador',
  guid: 'un identificador',
  datetime: 'una fecha y hora',
  date: 'una fecha (AAAA-MM-DD)',
  time: 'una hora',
  duration: 'una duración',
  ipv4: 'una dirección IPv4',
  ipv6: 'una dirección IPv6',
  base64: 'un texto en base64',
  base64url: 'un texto en base64',
  json_string: 'un texto JSON',
  e164: 'un número de teléfono internacional',
  jwt: 'un token',
};

const tipo = (t: string) => TIPOS[t] ?? 'otro tipo de valor';

function recibido(input: unknown): string {
  if (input === undefined) return 'ningún valor';
  if (input === null) return 'nulo';
  if (Array.isArray(input)) return 'una lista';
  if (input instanceof Date) return 'una fecha';
  if (typeof input === 'number') return Number.isNaN(input) ? 'un número no válido' : 'un número';
  return tipo(typeof input);
}

const valor = (v: unknown) => (typeof v === 'string' ? `«${v}»` : String(v));
const valores = (vs: readonly unknown[]) => vs.map(valor).join(', ');
const n = (x: number | bigint) => (typeof x === 'bigint' ? x.toString() : x.toLocaleString('es'));

/** The message for one issue; every issue code answers in Spanish. */
export function mensajeEs(iss: $ZodRawIssue): string {
  switch (iss.code) {
    case 'invalid_type':
      if (iss.input === undefined) return 'Este campo es obligatorio.';
      return `Valor no válido: se esperaba ${tipo(iss.expected)} y llegó ${recibido(iss.input)}.`;
    case 'too_small': {
      const m = n(iss.minimum as number | bigint);
      if (iss.origin === 'string')
        return iss.minimum === 1 ? 'Este campo no puede estar vacío.' : `Debe tener al menos ${m} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set')
        return iss.minimum === 1 ? 'Debe tener al menos un elemento.' : `Debe tener al menos ${m} elementos.`;
      if (iss.origin === 'date') return 'La fecha es demasiado temprana.';
      if (iss.origin === 'file') return `El archivo debe tener al menos ${m} bytes.`;
      return iss.inclusive ? `Debe ser como mínimo ${m}.` : `Debe ser mayor que ${m}.`;
    }
    case 'too_big': {
      const m = n(iss.maximum as number | bigint);
      if (iss.origin === 'string') return `Admite como máximo ${m} caracteres.`;
      if (iss.origin === 'array' || iss.origin === 'set') return `Admite como máximo ${m} elementos.`;
      if (iss.origin === 'date') return 'La fecha es demasiado tardía.';
      if (iss.origin === 'file') return `El archivo admite como máximo ${m} bytes.`;
      return iss.inclusive ? `Debe ser como máximo ${m}.` : `Debe ser menor que ${m}.`;
    }
    case 'invalid_format':
      if (iss.format === 'starts_with') return `Debe comenzar por «${(iss as { prefix?: string }).prefix ?? ''}».`;
      if (iss.format === 'ends_with') return `Debe terminar en «${(iss as { suffix?: string }).suffix ?? ''}».`;
      if (iss.format === 'includes') return `Debe incluir «${(iss as { includes?: string }).includes ?? ''}».`;
      return FORMATOS[iss.format] ? `Formato no válido: se esperaba ${FORMATOS[iss.format]}.` : 'Formato no válido.';
    case 'not_multiple_of':
      return `Debe ser múltiplo de ${n(iss.divisor as number | bigint)}.`;
    case 'unrecognized_keys':
      return iss.keys.length === 1
        ? `Campo no reconocido: ${iss.keys[0]}.`
        : `Campos no reconocidos: ${iss.keys.join(', ')}.`;
    case 'invalid_union':
      return 'Valor no válido: no coincide con ninguna de las formas permitidas.';
    case 'invalid_key':
      return 'Clave no válida.';
    case 'invalid_element':
      return 'Elemento no válido.';
    case 'invalid_value':
      return iss.values.length === 1
        ? `Valor no válido: se esperaba ${valor(iss.values[0])}.`
        : `Opción no válida: se esperaba una de ${valores(iss.values)}.`;
    default:
      return 'Valor no válido.';
  }
}

config({ customError: mensajeEs });
