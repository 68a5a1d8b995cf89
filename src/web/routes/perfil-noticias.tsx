import { useSearchParams } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { usePerfilContext } from '../features/productores/components/perfil-context';
import { readPage } from '../features/productores/page';
import { PublicNoticias } from '../features/noticias/components/public-noticias';

export function Component() {
  const { productor } = usePerfilContext();
  const [params] = useSearchParams();
  usePageMeta({
    title: `Noticias de ${productor.nombre}`,
    description: `Novedades de ${productor.nombre}: cosechas, procesos, visitas y lotes nuevos contados por el propio productor.`,
    image: productor.portada ?? productor.avatar ?? undefined,
  });
  return (
    <section aria-labelledby="noticias-productor">
      <h2 id="noticias-productor" className="sr-only">
        Noticias de {productor.nombre}
      </h2>
      <PublicNoticias
        productorId={productor.id}
        nombre={productor.nombre}
        page={readPage(params)}
        hrefFor={(p) => (p > 1 ? `?pagina=${p}` : '.')}
      />
    </section>
  );
}
