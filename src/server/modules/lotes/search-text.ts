import { normalizeText } from '../../../contract/common';

export interface SearchableLote {
  nombre: string;
  codigo?: string | null;
  region: string;
  municipio?: string | null;
  finca?: string | null;
  pais: string;
  variedades: string[];
  notasCata: string[];
  proceso?: string | null;
}

/**
 * The accent- and case-free text the catalogue's `q` searches: lot name and code, origin, farm,
 * varieties, tasting notes, process and the producer's name. Kept in `lotes.busqueda`; every write
 * to a lot (and a producer renaming their organisation) recomputes it.
 */
export function buildSearchText(lote: SearchableLote, productorNombre: string): string {
  return normalizeText(
    [
      lote.nombre,
      lote.codigo,
      lote.region,
      lote.municipio,
      lote.finca,
      lote.pais,
      lote.proceso,
      ...lote.variedades,
      ...lote.notasCata,
      productorNombre,
    ]
      .filter(Boolean)
      .join(' '),
  );
}
