import { Outlet, useParams } from 'react-router';
import { SiteFooter, SiteHeader, SkipLink } from './site-header';
import { NotFound } from '../../components/not-found';
import { ApiError, errorMessage } from '../../lib/api';
import { useProductor } from '../../features/productores/api';
import { PerfilHeader, PerfilHeaderSkeleton } from '../../features/productores/components/perfil-header';
import type { PerfilContext } from '../../features/productores/components/perfil-context';
import { ErrorRetry } from '../../components/ui/error-retry';

/**
 * Producer profile pages (/perfil/{id}, /Lotes, /Noticias). The profile check: an unknown, deleted or not
 * yet public producer shows the 404 page; the header and tabs stay mounted while moving between tabs.
 */
export function Component() {
  const { id = '' } = useParams();
  const { data: productor, error, isPending, refetch, isFetching } = useProductor(id);

  let content;
  if (error instanceof ApiError && error.status === 404) {
    content = <NotFound />;
  } else if (error) {
    content = (
      <ErrorRetry
        message={errorMessage(error)}
        onRetry={() => void refetch()}
        busy={isFetching}
        className="mx-auto max-w-lg"
      />
    );
  } else if (isPending) {
    content = <PerfilHeaderSkeleton />;
  } else {
    const context: PerfilContext = { productor };
    content = (
      <>
        <PerfilHeader productor={productor} />
        <Outlet context={context} />
      </>
    );
  }

  return (
    <>
      <SkipLink />
      <SiteHeader />
      <main id="contenido" className="min-h-screen px-4 py-6 sm:px-6">
        {content}
      </main>
      <SiteFooter />
    </>
  );
}
