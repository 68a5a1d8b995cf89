import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ExternalLink } from 'lucide-react';
import { ApiError, errorMessage } from '../../../lib/api';
import { dashboardPath, rolOf, useSession } from '../../../lib/session';
import { PageLoading } from '../../../components/ui/spinner';
import { useOwnPerfil, type OwnPerfil } from '../perfil-api';
import { PAGINAS } from '../../../../contract/paginas';

/** Links between the dashboard pages that edit the public profile. */
export function PerfilSubnav({ userId }: { userId: string }) {
  const links = [
    { to: PAGINAS.productor.perfil, label: 'Datos' },
    { to: PAGINAS.productor.perfilAbout, label: 'Historia' },
    { to: PAGINAS.productor.perfilImagenes, label: 'Fotos' },
    { to: PAGINAS.productor.perfilLotes, label: 'Lotes públicos' },
    { to: PAGINAS.productor.perfilNoticias, label: 'Noticias' },
  ];
  return (
    <div className="mb-6 flex flex-wrap items-center gap-2">
      <nav aria-label="Secciones del perfil público" className="flex flex-wrap gap-1">
        {links.map((l) => (
          <Link key={l.to} to={l.to} className="btn-ghost px-3 py-1.5">
            {l.label}
          </Link>
        ))}
      </nav>
      <Link to={`/perfil/${userId}`} className="btn-secondary ml-auto px-3 py-1.5">
        <ExternalLink aria-hidden className="size-4" /> Ver mi perfil público
      </Link>
    </div>
  );
}

/**
 * The editing pages need a producer with a profile. perfil/about and perfil/imagenes have no role check
 * (docs/product.md §2), so a buyer who lands there is told why there is nothing to edit.
 */
export function WithOwnPerfil({ children }: { children: (perfil: OwnPerfil, userId: string) => ReactNode }) {
  const { user } = useSession();
  const isProductor = rolOf(user) === 'productor';
  const { data, error, isPending } = useOwnPerfil(isProductor && !!user?.perfilBase);

  if (!user) return null;
  if (!isProductor) {
    return (
      <div className="card p-6">
        <h1 className="text-2xl font-semibold">Perfil de productor</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Esta sección es para cuentas de productor: aquí cuentan su historia y muestran sus fotos.
        </p>
        <Link to={dashboardPath(rolOf(user)!)} className="btn-primary mt-4">
          Ir a mi panel
        </Link>
      </div>
    );
  }
  if (!user.perfilBase || (error instanceof ApiError && error.status === 404)) {
    return (
      <div className="card p-6">
        <h1 className="text-2xl font-semibold">Crea tu perfil de productor</h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Antes de editar tu perfil público necesitas completar los datos básicos: tipo de productor, nombre, país y
          región.
        </p>
      </div>
    );
  }
  if (error) return <p role="alert">{errorMessage(error)}</p>;
  if (isPending) return <PageLoading />;
  return <>{children(data, user.id)}</>;
}
