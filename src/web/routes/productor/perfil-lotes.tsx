import { Link, useSearchParams } from 'react-router';
import { Settings2 } from 'lucide-react';
import { usePageMeta } from '../../lib/page-meta';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { PerfilLotesList } from '../../features/productores/components/perfil-lotes-list';
import { readPage } from '../../features/productores/page';
import { PAGINAS } from '../../../contract/paginas';

export function Component() {
  usePageMeta({ title: 'Mis lotes públicos' });
  const [params] = useSearchParams();
  const page = readPage(params);
  return (
    <WithOwnPerfil>
      {(_perfil, userId) => (
        <>
          <PerfilSubnav userId={userId} />
          <div className="mb-5 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h1 className="text-2xl font-semibold">Mis lotes públicos</h1>
              <p className="mt-1 max-w-2xl text-gray-700 dark:text-gray-300">
                Así ven los visitantes tus lotes en tu perfil. Los lotes ocultos no aparecen aquí.
              </p>
            </div>
            <Link to={PAGINAS.productor.lotes} className="btn-primary">
              <Settings2 aria-hidden className="size-4" /> Gestionar mis lotes
            </Link>
          </div>
          <PerfilLotesList
            productorId={userId}
            page={page}
            hrefFor={(p) => (p > 1 ? `?pagina=${p}` : '.')}
            empty={
              <div className="card p-8 text-center">
                <p className="text-gray-700 dark:text-gray-300">No tienes lotes visibles para el público.</p>
                <Link to={PAGINAS.productor.loteCrear} className="btn-primary mt-4">
                  Publicar un lote
                </Link>
              </div>
            }
          />
        </>
      )}
    </WithOwnPerfil>
  );
}
