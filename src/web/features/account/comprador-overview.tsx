import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Heart } from 'lucide-react';
import { displayName } from '../../../contract/roles';
import { paisName, type FavoritoEnLista } from '../../../contract/lotes';
import type { DataUser } from '../../../contract/users';
import { Spinner } from '../../components/ui/spinner';
import { formatInt, formatPrecioKg, sentence } from '../../lib/format';
import { usePageMeta } from '../../lib/page-meta';
import { CompletePerfilBanner, LoadError, perfilChecklist, ProfileChecklist, QuickLinks, Stat } from './overview';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.comprador.inicio;

export function CompradorOverview({
  user,
  favoritos,
  isPending,
  isError,
  onRetry,
  onCompletePerfil,
  pedidos,
}: {
  user: DataUser;
  favoritos: FavoritoEnLista[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  onCompletePerfil: () => void;
  /** The orders' summary (the route passes it: features do not import each other). */
  pedidos?: ReactNode;
}) {
  usePageMeta({ title: 'Panel de comprador' });
  const checklist = perfilChecklist(
    user,
    'Datos básicos de tu empresa',
    () => `${BASE}/usuario#perfil-empresa`,
    onCompletePerfil,
  );
  const latest = favoritos ? [...favoritos].sort((a, b) => b.createdAt.localeCompare(a.createdAt)).slice(0, 4) : [];
  const disponibles = favoritos?.filter((f) => f.lote.sacosDisponibles - (f.lote.sacosReservados ?? 0) > 0).length ?? 0;
  const origenes = new Set(favoritos?.map((f) => f.lote.pais) ?? []).size;
  const empresa = user.tipoUser === 'COMPRADOR' ? (user.perfil?.empresa ?? null) : null;

  return (
    <div className="flex flex-col gap-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Hola, {displayName(user)}</h1>
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          {empresa ? sentence(`El resumen de compras de ${empresa}`) : 'Este es el resumen de tu actividad en Cereza.'}
        </p>
      </header>
      {!user.perfilBase && <CompletePerfilBanner rol="comprador" onComplete={onCompletePerfil} />}
      {pedidos}
      <QuickLinks
        links={[
          { to: '/lotes', label: 'Explorar lotes', primary: true },
          { to: '/lotes?status=VERIFICADO', label: 'Lotes verificados' },
          { to: `${BASE}/favoritos`, label: 'Mis favoritos' },
          { to: '/Guia/compra-de-cafe', label: 'Guía de compra' },
        ]}
      />
      {isPending ? (
        <Spinner label="Cargando tus favoritos…" />
      ) : isError || !favoritos ? (
        <LoadError message="No hemos podido cargar tus favoritos." onRetry={onRetry} />
      ) : (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3">
          <Stat label="Favoritos" value={formatInt(favoritos.length)} />
          <Stat label="Con stock disponible" value={formatInt(disponibles)} />
          <Stat label="Orígenes" value={formatInt(origenes)} detail="países entre tus favoritos" />
        </dl>
      )}
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        {favoritos && (
          <section aria-labelledby="ultimos-favoritos" className="card p-5">
            <h2 id="ultimos-favoritos" className="text-lg font-semibold">
              Últimos favoritos
            </h2>
            {latest.length === 0 ? (
              <div className="mt-3 flex flex-col items-start gap-2 text-sm text-gray-700 dark:text-gray-300">
                <p className="flex items-center gap-2">
                  <Heart aria-hidden className="size-4" /> Todavía no has guardado lotes. Pulsa el corazón de un lote
                  para tenerlo aquí a mano.
                </p>
                <Link to="/lotes" className="font-medium text-primary-700 hover:underline dark:text-primary-400">
                  Ver el catálogo
                </Link>
              </div>
            ) : (
              <ul className="mt-3 divide-y divide-gray-200 dark:divide-gray-800">
                {latest.map((f) => (
                  <li key={f._id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
                    <Link to={`/lote/${f.lote.id}`} className="min-w-0 font-medium hover:underline">
                      <span className="block truncate">{f.lote.nombre}</span>
                      <span className="block text-xs font-normal text-gray-600 dark:text-gray-400">
                        {paisName(f.lote.pais)} · {f.lote.region}
                        {f.lote.perfilProductor ? ` · ${f.lote.perfilProductor.nombre}` : ''}
                      </span>
                    </Link>
                    <span className="text-xs tabular-nums">
                      {formatPrecioKg(f.lote.precioKg, f.lote.moneda)} {f.lote.incoterm}
                    </span>
                  </li>
                ))}
              </ul>
            )}
            {favoritos.length > latest.length && (
              <Link
                to={`${BASE}/favoritos`}
                className="mt-3 inline-flex text-sm font-medium text-primary-700 hover:underline dark:text-primary-400"
              >
                Ver los {formatInt(favoritos.length)} favoritos
              </Link>
            )}
          </section>
        )}
        <ProfileChecklist items={checklist} title="Tu perfil de comprador" />
      </div>
    </div>
  );
}
