import type { Certificacion, LoteSort, Posicion, Proceso } from '../../../contract/lotes';
import { formatDecimal, formatInt } from '../../lib/format';
import { CERTIFICACION_LABELS, paisName, LOTE_SORTS, POSICION_LABELS, PROCESO_LABELS } from '../../lib/catalogo-lotes';

/*
 * The catalogue's state lives in the URL search parameters (shareable, and the back button works). These
 * helpers read them into a typed form, write them back, and describe the active filters as chips.
 */

export interface Filters {
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
  /** Sold-out lots are hidden unless this is on (they then come after the rest). */
  agotados: boolean;
  /** Only EUDR-ready lots (issue 30). */
  eudr: boolean;
}

export const EMPTY_FILTERS: Filters = {
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
  agotados: false,
  eudr: false,
};

const list = <T extends string>(params: URLSearchParams, key: string, allowed: readonly T[]): T[] =>
  (params.get(key) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s): s is T => (allowed as readonly string[]).includes(s));

const numero = (params: URLSearchParams, key: string) => {
  const v = params.get(key)?.trim() ?? '';
  return v && Number.isFinite(Number(v)) ? v : '';
};

export function readFilters(params: URLSearchParams): Filters {
  return {
    q: params.get('q') ?? '',
    pais: (params.get('pais') ?? '').split(',')[0].trim().toUpperCase(),
    region: params.get('region') ?? '',
    variedad: params.get('variedad') ?? '',
    proceso: list(params, 'proceso', Object.keys(PROCESO_LABELS) as Proceso[]),
    certificacion: list(params, 'certificacion', Object.keys(CERTIFICACION_LABELS) as Certificacion[]),
    posicion: list(params, 'posicion', Object.keys(POSICION_LABELS) as Posicion[]),
    verificados: (params.get('status') ?? '').split(',').includes('VERIFICADO'),
    puntajeMin: numero(params, 'puntajeMin'),
    puntajeMax: numero(params, 'puntajeMax'),
    precioMin: numero(params, 'precioMin'),
    precioMax: numero(params, 'precioMax'),
    sacosMin: numero(params, 'sacosMin'),
    agotados: params.get('agotados') === 'true',
    eudr: params.get('eudr') === 'true',
  };
}

export function readSort(params: URLSearchParams): LoteSort {
  const o = params.get('orden');
  return (LOTE_SORTS as readonly string[]).includes(o ?? '') ? (o as LoteSort) : 'relevancia';
}

export function readPage(params: URLSearchParams): number {
  const n = Number(params.get('page'));
  return Number.isInteger(n) && n > 1 ? n : 1;
}

/** New search parameters for these filters; the sort order is kept and the page goes back to the first. */
export function writeFilters(current: URLSearchParams, f: Filters): URLSearchParams {
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
  if (f.agotados) next.set('agotados', 'true');
  if (f.eudr) next.set('eudr', 'true');
  const sort = current.get('orden');
  if (sort) next.set('orden', sort);
  return next;
}

export interface Chip {
  id: string;
  label: string;
  /** The country chip shows its flag. */
  pais?: string;
  remove: (f: Filters) => Filters;
}

const num = (v: string) => formatDecimal(Number(v));

/** One chip per active value, each with the filters that remain when it is removed. */
export function chipsOf(f: Filters): Chip[] {
  const chips: Chip[] = [];
  if (f.q.trim()) chips.push({ id: 'q', label: `«${f.q.trim()}»`, remove: (x) => ({ ...x, q: '' }) });
  if (f.pais) chips.push({ id: 'pais', label: paisName(f.pais), pais: f.pais, remove: (x) => ({ ...x, pais: '' }) });
  if (f.region.trim())
    chips.push({ id: 'region', label: `Región: ${f.region.trim()}`, remove: (x) => ({ ...x, region: '' }) });
  if (f.variedad.trim())
    chips.push({ id: 'variedad', label: `Variedad: ${f.variedad.trim()}`, remove: (x) => ({ ...x, variedad: '' }) });
  for (const p of f.proceso)
    chips.push({
      id: `proceso-${p}`,
      label: PROCESO_LABELS[p],
      remove: (x) => ({ ...x, proceso: x.proceso.filter((v) => v !== p) }),
    });
  for (const c of f.certificacion)
    chips.push({
      id: `cert-${c}`,
      label: CERTIFICACION_LABELS[c],
      remove: (x) => ({ ...x, certificacion: x.certificacion.filter((v) => v !== c) }),
    });
  for (const p of f.posicion)
    chips.push({
      id: `pos-${p}`,
      label: POSICION_LABELS[p],
      remove: (x) => ({ ...x, posicion: x.posicion.filter((v) => v !== p) }),
    });
  if (f.verificados)
    chips.push({ id: 'verificados', label: 'Solo verificados', remove: (x) => ({ ...x, verificados: false }) });
  if (f.puntajeMin || f.puntajeMax) {
    const label =
      f.puntajeMin && f.puntajeMax
        ? `Puntaje ${num(f.puntajeMin)}–${num(f.puntajeMax)}`
        : f.puntajeMin
          ? `Puntaje desde ${num(f.puntajeMin)}`
          : `Puntaje hasta ${num(f.puntajeMax)}`;
    chips.push({ id: 'puntaje', label, remove: (x) => ({ ...x, puntajeMin: '', puntajeMax: '' }) });
  }
  if (f.precioMin || f.precioMax) {
    const label =
      f.precioMin && f.precioMax
        ? `Precio ${num(f.precioMin)}–${num(f.precioMax)} por kg`
        : f.precioMin
          ? `Precio desde ${num(f.precioMin)} por kg`
          : `Precio hasta ${num(f.precioMax)} por kg`;
    chips.push({ id: 'precio', label, remove: (x) => ({ ...x, precioMin: '', precioMax: '' }) });
  }
  if (f.sacosMin)
    chips.push({
      id: 'sacos',
      label: `Al menos ${formatInt(Number(f.sacosMin))} ${Number(f.sacosMin) === 1 ? 'saco' : 'sacos'}`,
      remove: (x) => ({ ...x, sacosMin: '' }),
    });
  if (f.agotados) chips.push({ id: 'agotados', label: 'Con agotados', remove: (x) => ({ ...x, agotados: false }) });
  if (f.eudr) chips.push({ id: 'eudr', label: 'Listos para la EUDR', remove: (x) => ({ ...x, eudr: false }) });
  return chips;
}

/** How many filters the panel holds (the search text is shown in its own box, so it does not count). */
export const activeFilters = (f: Filters) => chipsOf(f).filter((c) => c.id !== 'q').length;
