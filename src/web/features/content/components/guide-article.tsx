import { Link } from 'react-router';
import { ArrowRight, Info } from 'lucide-react';
import { usePageMeta } from '../../../lib/page-meta';
import { GUIDES } from '../guides/index';
import type { Guide, GuideBlock } from '../guides/types';
import { RichText } from './rich-text';
import { DireccionLaboratorio } from '../../../components/direccion-laboratorio';

function Block({ block }: { block: GuideBlock }) {
  if (typeof block === 'string') {
    return (
      <p>
        <RichText text={block} />
      </p>
    );
  }
  if ('ul' in block || 'ol' in block) {
    const items = 'ul' in block ? block.ul : block.ol;
    const List = 'ul' in block ? 'ul' : 'ol';
    return (
      <List>
        {items.map((item) => (
          <li key={item}>
            <RichText text={item} />
          </li>
        ))}
      </List>
    );
  }
  if ('direccionLaboratorio' in block) {
    return (
      <div className="my-4 rounded-xl border border-gray-200 p-4 dark:border-gray-700">
        <p className="m-0">
          <RichText text={block.direccionLaboratorio} />
        </p>
        <DireccionLaboratorio className="mt-2" />
      </div>
    );
  }
  return (
    <aside className="my-6 flex gap-3 rounded-xl border border-primary-200 bg-primary-50 p-4 text-primary-950 dark:border-primary-900 dark:bg-primary-950/50 dark:text-primary-100">
      <Info aria-hidden className="mt-1 size-5 shrink-0" />
      <p className="m-0">
        <RichText text={block.note} />
      </p>
    </aside>
  );
}

/** One guide: breadcrumbs, lead, a table of contents linking to each section, the text and related guides. */
export function GuideArticle({ guide }: { guide: Guide }) {
  usePageMeta({ title: guide.title, description: guide.description });
  const related = guide.related.map((slug) => GUIDES.find((g) => g.slug === slug)!);
  return (
    <div className="mx-auto max-w-5xl">
      <nav aria-label="Ruta de navegación" className="text-sm text-gray-600 dark:text-gray-400">
        <ol className="flex flex-wrap items-center gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Inicio
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li>
            <Link to="/Guia" className="hover:underline">
              Guía
            </Link>
            <span aria-hidden> / </span>
          </li>
          <li aria-current="page" className="text-gray-800 dark:text-gray-200">
            {guide.title}
          </li>
        </ol>
      </nav>

      <header className="mt-4 max-w-3xl">
        <p className="text-sm font-semibold text-primary-800 dark:text-primary-300">
          Guía para {guide.audience.toLowerCase()}
        </p>
        <h1 className="mt-1 text-3xl font-semibold sm:text-4xl">{guide.title}</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">{guide.lead}</p>
      </header>

      <div className="mt-8 grid gap-8 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-labelledby="indice-guia" className="lg:sticky lg:top-6 lg:self-start">
          <div className="card p-4">
            <h2
              id="indice-guia"
              className="font-sans text-sm font-semibold tracking-normal text-gray-900 dark:text-gray-100"
            >
              En esta guía
            </h2>
            <ol className="mt-2 space-y-1 text-sm">
              {guide.sections.map((s) => (
                <li key={s.id}>
                  <a
                    href={`#${s.id}`}
                    className="block rounded-md px-2 py-1 text-gray-700 hover:bg-gray-100 hover:text-primary-800 dark:text-gray-300 dark:hover:bg-gray-800 dark:hover:text-primary-300"
                  >
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </div>
        </nav>

        <article className="card min-w-0 p-5 sm:p-8">
          <div className="prose-cereza [&>section:first-child>h2]:mt-0">
            {guide.sections.map((s) => (
              <section key={s.id} aria-labelledby={s.id}>
                <h2 id={s.id} className="scroll-mt-6">
                  {s.title}
                </h2>
                {s.blocks.map((b, i) => (
                  <Block key={i} block={b} />
                ))}
              </section>
            ))}
          </div>
          <p className="mt-8">
            <Link to={guide.cta.to} className="btn-primary">
              {guide.cta.label}
              <ArrowRight aria-hidden className="size-4" />
            </Link>
          </p>
        </article>
      </div>

      <section aria-labelledby="sigue-leyendo" className="mt-12">
        <h2 id="sigue-leyendo" className="text-2xl font-semibold">
          Sigue leyendo
        </h2>
        <ul className="mt-4 grid gap-4 sm:grid-cols-3">
          {related.map((g) => (
            <li key={g.slug} className="card p-5">
              <Link
                to={`/Guia/${g.slug}`}
                className="font-semibold text-primary-800 hover:underline dark:text-primary-300"
              >
                {g.title}
              </Link>
              <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{g.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
