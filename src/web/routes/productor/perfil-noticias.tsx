import { usePageMeta } from '../../lib/page-meta';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { NoticiasEditor } from '../../features/noticias/components/noticias-editor';

export function Component() {
  usePageMeta({ title: 'Noticias' });
  return (
    <WithOwnPerfil>
      {(_perfil, userId) => (
        <>
          <PerfilSubnav userId={userId} />
          <h1 className="text-2xl font-semibold">Noticias</h1>
          <p className="mt-1 mb-5 max-w-3xl text-gray-700 dark:text-gray-300">
            Las noticias publicadas aparecen en tu perfil público, de la más reciente a la más antigua, y las últimas
            también en la página de inicio. Los borradores solo los ves tú.
          </p>
          <NoticiasEditor />
        </>
      )}
    </WithOwnPerfil>
  );
}
