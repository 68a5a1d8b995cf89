import { Link, useSearchParams } from 'react-router';
import { Boxes } from 'lucide-react';
import { usePageMeta } from '../lib/page-meta';
import { usePerfilContext } from '../features/productores/components/perfil-context';
import { PerfilLotesList } from '../features/productores/components/perfil-lotes-list';
import { readPage } from '../features/productores/page';

export function Component() {
  const { productor } = usePerfilContext();
  const [params] = useSearchParams();
  const page = readPage(params);
  usePageMeta({
    title: `Lotes de ${productor.nombre}`,
    description: `Lotes de café verde de especialidad publicados por ${productor.nombre}: origen, proceso, puntaje, precio por kg y sacos disponibles.`,
    image: productor.portada ?? productor.avatar ?? undefined,
  });
  return (
    <section aria-labelledby="lotes-productor">
      <h2 id="lotes-productor" className="sr-only">
        Lotes de {productor.nombre}
      </h2>
      <PerfilLotesList
        productorId={productor.id}
        publicados={productor.lotesPublicos}
        page={page}
        hrefFor={(p) => (p > 1 ? `?pagina=${p}` : '.')}
        empty={
          <div className="card flex flex-col items-center gap-3 p-8 text-center">
            <Boxes aria-hidden className="size-10 text-primary-700 dark:text-primary-400" />
            <p className="text-gray-700 dark:text-gray-300">
              {productor.nombre} no tiene lotes publicados en este momento.
            </p>
            <Link to="/lotes" className="btn-secondary">
              Ver todos los lotes
            </Link>
          </div>
        }
      />
    </section>
  );
}
