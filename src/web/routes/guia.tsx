import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { GUIDES } from '../features/content/guides/index';

export function Component() {
  usePageMeta({
    title: 'Guía de Cereza',
    description:
      'Cómo funciona Cereza para compradores y productores: lotes verificados, precios transparentes, compra y venta de café verde, control de calidad, comercio directo y logística.',
  });
  return (
    <div className="mx-auto max-w-5xl">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">Guía de Cereza</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">
          Siete guías que explican cómo funciona Cereza: cómo se compra y se vende un lote, qué revisa nuestro
          laboratorio, cómo se forma el precio y cómo llega el café de la finca a la tostaduría.
        </p>
      </header>
      <ul className="mt-8 grid gap-4 sm:grid-cols-2">
        {GUIDES.map((g) => (
          <li key={g.slug} className="card flex flex-col p-6">
            <p className="text-xs font-semibold tracking-wide text-primary-800 uppercase dark:text-primary-300">
              {g.audience}
            </p>
            <h2 className="mt-2 text-xl font-semibold">
              <Link to={`/Guia/${g.slug}`} className="hover:underline">
                {g.title}
              </Link>
            </h2>
            <p className="mt-2 text-gray-700 dark:text-gray-300">{g.description}</p>
          </li>
        ))}
      </ul>
      <section aria-labelledby="mas-recursos" className="card mt-10 p-6">
        <h2 id="mas-recursos" className="text-xl font-semibold">
          ¿Buscas algo más concreto?
        </h2>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          En el{' '}
          <Link to="/ayuda" className="text-primary-800 underline dark:text-primary-300">
            centro de ayuda
          </Link>{' '}
          puedes buscar entre las preguntas más habituales, y en el{' '}
          <Link to="/Blog" className="text-primary-800 underline dark:text-primary-300">
            blog
          </Link>{' '}
          encontrarás artículos sobre la compra de café verde: incoterms, humedad, procesos, EUDR y cata de muestras.
        </p>
      </section>
    </div>
  );
}
