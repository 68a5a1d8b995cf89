import {
  createContext,
  lazy,
  startTransition,
  Suspense,
  use,
  useEffect,
  useId,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useSearchParams } from 'react-router';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import type { LoteSort, LoteTarjeta } from '../../../../contract/lotes';
import { LOTES_LIST_ERROR } from '../../../../contract/errors-base';
import { catalogoQueryString, useLotes } from '../api';
import {
  chipsOf,
  writeFilters,
  activeFilters,
  EMPTY_FILTERS,
  readFilters,
  readSort,
  readPage,
  type Filters,
} from '../filters';
import {
  DownloadOferta,
  EmptyCatalogo,
  FilterChips,
  SortSelect,
  PaginationNav,
  formatResultCount,
} from './catalogo-controls';
import { LoteCard, LoteCardSkeleton, LoteGrid } from '../../../components/lote-card';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { whenIdle } from '../../../lib/next-task';

/**
 * The filter panel's form: built in the browser only (the column on wide screens, the sheet when opened), so
 * its code is not part of the page's first load. It is fetched once the catalogue is on screen and idle.
 */
const loadFiltersPanel = () => import('./filters-panel');
const FiltersPanel = lazy(() => loadFiltersPanel().then((m) => ({ default: m.FiltersPanel })));

/** Tailwind's lg: from here the filter panel is a column beside the results, below it a bottom sheet. */
const DESKTOP = '(min-width: 1024px)';

/**
 * The filter column's form, rendered in the browser and on wide screens only: the server cannot know the
 * width, and a phone (which uses the sheet) should not build and hydrate a form it never shows.
 */
function DesktopOnly({ children }: { children: ReactNode }) {
  const [width, setWidth] = useState(false);
  useEffect(() => {
    const mq = matchMedia(DESKTOP);
    const update = () => startTransition(() => setWidth(mq.matches));
    update();
    mq.addEventListener('change', update);
    return () => mq.removeEventListener('change', update);
  }, []);
  return width ? children : null;
}

/** On small screens the filter panel is a bottom sheet: a native modal dialog (focus trap, Escape). */
function FiltersSheet({
  open,
  onClose,
  headingId,
  children,
}: {
  open: boolean;
  onClose: () => void;
  headingId: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className="m-0 mt-auto max-h-[88vh] w-full max-w-none rounded-t-2xl bg-white p-0 text-gray-900 backdrop:bg-gray-950/60 dark:bg-gray-900 dark:text-gray-100"
    >
      {open && (
        <div className="p-4 pb-2">
          <div className="mx-auto mb-3 h-1.5 w-12 rounded-full bg-gray-300 dark:bg-gray-700" aria-hidden />
          <div className="mb-2 flex items-center justify-between">
            <h2 id={headingId} className="text-lg font-semibold">
              Filtros
            </h2>
            <button type="button" className="btn-ghost p-2" aria-label="Cerrar filtros" onClick={onClose}>
              <X aria-hidden className="size-5" />
            </button>
          </div>
          {children}
        </div>
      )}
    </dialog>
  );
}

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [q, setQ] = useState(value);
  const id = useId();
  useEffect(() => setQ(value), [value]);
  return (
    <form
      role="search"
      className="flex w-full gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(q);
      }}
    >
      <label htmlFor={id} className="sr-only">
        Buscar lotes
      </label>
      <div className="relative flex-1">
        <Search
          aria-hidden
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-gray-500"
        />
        <input
          id={id}
          // With a name, the form also works before the script has loaded: a plain GET to ?q=…
          name="q"
          type="search"
          className="input pl-9"
          placeholder="Origen, variedad, finca, notas de cata…"
          value={q}
          maxLength={100}
          onChange={(e) => setQ(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary">
        Buscar
      </button>
    </form>
  );
}

/**
 * Where the server's catalogue page (src/web/ssr/catalogo-rapido.tsx) puts what changes from one query to the next:
 * rendered with `CatalogoHuecos` set, the catalogue writes these marks instead of the search's text, the count, the
 * active filters' number, the chips, the download links' query and the pagination, and the server fills them in
 * for each request. Never set in the browser.
 */
export const HUECO = {
  q: '\uE000q\uE000',
  total: '\uE000total\uE000',
  activos: '\uE000activos\uE000',
  chips: '\uE000chips\uE000',
  paginacion: '\uE000paginacion\uE000',
  /** A query string: the download links' href ends in `?${HUECO.qs}`. */
  qs: 'cerezahueco=1',
} as const;
export const CatalogoHuecos = createContext(false);

/** A page's link, as the pagination writes it: the current query with another page ("?" for none). */
export function catalogoHref(params: URLSearchParams, p: number): string {
  const next = new URLSearchParams(params);
  if (p <= 1) next.delete('page');
  else next.set('page', String(p));
  const s = next.toString();
  return s ? `?${s}` : '?';
}

export interface CatalogoProps {
  /** /lotes/Filters opens the filter panel on entry. */
  openFilters?: boolean;
  /** The favourite heart on each card (given by the route, which composes the two features). */
  renderAction?: (lote: LoteTarjeta) => ReactNode;
  /** Actions on the current filters beside the sort (the route's "Guardar búsqueda"). */
  toolbar?: (qs: string) => ReactNode;
}

/** The public catalogue: search, filters (chips + panel/sheet), sort, count, pages, all held in the URL. */
export function Catalogo({ openFilters = false, renderAction, toolbar }: CatalogoProps) {
  const [params, setParams] = useSearchParams();
  const [sheetOpen, setSheetOpen] = useState(false);
  const huecos = use(CatalogoHuecos);
  const headingId = useId();
  const sheetHeadingId = useId();
  const panelHeading = useRef<HTMLHeadingElement>(null);
  const resultsRef = useRef<HTMLHeadingElement>(null);

  const filters = readFilters(params);
  const sort = readSort(params);
  const page = readPage(params);
  const qs = catalogoQueryString(params);
  const { data, isPending, isError, isFetching, isPlaceholderData, refetch } = useLotes(qs);

  useEffect(() => {
    whenIdle(() => void loadFiltersPanel());
  }, []);

  // /lotes/Filters opens the sheet on a narrow screen; on a wide one the panel is always there and gets the focus.
  useEffect(() => {
    if (!openFilters) return;
    if (matchMedia(DESKTOP).matches) panelHeading.current?.focus();
    else setSheetOpen(true);
  }, [openFilters]);

  // The sheet belongs to narrow screens: widening the window closes it (the column shows the same panel).
  useEffect(() => {
    if (!sheetOpen) return;
    const mq = matchMedia(DESKTOP);
    const onChange = () => mq.matches && setSheetOpen(false);
    mq.addEventListener('change', onChange);
    return () => mq.removeEventListener('change', onChange);
  }, [sheetOpen]);

  // A new page of results starts at the top of the list.
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    resultsRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [page]);

  // After a search or a filter change, focus goes to the results' heading, which says the count: the next
  // Tab is the first lot, not the top of the page. In an effect, so that it follows the sheet's closing
  // (which gives the focus back to the button that opened it).
  const focusResults = useRef(false);
  useEffect(() => {
    if (!focusResults.current) return;
    focusResults.current = false;
    resultsRef.current?.focus({ preventScroll: true });
    resultsRef.current?.scrollIntoView({ block: 'start' });
  }, [qs]);

  const apply = (f: Filters) => {
    focusResults.current = true;
    setParams(writeFilters(params, f));
    setSheetOpen(false);
  };
  const clear = () => apply({ ...EMPTY_FILTERS });
  const changeSort = (o: LoteSort) => {
    const next = new URLSearchParams(params);
    if (o === 'relevancia') next.delete('orden');
    else next.set('orden', o);
    next.delete('page');
    setParams(next);
  };
  const hrefFor = (p: number) => catalogoHref(params, p);

  const chips = chipsOf(filters);
  const active = activeFilters(filters);
  // The panel's draft restarts from the URL whenever the applied filters change (chips, back button).
  const panelKey = qs;
  const panel = (heading: string) => (
    <Suspense fallback={<p className="text-sm text-gray-600 dark:text-gray-400">Cargando filtros…</p>}>
      <FiltersPanel key={panelKey} value={filters} onApply={apply} headingId={heading} />
    </Suspense>
  );

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <div>
          <h1 className="text-3xl font-semibold sm:text-4xl">Lotes de café verde</h1>
          <p className="mt-1 text-gray-700 dark:text-gray-300">
            Café de especialidad con origen, trazabilidad y precio transparente.
          </p>
        </div>
        <SearchBox value={huecos ? HUECO.q : filters.q} onSearch={(q) => apply({ ...filters, q })} />
        {/* One Tab from the search box to the results, past the filters (issue 32). */}
        <a href="#lista-lotes" className="sr-only focus:not-sr-only focus:self-start">
          Saltar a los resultados
        </a>
      </header>

      <div className="flex flex-col gap-6 lg:flex-row">
        {/* The column is shown by CSS, not by script: the server cannot know the width, and a layout that
            waited for the script would shift, or re-render the whole catalogue, once it knew. Its form
            and the sheet's exist only where they are used. */}
        <aside className="hidden lg:block lg:w-72 lg:shrink-0">
          <div className="card p-4">
            <h2 id={headingId} ref={panelHeading} tabIndex={-1} className="mb-3 text-lg font-semibold">
              Filtros
            </h2>
            <DesktopOnly>{panel(headingId)}</DesktopOnly>
          </div>
        </aside>
        <FiltersSheet open={sheetOpen} onClose={() => setSheetOpen(false)} headingId={sheetHeadingId}>
          {panel(sheetHeadingId)}
        </FiltersSheet>

        <section aria-labelledby="resultados" className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2
              id="resultados"
              ref={resultsRef}
              tabIndex={-1}
              className="scroll-mt-4 rounded font-sans text-sm font-medium tracking-normal text-gray-800 dark:text-gray-200"
            >
              <span className="sr-only">Resultados: </span>
              <span role="status">
                {huecos
                  ? HUECO.total
                  : isPending
                    ? 'Buscando lotes…'
                    : isError
                      ? ''
                      : formatResultCount(data.pagination.total)}
              </span>
            </h2>
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="btn-secondary lg:hidden"
                onClick={() => setSheetOpen(true)}
                aria-haspopup="dialog"
              >
                <SlidersHorizontal aria-hidden className="size-4" />
                Filtros{huecos ? HUECO.activos : active > 0 && ` (${active})`}
              </button>
              <SortSelect value={sort} onChange={changeSort} />
              {toolbar?.(qs)}
            </div>
          </div>
          {huecos ? (
            HUECO.chips
          ) : (
            <FilterChips chips={chips} onRemove={(c) => apply(c.remove(filters))} onClear={clear} />
          )}
          {!isError && data && data.pagination.total > 0 && <DownloadOferta qs={huecos ? HUECO.qs : qs} />}

          {isError ? (
            <ErrorRetry message={LOTES_LIST_ERROR} onRetry={() => void refetch()} className="px-6 py-10" />
          ) : isPending ? (
            <LoteGrid>
              {Array.from({ length: 6 }, (_, i) => (
                <LoteCardSkeleton key={i} />
              ))}
            </LoteGrid>
          ) : data.lotes.length === 0 ? (
            <EmptyCatalogo hasFilters={chips.length > 0} onClear={clear} />
          ) : (
            <div
              id="lista-lotes"
              tabIndex={-1}
              aria-busy={isFetching && isPlaceholderData}
              className={isFetching && isPlaceholderData ? 'opacity-60 transition-opacity' : ''}
            >
              <LoteGrid>
                {data.lotes.map((l, i) => (
                  <LoteCard
                    key={l.id}
                    lote={l}
                    action={renderAction?.(l)}
                    eager={i < 2}
                    coincide={data.coincidencias?.[l.id]}
                  />
                ))}
              </LoteGrid>
            </div>
          )}

          {huecos
            ? HUECO.paginacion
            : data &&
              !isError && (
                <PaginationNav
                  page={Math.min(page, Math.max(1, data.pagination.totalPages))}
                  totalPages={data.pagination.totalPages}
                  hrefFor={hrefFor}
                />
              )}
        </section>
      </div>
    </div>
  );
}
