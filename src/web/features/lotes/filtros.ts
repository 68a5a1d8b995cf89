import type { Certificacion, OrdenLotes, Posicion, Proceso } from '../../../contract/lotes';
import { formatDecimal, formatInt } from '../../lib/format';
import { CERTIFICACION_LABELS, nombrePais, ORDENES, POSICION_LABELS, PROCESO_LABELS } from '../../lib/catalogo-lotes';

/*
 * The catalogue's state lives in the URL search parameters (shareable, and the back button works). These
 * helpers read them into a typed form, write them back, and describe the active filters as chips.
 */

export interface Filtros {
  q: string;
  pais: string;
  region: string;
  variedad: string;
  proceso: Proceso[];
  certificacion: Certificacion[];
  posicion: Posicion[];
  verificados: boolean;
  puntajeMin: string;
  puntajeMax: string;
  precioMin: string;
  precioMax: string;
  sacosMin: string;
}

export const FILTROS_VACIOS: Filtros = {
  q: '',
  pais: '',
  region: '',
  variedad: '',
  proceso: [],
  certificacion: [],
  posicion: [],
  verificados: false,
  puntajeMin: '',
  puntajeMax: '',
  precioMin: '',
  precioMax: '',
  sacosMin: '',
};

const lista = <T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] =>
  (params.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is T => (allowed as readonly string[]).includes(s));

const numero = (params: URLSearchParams, key: string) => {
  const v = params.get(key)?.trim() ?? '';
  return v && Number.isFinite(Number(v)) ? v : '';
};

export function leerFiltros(params: URLSearchParams): Filtros {
  return {
    q: params.get('q') ?? '',
    pais: (params.get('pais') ?? '').split(',')[0].trim().toUpperCase(),
    region: params.get('region') ?? '',
    variedad: params.get('variedad') ?? '',
    proceso: lista(params, 'proceso', Object.keys(PROCESO_LABELS) as Proceso[]),
    certificacion: lista(params, 'certificacion', Object.keys(CERTIFICACION_LABELS) as Certificacion[]),
    posicion: lista(params, 'posicion', Object.keys(POSICION_LABELS) as Posicion[]),
    verificados: (params.get('status') ?? '').split(',').includes('VERIFICADO'),
    puntajeMin: numero(params, 'puntajeMin'),
    puntajeMax: numero(params, 'puntajeMax'),
    precioMin: numero(params, 'precioMin'),
    precioMax: numero(params, 'precioMax'),
    sacosMin: numero(params, 'sacosMin'),
  };
}

export function leerOrden(params: URLSearchParams): OrdenLotes {
  const o = params.get('orden');
  return (ORDENES as readonly string[]).includes(o ?? '') ? (o as OrdenLotes) : 'relevancia';
}

export function leerPagina(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** New search parameters for these filters; the sort order is kept and the page goes back to the first. */
export function escribirFiltros(current: URLSearchParams, f: Filtros): URLSearchParams {
  const next = new URLSearchParams();
  const set = (k: string, v: string) => {
    if (v.trim()) next.set(k, v.trim());
  };
  set('q', f.q);
  set('pais', f.pais);
  set('region', f.region);
  set('variedad', f.variedad);
  set('proceso', f.proceso.join(','));
  set('certificacion', f.certificacion.join(','));
  set('posicion', f.posicion.join(','));
  if (f.verificados) next.set('status', 'VERIFICADO');
  set('puntajeMin', f.puntajeMin);
  set('puntajeMax', f.puntajeMax);
  set('precioMin', f.precioMin);
  set('precioMax', f.precioMax);
  set('sacosMin', f.sacosMin);
  const orden = current.get('orden');
  if (orden) next.set('orden', orden);
  return next;
}

export interface Chip {
  id: string;
  label: string;
  quitar: (f: Filtros) => Filtros;
}

const num = (v: string) => formatDecimal(Number(v));

/** One chip per active value, each with the filters that remain when it is removed. */
export function chipsDe(f: Filtros): Chip[] {
  const chips: Chip[] = [];
  if (f.q.trim()) chips.push({ id: 'q', label: `«${f.q.trim()}»`, quitar: (x) => ({ ...x, q: '' }) });
  if (f.pais) chips.push({ id: 'pais', label: nombrePais(f.pais), quitar: (x) => ({ ...x, pais: '' }) });
  if (f.region.trim())
    chips.push({ id: 'region', label: `Región: ${f.region.trim()}`, quitar: (x) => ({ ...x, region: '' }) });
  if (f.variedad.trim())
    chips.push({ id: 'variedad', label: `Variedad: ${f.variedad.trim()}`, quitar: (x) => ({ ...x, variedad: '' }) });
  for (const p of f.proceso)
    chips.push({
      id: `proceso-${p}`,
      label: PROCESO_LABELS[p],
      quitar: (x) => ({ ...x, proceso: x.proceso.filter((v) => v !== p) }),
    });
  for (const c of f.certificacion)
    chips.push({
      id: `cert-${c}`,
      label: CERTIFICACION_LABELS[c],
      quitar: (x) => ({ ...x, certificacion: x.certificacion.filter((v) => v !== c) }),
    });
  for (const p of f.posicion)
    chips.push({
      id: `pos-${p}`,
      label: POSICION_LABELS[p],
      quitar: (x) => ({ ...x, posicion: x.posicion.filter((v) => v !== p) }),
    });
  if (f.verificados)
    chips.push({ id: 'verificados', label: 'Solo verificados', quitar: (x) => ({ ...x, verificados: false }) });
  if (f.puntajeMin || f.puntajeMax) {
    const label =
      f.puntajeMin && f.puntajeMax
        ? `Puntaje ${num(f.puntajeMin)}–${num(f.puntajeMax)}`
        : f.puntajeMin
          ? `Puntaje desde ${num(f.puntajeMin)}`
          : `Puntaje hasta ${num(f.puntajeMax)}`;
    chips.push({ id: 'puntaje', label, quitar: (x) => ({ ...x, puntajeMin: '', puntajeMax: '' }) });
  }
  if (f.precioMin || f.precioMax) {
    const label =
      f.precioMin && f.precioMax
        ? `Precio ${num(f.precioMin)}–${num(f.precioMax)} por kg`
        : f.precioMin
          ? `Precio desde ${num(f.precioMin)} por kg`
          : `Precio hasta ${num(f.precioMax)} por kg`;
    chips.push({ id: 'precio', label, quitar: (x) => ({ ...x, precioMin: '', precioMax: '' }) });
  }
  if (f.sacosMin)
    chips.push({
      id: 'sacos',
      label: `Al menos ${formatInt(Number(f.sacosMin))} sacos`,
      quitar: (x) => ({ ...x, sacosMin: '' }),
    });
  return chips;
}

/** How many filters the panel holds (the search text is shown in its own box, so it does not count). */
export const filtrosActivos = (f: Filtros) => chipsDe(f).filter((c) => c.id !== 'q').length;
