import { Bandera } from '../../../components/bandera';
import { useId } from 'react';
import { Link } from 'react-router';
import { ChevronLeft, ChevronRight, Download, SearchX, X } from 'lucide-react';
import type { LoteSort } from '../../../../contract/lotes';
import { OFERTA_FORMATOS, OFERTA_FORMATO_LABELS } from '../../../../contract/oferta';
import { API } from '../../../../contract/paths';
import { formatInt } from '../../../lib/format';
import { SORT_LABELS, LOTE_SORTS } from '../../../lib/catalogo-lotes';
import type { Chip } from '../filters';

export function FilterChips({
  chips,
  onRemove,
  onClear,
}: {
  chips: Chip[];
  onRemove: (c: Chip) => void;
  onClear: () => void;
}) {
  if (!chips.length) return null;
  return (
    <ul aria-label="Filtros activos" className="flex flex-wrap items-center gap-2">
      {chips.map((c) => (
        <li key={c.id}>
          <button
            type="button"
            onClick={() => onRemove(c)}
            aria-label={`Quitar filtro: ${c.label}`}
            className="inline-flex items-center gap-1 rounded-full border border-primary-200 bg-primary-50 px-3 py-1 text-sm text-primary-900 hover:bg-primary-100 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-100 dark:hover:bg-primary-900"
          >
            {c.pais && <Bandera pais={c.pais} />}
            {c.label}
            <X aria-hidden className="size-3.5" />
          </button>
        </li>
      ))}
      <li>
        <button
          type="button"
          onClick={onClear}
          className="text-sm font-medium text-primary-800 underline hover:no-underline dark:text-primary-300"
        >
          Limpiar filtros
        </button>
      </li>
    </ul>
  );
}

export function SortSelect({ value, onChange }: { value: LoteSort; onChange: (o: LoteSort) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium whitespace-nowrap text-gray-800 dark:text-gray-200">
        Ordenar por
      </label>
      <select id={id} className="input w-auto" value={value} onChange={(e) => onChange(e.target.value as LoteSort)}>
        {LOTE_SORTS.map((o) => (
          <option key={o} value={o}>
            {SORT_LABELS[o]}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * The offer list to take away: the lots the current filters match (every page, in the chosen order) as CSV, Excel
 * or PDF. Plain links: a visitor downloads without signing in, and they work before the script has loaded.
 */
export function DownloadOferta({ qs }: { qs: string }) {
  const suffix = ofertaSuffix(qs);
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-800 dark:text-gray-200">
      <span className="inline-flex items-center gap-1 font-medium">
        <Download aria-hidden className="size-4" />
        Descargar la oferta:
      </span>
      {OFERTA_FORMATOS.map((f) => (
        <a
          key={f}
          className="font-medium text-primary-800 underline hover:no-underline dark:text-primary-300"
          href={`${API.lotesOferta(f)}${suffix}`}
          download
          aria-label={`Descargar la oferta en ${OFERTA_FORMATO_LABELS[f]}`}
        >
          {OFERTA_FORMATO_LABELS[f]}
        </a>
      ))}
    </p>
  );
}

/** The download links' query: the catalogue's, every page ('' for none). */
export function ofertaSuffix(qs: string): string {
  const query = new URLSearchParams(qs);
  query.delete('page');
  return query.size ? `?${query.toString()}` : '';
}

export const formatResultCount = (total: number) =>
  total === 0 ? 'Ningún lote encontrado' : total === 1 ? '1 lote encontrado' : `${formatInt(total)} lotes encontrados`;

/** The pages around the current one, with gaps: 1 … 4 5 6 … 20. */
export function visiblePages(page: number, totalPages: number): Array<number | 'gap'> {
  const set = new Set([1, totalPages, page - 1, page, page + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...set].sort((a, b) => a - b);
  const out: Array<number | 'gap'> = [];
  sorted.forEach((p, i) => {
    if (i > 0 && p - sorted[i - 1] > 1) out.push('gap');
    out.push(p);
  });
  return out;
}

/** Real links (?page=N): shareable, open in a new tab, and the back button returns to the previous page. */
export function PaginationNav({
  page,
  totalPages,
  hrefFor,
}: {
  page: number;
  totalPages: number;
  hrefFor: (p: number) => string;
}) {
  if (totalPages <= 1) return null;
  const base = 'inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-medium';
  const idle = `${base} border border-gray-300 bg-white hover:bg-gray-50 dark:border-gray-700 dark:bg-gray-900 dark:hover:bg-gray-800`;
  return (
    <nav aria-label="Paginación" className="flex justify-center">
      <ul className="flex flex-wrap items-center gap-1">
        <li>
          {page > 1 ? (
            <Link to={hrefFor(page - 1)} className={idle} rel="prev">
              <ChevronLeft aria-hidden className="size-4" /> Anterior
            </Link>
          ) : (
            <span className={`${idle} opacity-50`} aria-disabled="true">
              <ChevronLeft aria-hidden className="size-4" /> Anterior
            </span>
          )}
        </li>
        {visiblePages(page, totalPages).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} aria-hidden className="px-1 text-gray-500">
              …
            </li>
          ) : (
            <li key={p} className="hidden sm:block">
              <Link
                to={hrefFor(p)}
                aria-label={`Página ${p}`}
                aria-current={p === page ? 'page' : undefined}
                className={
                  p === page ? `${base} bg-primary-700 text-white dark:bg-primary-600 dark:text-gray-950` : idle
                }
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li className="px-2 text-sm text-gray-700 sm:hidden dark:text-gray-300">
          Página {page} de {totalPages}
        </li>
        <li>
          {page < totalPages ? (
            <Link to={hrefFor(page + 1)} className={idle} rel="next">
              Siguiente <ChevronRight aria-hidden className="size-4" />
            </Link>
          ) : (
            <span className={`${idle} opacity-50`} aria-disabled="true">
              Siguiente <ChevronRight aria-hidden className="size-4" />
            </span>
          )}
        </li>
      </ul>
    </nav>
  );
}

export function EmptyCatalogo({ hasFilters, onClear }: { hasFilters: boolean; onClear: () => void }) {
  return (
    <div className="card flex flex-col items-center gap-3 px-6 py-12 text-center">
      <SearchX aria-hidden className="size-10 text-gray-400" />
      <h2 className="text-xl font-semibold">No encontramos lotes con esta búsqueda</h2>
      {hasFilters ? (
        <>
          <p className="max-w-md text-gray-700 dark:text-gray-300">
            Prueba a quitar algún filtro, a ampliar los rangos de puntaje o de precio, o a buscar con otras palabras.
          </p>
          <button type="button" className="btn-primary" onClick={onClear}>
            Limpiar filtros
          </button>
        </>
      ) : (
        <p className="max-w-md text-gray-700 dark:text-gray-300">Todavía no hay lotes publicados. Vuelve pronto.</p>
      )}
    </div>
  );
}
