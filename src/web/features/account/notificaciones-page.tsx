import { useId } from 'react';
import {
  BOLETIN_LABEL,
  NOTIFICACION_GROUP_LABELS,
  preferenciasFor,
  type PreferenciaKey,
} from '../../../contract/notificaciones';
import { toTipoCuenta, type Rol } from '../../../contract/roles';
import { ErrorRetry } from '../../components/ui/error-retry';
import { PageLoading } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useNotificaciones, useSaveNotificaciones } from './api';
import { AccountLayout, Section } from './account-layout';

/**
 * /Dashboard/{rol}/usuario/Notificaciones: every notification appears in the bell; here each kind's e-mail is
 * switched on or off (grouped by subject, from the contract's registry), plus the newsletter. Each switch
 * saves at once.
 */
export function NotificacionesPage({ rol }: { rol: Rol }) {
  const { data, isPending, isError, refetch } = useNotificaciones();
  const save = useSaveNotificaciones();

  function toggle(key: PreferenciaKey, label: string, value: boolean) {
    save.mutate(
      { [key]: value },
      {
        onSuccess: () => toast.success(value ? `Correo activado: ${label}.` : `Correo desactivado: ${label}.`),
        onError: (err) => toast.error(errorMessage(err)),
      },
    );
  }

  return (
    <AccountLayout
      rol={rol}
      title="Notificaciones"
      description="Todos los avisos aparecen en la campana de tu panel. Aquí eliges cuáles te llegan también por correo electrónico."
    >
      {isPending ? (
        <PageLoading />
      ) : isError || !data ? (
        <ErrorRetry message="No hemos podido cargar tus preferencias." onRetry={() => void refetch()} />
      ) : (
        <>
          {preferenciasFor(toTipoCuenta(rol)).map(({ group, tipos }) => (
            <Section
              key={group}
              id={`pref-${group}`}
              title={NOTIFICACION_GROUP_LABELS[group].titulo}
              description={NOTIFICACION_GROUP_LABELS[group].detalle}
            >
              <ul className="divide-y divide-gray-200 dark:divide-gray-800">
                {tipos.map((t) => (
                  <PreferenciaSwitch
                    key={t.tipo}
                    titulo={t.label}
                    detalle="En la campana siempre; por correo si lo activas."
                    on={data[t.tipo]}
                    onChange={(v) => toggle(t.tipo, t.label, v)}
                  />
                ))}
              </ul>
            </Section>
          ))}
          <Section id="pref-boletin" title="Boletín" description="Novedades del mercado, sin avisos de tu actividad.">
            <ul>
              <PreferenciaSwitch
                titulo={BOLETIN_LABEL.titulo}
                detalle={BOLETIN_LABEL.detalle}
                on={data.boletin}
                onChange={(v) => toggle('boletin', BOLETIN_LABEL.titulo, v)}
              />
            </ul>
          </Section>
        </>
      )}
      <p className="text-sm text-gray-600 dark:text-gray-400">
        Los avisos de seguridad de tu cuenta (cambios de contraseña, cuentas vinculadas) siempre se envían por correo.
      </p>
    </AccountLayout>
  );
}

function PreferenciaSwitch({
  titulo,
  detalle,
  on,
  onChange,
}: {
  titulo: string;
  detalle: string;
  on: boolean;
  onChange: (v: boolean) => void;
}) {
  const id = useId();
  return (
    <li className="flex items-start justify-between gap-4 py-3">
      <div>
        <p id={`${id}-label`} className="font-medium">
          {titulo}
        </p>
        <p id={`${id}-desc`} className="text-sm text-gray-600 dark:text-gray-400">
          {detalle}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-desc`}
        onClick={() => onChange(!on)}
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
}
