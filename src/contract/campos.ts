import { z } from 'zod';
import { isStorableText, obligatorio, verbo } from './common';

/*
 * Small field builders with per-field Spanish messages, for the sourcing, planner and member-farm contracts
 * (issue 13). `campo` is the field's name as its messages begin ("El nombre", "La región").
 */

export const texto = (campo: string, min: number, max: number) =>
  z
    .string({ error: `${campo} ${verbo(campo, 'debe')} ser un texto.` })
    .refine(isStorableText, { error: `${campo} ${verbo(campo, 'contiene')} caracteres no válidos.` })
    .trim()
    .min(min, min <= 1 ? obligatorio(campo) : `${campo} ${verbo(campo, 'debe')} tener al menos ${min} caracteres.`)
    .max(max, `${campo} ${verbo(campo, 'admite')} como máximo ${max} caracteres.`);

/** Optional text: absent, null or empty means no value (null). */
export const textoOpcional = (campo: string, max: number) =>
  z
    .string({ error: `${campo} ${verbo(campo, 'debe')} ser un texto.` })
    .refine(isStorableText, { error: `${campo} ${verbo(campo, 'contiene')} caracteres no válidos.` })
    .trim()
    .max(max, `${campo} ${verbo(campo, 'admite')} como máximo ${max} caracteres.`)
    .transform((v) => (v === '' ? null : v))
    .nullable()
    .optional()
    .transform((v) => v ?? null);

export const entero = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo} ${verbo(campo, 'debe')} ser un número.` })
    .int(`${campo} ${verbo(campo, 'debe')} ser un número entero.`)
    .min(min, `${campo} ${verbo(campo, 'debe')} ser como mínimo ${min}.`)
    .max(max, `${campo} ${verbo(campo, 'debe')} ser como máximo ${max}.`);

export const numero = (campo: string, min: number, max: number, decimales = 2) =>
  z
    .number({ error: `${campo} ${verbo(campo, 'debe')} ser un número.` })
    .min(min, `${campo} ${verbo(campo, 'debe')} ser como mínimo ${min}.`)
    .max(max, `${campo} ${verbo(campo, 'debe')} ser como máximo ${max}.`)
    .refine((v) => Math.abs(Math.round(v * 10 ** decimales) - v * 10 ** decimales) < 1e-6, {
      error: `${campo} ${verbo(campo, 'admite')} como máximo ${decimales} decimales.`,
    })
    .transform((v) => Math.round(v * 10 ** decimales) / 10 ** decimales);

/** A list of choices from `valores`, without repeats. */
export const lista = <T extends string>(campo: string, valores: readonly [T, ...T[]], max: number) =>
  z
    .array(z.enum(valores, { error: `${campo}: elige valores de la lista.` }), {
      error: `${campo} ${verbo(campo, 'debe')} ser una lista.`,
    })
    .max(max, `${campo}: como máximo ${max}.`)
    .refine((xs) => new Set(xs).size === xs.length, { error: `${campo}: hay valores repetidos.` });

export const listaTexto = (campo: string, max: number, largo = 60) =>
  z
    .array(texto(campo, 1, largo), { error: `${campo} ${verbo(campo, 'debe')} ser una lista.` })
    .max(max, `${campo}: como máximo ${max}.`)
    .refine((xs) => new Set(xs).size === xs.length, { error: `${campo}: hay valores repetidos.` });

/** "YYYY-MM". */
export const MesSchema = z
  .string({ error: 'El mes debe tener el formato AAAA-MM.' })
  .regex(/^(20\d{2}|2100)-(0[1-9]|1[0-2])$/, 'El mes debe tener el formato AAAA-MM (por ejemplo 2027-03).');

/** Money per kg in minor units from a decimal amount (12.5 → 1250). */
export const aCentavos = (v: number) => Math.round(v * 100);
