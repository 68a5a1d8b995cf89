import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import type { LoteTarjeta } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { formatInt } from '../../lib/format';
import { rolOf, useSession } from '../../lib/session';
import { useFavoritos } from './api';
import { ErrorRetry } from '../../components/ui/error-retry';

/** The buyer's saved lots; the lot card is given by the route (features do not import each other). */
export function FavoritosList({ renderLote }: { renderLote: (lote: LoteTarjeta) => ReactNode }) {
  const { user } = useSession();
  const { data, isPending, isError, error, refetch } = useFavoritos();
  const header = <h1 className="mb-4 text-2xl font-semibold">Favoritos</h1>;
  if (rolOf(user) !== 'comprador') {
    return (
      <>
        {header}
        <p className="card p-6 text-gray-700 dark:text-gray-300">Los favoritos son para cuentas de comprador.</p>
      </>
    );
  }
  if (isPending)
    return (
      <>
        {header}
        <p role="status" className="sr-only">
          Cargando favoritos…
        </p>
        <div className="card h-48 animate-pulse" aria-hidden />
      </>
    );
  if (isError)
    return (
      <>
        {header}
        <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />
      </>
    );
  if (data.length === 0)
    return (
      <>
        {header}
        <div className="card flex flex-col items-center gap-3 p-10 text-center">
          <Heart aria-hidden className="size-10 text-gray-400" />
          <p className="font-semibold">Aún no has guardado lotes.</p>
          <p className="max-w-md text-sm text-gray-700 dark:text-gray-300">
            Pulsa el corazón de un lote en el catálogo para tenerlo siempre a mano aquí.
          </p>
          <Link to="/lotes" className="btn-primary">
            Explorar el catálogo
          </Link>
        </div>
      </>
    );
  return (
    <>
      {header}
      <p role="status" className="mb-3 text-sm text-gray-700 dark:text-gray-300">
        {data.length === 1 ? '1 lote guardado' : `${formatInt(data.length)} lotes guardados`}
      </p>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {data.map((f) => (
          <div key={f.lote.id}>{renderLote(f.lote)}</div>
        ))}
      </div>
    </>
  );
}
