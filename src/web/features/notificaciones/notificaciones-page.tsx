import { Link, useSearchParams } from 'react-router';
import { CheckCheck } from 'lucide-react';
import type { Rol } from '../../../contract/roles';
import { ErrorRetry } from '../../components/ui/error-retry';
import { PageLoading } from '../../components/ui/spinner';
import { FilterPill } from '../../components/ui/filter-pill';
import { Pager } from '../../components/ui/pager';
import { errorMessage } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { dashboardPath } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useMarkAllRead, useNotificacionesPage } from './api';
import { NotificacionItem } from './notificacion-item';
import { useOpenNotificacion } from './use-open-notificacion';

/** /Dashboard/{rol}/notificaciones: every notification, newest first, with an unread filter and pages. */
export function NotificacionesPage({ rol }: { rol: Rol }) {
  usePageMeta({ title: 'Notificaciones' });
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const noLeidas = params.get('noLeidas') === 'true';
  const { data, isPending, isError, refetch, isFetching } = useNotificacionesPage(page, noLeidas);
  const markTodas = useMarkAllRead();
  const { open, modal } = useOpenNotificacion();

  const go = (next: { page?: number; noLeidas?: boolean }) => {
    const p = new URLSearchParams();
    const nl = next.noLeidas ?? noLeidas;
    if (nl) p.set('noLeidas', 'true');
    if ((next.page ?? 1) > 1) p.set('page', String(next.page));
    setParams(p);
  };

  const filtro = (label: string, value: boolean) => (
    <FilterPill pressed={noLeidas === value} onClick={() => go({ noLeidas: value, page: 1 })}>
      {label}
    </FilterPill>
  );

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold sm:text-3xl">Notificaciones</h1>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {data
              ? data.noLeidas === 1
                ? 'Tienes 1 notificación sin leer.'
                : `Tienes ${data.noLeidas} notificaciones sin leer.`
              : ' '}{' '}
            <Link
              to={`${dashboardPath(rol)}/usuario/Notificaciones`}
              className="font-medium text-primary-700 hover:underline dark:text-primary-400"
            >
              Elegir qué me llega por correo
            </Link>
          </p>
        </div>
        <button
          type="button"
          className="btn-secondary"
          disabled={!data?.noLeidas || markTodas.isPending}
          onClick={() =>
            markTodas.mutate(undefined, {
              onSuccess: (r) => toast.success(r.message),
              onError: (err) => toast.error(errorMessage(err)),
            })
          }
        >
          <CheckCheck aria-hidden className="size-4" /> Marcar todas como leídas
        </button>
      </header>
      <div role="group" aria-label="Filtrar notificaciones" className="flex gap-2">
        {filtro('Todas', false)}
        {filtro('No leídas', true)}
      </div>
      {isPending ? (
        <PageLoading />
      ) : isError || !data ? (
        <ErrorRetry
          message="No hemos podido cargar tus notificaciones."
          onRetry={() => void refetch()}
          busy={isFetching}
        />
      ) : data.notificaciones.length === 0 ? (
        <div className="card p-8 text-center text-gray-600 dark:text-gray-400">
          {noLeidas
            ? 'No tienes notificaciones sin leer.'
            : 'No tienes notificaciones todavía. Aquí verás lo que pase con tus lotes, muestras y pedidos.'}
        </div>
      ) : (
        <>
          <ul className="card divide-y divide-gray-200 p-1 dark:divide-gray-800">
            {data.notificaciones.map((n) => (
              <li key={n.id} className="py-0.5">
                <NotificacionItem notificacion={n} onOpen={() => open(n)} />
              </li>
            ))}
          </ul>
          <Pager
            label="Páginas de notificaciones"
            page={page}
            pagination={data.pagination}
            onPage={(n) => go({ page: n })}
          />
        </>
      )}
      {modal}
    </div>
  );
}
