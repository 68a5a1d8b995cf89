import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { FAQ_CATEGORIES, faqByCategory } from '../features/content/faq-data';
import { FaqAccordion } from '../features/content/components/faq-accordion';

export function Component() {
  usePageMeta({
    title: 'Preguntas frecuentes',
    description:
      'Respuestas para compradores y productores de café verde: muestras, pedidos, publicación de lotes, cuenta, pagos, logística y verificación de calidad.',
  });
  return (
    <div className="mx-auto max-w-3xl">
      <nav aria-label="Ruta de navegación" className="text-sm text-gray-600 dark:text-gray-400">
        <Link to="/ayuda" className="hover:underline">
          Centro de ayuda
        </Link>
        <span aria-hidden> / </span>
        <span aria-current="page">Preguntas frecuentes</span>
      </nav>
      <header className="mt-4">
        <h1 className="text-3xl font-semibold sm:text-4xl">Preguntas frecuentes</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">
          Las dudas más habituales de compradores y productores. Pulsa una pregunta para ver la respuesta, o{' '}
          <Link to="/ayuda" className="text-primary-800 underline dark:text-primary-300">
            busca en el centro de ayuda
          </Link>
          .
        </p>
      </header>
      <nav aria-label="Categorías de preguntas" className="mt-6">
        <ul className="flex flex-wrap gap-2">
          {FAQ_CATEGORIES.map((c) => (
            <li key={c.id}>
              <a href={`#${c.id}`} className="btn-secondary">
                {c.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      {FAQ_CATEGORIES.map((c) => (
        <section key={c.id} aria-labelledby={c.id} className="mt-10">
          <h2 id={c.id} className="scroll-mt-6 text-2xl font-semibold">
            {c.title}
          </h2>
          <p className="mt-1 mb-4 text-gray-700 dark:text-gray-300">{c.description}</p>
          <FaqAccordion items={faqByCategory(c.id)} headingLevel="h3" />
        </section>
      ))}
    </div>
  );
}
