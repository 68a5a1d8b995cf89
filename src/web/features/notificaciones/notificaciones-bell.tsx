import { useCallback, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useDismiss } from '../../lib/use-dismiss';
import { Bell } from 'lucide-react';
import { errorMessage } from '../../lib/api';
import { dashboardPath, rolOf, useSession } from '../../lib/session';
import { toast } from '../../lib/toast';
import { useBell, useMarkAllRead } from './api';
import { NotificacionItem } from './notificacion-item';
import { useOpenNotificacion } from './use-open-notificacion';

const countLabel = (n: number) =>
  n === 0 ? 'sin leer' : n === 1 ? '1 sin leer' : `${n > 99 ? 'más de 99' : n} sin leer`;

/**
 * The dashboards' bell: the unread count (asked again every minute and when the window regains focus, no page
 * reload), a panel with the latest notifications, "Marcar todas como leídas" and "Ver todas".
 */
export function NotificacionesBell() {
  const { user } = useSession();
  const rol = rolOf(user);
  const { data, isError, refetch } = useBell(!!user);
  const markTodas = useMarkAllRead();
  const { open: openNotificacion, modal } = useOpenNotificacion();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useDismiss(ref, open, close);

  if (!user || !rol) return null;
  const noLeidas = data?.noLeidas ?? 0;
  const items = data?.notificaciones ?? [];

  return (
    <div ref={ref} className="relative">
      <button
        type="button"
        className="relative rounded-full p-2 text-gray-700 hover:bg-gray-100 dark:text-gray-200 dark:hover:bg-gray-800"
        aria-label={`Notificaciones, ${countLabel(noLeidas)}`}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => {
          if (!open) void refetch();
          setOpen((o) => !o);
        }}
      >
        <Bell aria-hidden className="size-5" />
        {noLeidas > 0 && (
          <span
            aria-hidden
            className="absolute -top-0.5 -right-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-semibold text-white dark:bg-red-500 dark:text-gray-950"
          >
            {noLeidas > 99 ? '99+' : noLeidas}
          </span>
        )}
      </button>
      {open && (
        <div
          id={panelId}
          role="region"
          aria-label="Notificaciones recientes"
          className="fixed inset-x-3 top-16 z-50 rounded-xl border sm:absolute sm:inset-x-auto sm:top-full sm:right-0 sm:mt-2 sm:w-96 border-gray-200 bg-white text-sm shadow-lg dark:border-gray-700 dark:bg-gray-900"
        >
          <div className="flex items-center justify-between gap-2 border-b border-gray-200 px-4 py-3 dark:border-gray-800">
            <p className="font-semibold">Notificaciones</p>
            {noLeidas > 0 && (
              <button
                type="button"
                className="text-xs font-medium text-primary-700 hover:underline disabled:opacity-60 dark:text-primary-400"
                disabled={markTodas.isPending}
                onClick={() => markTodas.mutate(undefined, { onError: (err) => toast.error(errorMessage(err)) })}
              >
                Marcar todas como leídas
              </button>
            )}
          </div>
          <div className="max-h-[min(28rem,70vh)] overflow-y-auto p-1">
            {isError && !data ? (
              <p role="alert" className="px-3 py-6 text-center text-gray-600 dark:text-gray-400">
                No hemos podido cargar tus notificaciones.
              </p>
            ) : !data ? (
              <p className="px-3 py-6 text-center text-gray-600 dark:text-gray-400">Cargando…</p>
            ) : items.length === 0 ? (
              <p className="px-3 py-6 text-center text-gray-600 dark:text-gray-400">
                No tienes notificaciones todavía.
              </p>
            ) : (
              <ul>
                {items.map((n) => (
                  <li key={n.id}>
                    <NotificacionItem
                      notificacion={n}
                      compact
                      onOpen={() => {
                        setOpen(false);
                        openNotificacion(n);
                      }}
                    />
                  </li>
                ))}
              </ul>
            )}
          </div>
          <div className="border-t border-gray-200 p-2 dark:border-gray-800">
            <Link
              to={`${dashboardPath(rol)}/notificaciones`}
              className="block rounded-lg px-3 py-2 text-center font-medium text-primary-700 hover:bg-gray-100 dark:text-primary-400 dark:hover:bg-gray-800"
            >
              Ver todas
            </Link>
          </div>
        </div>
      )}
      {modal}
    </div>
  );
}
