import { PAIS_NAMES } from '../../contract/lotes-codes';

/*
 * What the catalogue (/lotes, /lote/:id) needs from the lot contract, taken from its zod-free half so that
 * the public pages stay inside their JavaScript budget (zod alone would cost ~34 KB gzip).
 */
export {
  PROCESO_LABELS,
  CERTIFICACION_LABELS,
  POSICION_LABELS,
  INCOTERM_LABELS,
  LOTE_STATUS_LABELS,
  SORT_LABELS,
  PROCESOS,
  CERTIFICACIONES,
  POSICIONES,
  LOTE_SORTS,
  PAISES_ORIGEN,
} from '../../contract/lotes-codes';

/** Spanish name of an origin; other codes (rare for a lot) fall back to the browser's Spanish region names. */
export function paisName(code: string): string {
  const upper = code.toUpperCase();
  const known = PAIS_NAMES.get(upper);
  if (known) return known;
  try {
    return new Intl.DisplayNames(['es'], { type: 'region' }).of(upper) ?? upper;
  } catch {
    return upper;
  }
}
