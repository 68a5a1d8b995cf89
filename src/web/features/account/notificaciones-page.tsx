import { NOTIFICACIONES_KEYS, NOTIFICACIONES_LABELS, type NotificacionKey } from '../../../contract/auth';
import type { Rol } from '../../../contract/roles';
import { PageLoading } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useNotificaciones, useSaveNotificaciones } from './api';
import { AccountLayout, Section } from './account-layout';

/** /Dashboard/{rol}/usuario/Notificaciones: each switch saves at once. */
export function NotificacionesPage({ rol }: { rol: Rol }) {
  const { data, isPending, isError, refetch } = useNotificaciones();
  const save = useSaveNotificaciones();

  function toggle(key: NotificacionKey, value: boolean) {
    save.mutate(
      { [key]: value },
      {
        onSuccess: () =>
          toast.success(
            value
              ? `Activado: ${NOTIFICACIONES_LABELS[key].titulo}.`
              : `Desactivado: ${NOTIFICACIONES_LABELS[key].titulo}.`,
          ),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  return (
    <AccountLayout
      rol={rol}
      title="Notificaciones"
      description="Elige qué avisos quieres recibir por correo electrónico."
    >
      <Section title="Avisos por correo">
        {isPending ? (
          <PageLoading />
        ) : isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              No hemos podido cargar tus preferencias.
            </p>
            <button type="button" className="btn-secondary" onClick={() => void refetch()}>
              Reintentar
            </button>
          </div>
        ) : (
          <ul className="divide-y divide-gray-200 dark:divide-gray-800">
            {NOTIFICACIONES_KEYS.map((key) => {
              const on = !!data?.[key];
              const id = `notif-${key}`;
              return (
                <li key={key} className="flex items-start justify-between gap-4 py-3">
                  <div>
                    <p id={`${id}-label`} className="font-medium">
                      {NOTIFICACIONES_LABELS[key].titulo}
                    </p>
                    <p id={`${id}-desc`} className="text-sm text-gray-600 dark:text-gray-400">
                      {NOTIFICACIONES_LABELS[key].detalle}
                    </p>
                  </div>
                  <button
                    type="button"
                    role="switch"
                    aria-checked={on}
                    aria-labelledby={`${id}-label`}
                    aria-describedby={`${id}-desc`}
                    onClick={() => toggle(key, !on)}
                    className={`relative mt-1 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition ${
                      on ? 'bg-primary-700 dark:bg-primary-500' : 'bg-gray-300 dark:bg-gray-700'
                    }`}
                  >
                    <span
                      aria-hidden
                      className={`inline-block size-5 rounded-full bg-white shadow transition ${on ? 'translate-x-5' : 'translate-x-0.5'}`}
                    />
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </Section>
    </AccountLayout>
  );
}
