import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Search } from 'lucide-react';
import { usePageMeta } from '../lib/page-meta';
import { FAQ, FAQ_CATEGORIES, type FaqCategoryId } from '../features/content/faq-data';
import { searchFaq } from '../features/content/search';
import { FaqAccordion } from '../features/content/components/faq-accordion';
import { ContactDetails } from '../features/content/components/contact-card';

const isCategory = (v: string | null): v is FaqCategoryId => FAQ_CATEGORIES.some((c) => c.id === v);

const preguntas = (n: number) => (n === 1 ? '1 pregunta' : `${n} preguntas`);

export function Component() {
  usePageMeta({
    title: 'Centro de ayuda',
    description:
      'Ayuda para compradores y productores de Cereza: busca entre las preguntas sobre lotes, muestras, pedidos, cuenta, pagos, logística y calidad.',
  });
  const [params, setParams] = useSearchParams();
  // The input keeps its own state so that typing is never delayed by the router; the URL follows it.
  const [query, setQuery] = useState(() => params.get('q') ?? '');
  const urlCategory = params.get('categoria');
  const category = isCategory(urlCategory) ? urlCategory : undefined;
  const searchId = useId();

  useEffect(() => {
    const current = params.get('q') ?? '';
    if (current === query.trim()) return;
    const t = setTimeout(() => {
      setParams(
        () => {
          // Read the URL as it is now: the router's `p` is the one of the render that armed this timer, and
          // a category chosen meanwhile would be undone by it.
          const next = new URLSearchParams(window.location.search);
          if (query.trim()) next.set('q', query.trim());
          else next.delete('q');
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    }, 300);
    return () => clearTimeout(t);
  }, [query, params, setParams]);

  const chooseCategory = (id: FaqCategoryId | undefined) => {
    focusResults.current = true;
    setParams(
      () => {
        const next = new URLSearchParams(window.location.search);
        if (id) next.set('categoria', id);
        else next.delete('categoria');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  };

  const pool = useMemo(() => (category ? FAQ.filter((f) => f.category === category) : FAQ), [category]);
  const searching = query.trim().length > 0;
  const found = useMemo(() => {
    if (searching) return searchFaq(pool, query);
    return category ? pool : FAQ.filter((f) => f.featured);
  }, [searching, pool, query, category]);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusResults = useRef(false);
  useEffect(() => {
    if (!focusResults.current) return;
    focusResults.current = false;
    resultsHeading.current?.focus({ preventScroll: true });
    resultsHeading.current?.scrollIntoView({ block: 'start' });
  }, [category]);
  const categoryTitle = FAQ_CATEGORIES.find((c) => c.id === category)?.title;

  let resultsTitle = 'Preguntas más consultadas';
  if (searching) resultsTitle = 'Resultados de la búsqueda';
  else if (categoryTitle) resultsTitle = categoryTitle;

  // The results, next to where the person is looking: under the search box while searching (the category
  // cards would push them out of view), under the cards when browsing. A chosen category moves the focus to
  // them.
  const results = (
    <section aria-labelledby="resultados" className="mt-10">
      <h2 id="resultados" ref={resultsHeading} tabIndex={-1} className="scroll-mt-4 text-2xl font-semibold">
        {resultsTitle}
      </h2>
      <p aria-live="polite" className="mt-1 mb-4 text-sm text-gray-600 dark:text-gray-400">
        {searching
          ? found.length
            ? `${found.length === 1 ? 'Se ha encontrado' : 'Se han encontrado'} ${preguntas(found.length)}${categoryTitle ? ` en ${categoryTitle}` : ''}.`
            : `No hay preguntas que coincidan con «${query.trim()}»${categoryTitle ? ` en ${categoryTitle}` : ''}.`
          : `${preguntas(found.length)}.`}
      </p>
      {categoryTitle && (
        <button type="button" className="btn-ghost mb-4 -ml-2" onClick={() => chooseCategory(undefined)}>
          Quitar el filtro «{categoryTitle}»
        </button>
      )}
      {found.length > 0 ? (
        <FaqAccordion items={found} />
      ) : (
        <div className="card p-5 text-gray-700 dark:text-gray-300">
          Prueba con otras palabras, consulta todas las{' '}
          <Link to="/ayuda/faq" className="text-primary-800 underline dark:text-primary-300">
            preguntas frecuentes
          </Link>{' '}
          o escríbenos.
        </div>
      )}
      <p className="mt-4">
        <Link to="/ayuda/faq" className="font-semibold text-primary-800 underline dark:text-primary-300">
          Ver todas las preguntas frecuentes
        </Link>
      </p>
    </section>
  );

  return (
    <div className="mx-auto max-w-5xl">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">Centro de ayuda</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">
          Busca tu duda o elige una categoría. Si no encuentras la respuesta, escríbenos: te responde una persona del
          equipo.
        </p>
      </header>

      <form
        role="search"
        aria-label="Buscar en la ayuda"
        onSubmit={(e) => e.preventDefault()}
        className="mt-6 max-w-2xl"
      >
        <label htmlFor={searchId} className="label">
          Buscar en la ayuda
        </label>
        <div className="relative">
          <Search
            aria-hidden
            className="pointer-events-none absolute top-1/2 left-3 size-5 -translate-y-1/2 text-gray-500"
          />
          <input
            id={searchId}
            type="search"
            className="input py-3 pl-10 text-base"
            placeholder="Por ejemplo: muestra, incoterm, humedad, contraseña"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
      </form>

      {searching && results}

      <section aria-labelledby="categorias" className="mt-10">
        <h2 id="categorias" className="text-2xl font-semibold">
          Categorías
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {FAQ_CATEGORIES.map((c) => {
            const selected = c.id === category;
            const count = FAQ.filter((f) => f.category === c.id).length;
            return (
              <li
                key={c.id}
                className={`card flex flex-col p-5 ${selected ? 'ring-2 ring-primary-600 dark:ring-primary-400' : ''}`}
              >
                <h3 className="text-lg font-semibold">{c.title}</h3>
                <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{c.description}</p>
                {c.guides.length > 0 && (
                  <ul className="mt-3 space-y-1 text-sm">
                    {c.guides.map((g) => (
                      <li key={g.to}>
                        <Link to={g.to} className="text-primary-800 underline dark:text-primary-300">
                          Guía: {g.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
                <div className="mt-auto pt-4">
                  <button
                    type="button"
                    className="btn-secondary"
                    aria-pressed={selected}
                    onClick={() => chooseCategory(selected ? undefined : c.id)}
                  >
                    Ver {preguntas(count)}
                    <span className="sr-only"> de {c.title}</span>
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>

      {!searching && results}

      <section aria-labelledby="contacto" className="card mt-10 p-6">
        <h2 id="contacto" className="text-2xl font-semibold">
          ¿Necesitas más ayuda?
        </h2>
        <p className="mt-2 mb-6 text-gray-700 dark:text-gray-300">
          Escríbenos con el código del lote o del pedido si tu consulta trata de uno concreto.
        </p>
        <ContactDetails />
      </section>
    </div>
  );
}
