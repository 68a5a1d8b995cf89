import { Link } from 'react-router';
import { Hammer } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';

/**
 * The "under construction" piece (docs/product.md §1, §2), only for pages an issue declares out of scope
 * (see docs/decisions/004-paginas-en-construccion.md). It says plainly what is missing and where to go.
 */
export function Construccion({ titulo, descripcion }: { titulo: string; descripcion: string }) {
  usePageMeta({ title: titulo });
  return (
    <section className="card mx-auto max-w-xl p-8 text-center">
      <Hammer aria-hidden className="mx-auto size-10 text-primary-700 dark:text-primary-400" />
      <h1 className="mt-4 text-2xl font-semibold">{titulo}</h1>
      <p className="mt-2 text-gray-700 dark:text-gray-300">{descripcion}</p>
      <p className="mt-2 text-sm text-gray-600 dark:text-gray-400">
        Esta sección todavía no está disponible en Cereza.
      </p>
      <Link to="/" className="btn-secondary mt-6">
        Volver al inicio
      </Link>
    </section>
  );
}
