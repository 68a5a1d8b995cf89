import { z } from 'zod';
import { okMessageResponse, okResponse } from './common';
import { texto } from './campos';
import {
  CERTIFICACION_LABELS,
  PROCESO_LABELS,
  POSICION_LABELS,
  SORT_LABELS,
  paisName,
  type Certificacion,
  type LoteSort,
  type Posicion,
  type Proceso,
} from './lotes-codes';

/*
 * Saved searches with alerts (issue 32): a buyer keeps the catalogue's current filters under a name, finds them
 * in his dashboard, and is told (bell, and e-mail by his preferences and the search's own switch) when new lots
 * match, at most once a day per search. The search is stored as the catalogue's own query string, normalised by
 * the server (known filters only, sorted), so opening it is opening `/lotes?<consulta>`.
 */

export const BUSQUEDA_LIMITS = {
  nombre: 80,
  /** Saved searches per buyer. */
  porComprador: 20,
  /** The longest stored query (the catalogue's bounded filters fit far below it). */
  consulta: 1000,
  /** At most one alert per search in this time. */
  avisoCadaMs: 24 * 60 * 60 * 1000,
  /** Lots named in one alert; the rest are counted. */
  lotesEnAviso: 5,
} as const;

/** The catalogue's filters a saved search keeps (paging, view and order are how one looks, not what one wants). */
export const BUSQUEDA_FILTROS = [
  'q',
  'pais',
  'region',
  'proceso',
  'variedad',
  'certificacion',
  'posicion',
  'puntajeMin',
  'puntajeMax',
  'precioMin',
  'precioMax',
  'sacosMin',
  'orden',
] as const;

const nombreBusqueda = texto('El nombre de la búsqueda', 1, BUSQUEDA_LIMITS.nombre);

/** POST /api/busquedas: the catalogue's query; without a name, the search is named by what it looks for. */
export const BusquedaInputSchema = z.object({
  nombre: nombreBusqueda.optional(),
  consulta: z
    .string({ error: 'Los filtros de la búsqueda deben ser un texto.' })
    .max(BUSQUEDA_LIMITS.consulta, 'La búsqueda tiene demasiados filtros.'),
  avisarEmail: z.boolean({ error: 'Indica si quieres los avisos por correo (verdadero o falso).' }).default(true),
});
export type BusquedaInput = z.infer<typeof BusquedaInputSchema>;

export const BusquedaUpdateSchema = z.object({
  nombre: nombreBusqueda.optional(),
  avisarEmail: z.boolean({ error: 'Indica si quieres los avisos por correo (verdadero o falso).' }).optional(),
});
export type BusquedaUpdate = z.infer<typeof BusquedaUpdateSchema>;

export const BusquedaSchema = z.object({
  id: z.string(),
  nombre: z.string(),
  /** The normalised catalogue query: the search opens at `/lotes?${consulta}`. */
  consulta: z.string(),
  /** What it looks for, in words ("Etiopía · Natural · desde 86 puntos"). */
  resumen: z.string(),
  avisarEmail: z.boolean(),
  /** Lots published since the last alert (or since the search was saved) that match it now. */
  nuevos: z.number().int(),
  ultimoAvisoAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Busqueda = z.infer<typeof BusquedaSchema>;

export const BusquedasResponseSchema = okResponse(z.object({ busquedas: z.array(BusquedaSchema) }));
export type BusquedasResponse = z.infer<typeof BusquedasResponseSchema>;
export const BusquedaResponseSchema = okResponse(z.object({ busqueda: BusquedaSchema }));
export type BusquedaResponse = z.infer<typeof BusquedaResponseSchema>;
export const BusquedaEliminadaResponseSchema = okMessageResponse(z.object({ id: z.string() }));

const BUSQUEDA_MESSAGES_BAJA = 'El enlace para dejar de recibir estos avisos no es válido o la búsqueda ya no existe.';

/** The e-mail's unsubscribe link posts its token (no session: the token is the proof). */
export const BajaBodySchema = z.object({
  token: z.string({ error: BUSQUEDA_MESSAGES_BAJA }).min(1, BUSQUEDA_MESSAGES_BAJA).max(100, BUSQUEDA_MESSAGES_BAJA),
});
export const BajaResponseSchema = okMessageResponse(z.object({ nombre: z.string() }));

export const BUSQUEDA_MESSAGES = {
  guardada: 'Búsqueda guardada: te avisaremos cuando haya lotes nuevos que encajen.',
  actualizada: 'Búsqueda actualizada.',
  eliminada: 'Búsqueda eliminada.',
  demasiadas: `Puedes guardar como máximo ${BUSQUEDA_LIMITS.porComprador} búsquedas: elimina alguna antes de guardar otra.`,
  repetida: 'Ya tienes guardada una búsqueda con estos mismos filtros.',
  noEncontrada: 'Búsqueda no encontrada.',
  bajaHecha: (nombre: string) =>
    `Listo: ya no recibirás por correo los avisos de la búsqueda «${nombre}». Seguirás viéndolos en la campana de Cereza.`,
  bajaEnlaceNoValido: BUSQUEDA_MESSAGES_BAJA,
} as const;

const numero = (v: string) => v.replace('.', ',');
const lista = (v: string, label: (c: string) => string) =>
  v
    .split(',')
    .map((c) => label(c.trim()))
    .join(' o ');

/** The name a search gets when saved in one click: what it looks for, cut to the name's length. */
export const nombrePorDefecto = (consulta: string) => {
  const r = resumenConsulta(consulta);
  return r.length <= BUSQUEDA_LIMITS.nombre ? r : `${r.slice(0, BUSQUEDA_LIMITS.nombre - 1)}…`;
};

/** A saved search's filters in words, in the catalogue's order of filters. */
export function resumenConsulta(consulta: string): string {
  const p = new URLSearchParams(consulta);
  const partes: string[] = [];
  const q = p.get('q');
  if (q) partes.push(`«${q}»`);
  const pais = p.get('pais');
  if (pais) partes.push(lista(pais, paisName));
  const region = p.get('region');
  if (region) partes.push(`región ${region}`);
  const proceso = p.get('proceso');
  if (proceso) partes.push(lista(proceso, (c) => PROCESO_LABELS[c as Proceso] ?? c));
  const variedad = p.get('variedad');
  if (variedad) partes.push(`variedad ${variedad}`);
  const cert = p.get('certificacion');
  if (cert) partes.push(lista(cert, (c) => CERTIFICACION_LABELS[c as Certificacion] ?? c).replaceAll(' o ', ' y '));
  const posicion = p.get('posicion');
  if (posicion) partes.push(lista(posicion, (c) => POSICION_LABELS[c as Posicion] ?? c));
  const [pmin, pmax] = [p.get('puntajeMin'), p.get('puntajeMax')];
  if (pmin && pmax) partes.push(`de ${numero(pmin)} a ${numero(pmax)} puntos`);
  else if (pmin) partes.push(`desde ${numero(pmin)} puntos`);
  else if (pmax) partes.push(`hasta ${numero(pmax)} puntos`);
  const [cmin, cmax] = [p.get('precioMin'), p.get('precioMax')];
  if (cmin && cmax) partes.push(`de ${numero(cmin)} a ${numero(cmax)} por kg`);
  else if (cmin) partes.push(`desde ${numero(cmin)} por kg`);
  else if (cmax) partes.push(`hasta ${numero(cmax)} por kg`);
  const sacos = p.get('sacosMin');
  if (sacos) partes.push(`al menos ${sacos} ${sacos === '1' ? 'saco' : 'sacos'}`);
  const orden = p.get('orden') as LoteSort | null;
  if (orden && SORT_LABELS[orden]) partes.push(`orden: ${SORT_LABELS[orden].toLowerCase()}`);
  return partes.length ? partes.join(' · ') : 'Todos los lotes';
}
