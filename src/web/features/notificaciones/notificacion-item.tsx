import type { Notificacion } from '../../../contract/notificaciones';
import { formatRelative } from '../../lib/format';

/** One notification as a row of the bell or the list: unread ones are marked and announced as such. */
export function NotificacionItem({
  notificacion: n,
  onOpen,
  compact,
}: {
  notificacion: Notificacion;
  onOpen: () => void;
  compact?: boolean;
}) {
  const unread = !n.leidaAt;
  return (
    <div
      className={`relative flex gap-3 rounded-lg px-3 py-2.5 ${unread ? 'bg-primary-50/70 dark:bg-primary-950/40' : ''}`}
    >
      <span
        aria-hidden
        className={`mt-1.5 size-2 shrink-0 rounded-full ${unread ? 'bg-primary-600 dark:bg-primary-400' : 'bg-transparent'}`}
      />
      <div className="min-w-0 flex-1">
        <button
          type="button"
          onClick={onOpen}
          className="text-left font-medium text-gray-900 after:absolute after:inset-0 after:rounded-lg hover:underline dark:text-gray-100"
        >
          {unread && <span className="sr-only">No leída: </span>}
          {n.titulo}
        </button>
        <p className={`mt-0.5 text-sm text-gray-700 dark:text-gray-300 ${compact ? 'line-clamp-2' : 'line-clamp-3'}`}>
          {n.texto}
        </p>
        <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          <time dateTime={n.createdAt}>{formatRelative(n.createdAt)}</time>
        </p>
      </div>
    </div>
  );
}
