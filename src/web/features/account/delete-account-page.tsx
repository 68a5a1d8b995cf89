import { useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { ERRORS } from '../../../contract/errors';
import type { Rol } from '../../../contract/roles';
import { resumenOperacionesAbiertas, type DataUser, type OperacionAbierta } from '../../../contract/users';
import { ApiError } from '../../lib/api';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteAccountRequest, useOperacionesAbiertas } from './api';
import { AccountLayout, Section } from './account-layout';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';

export const CONFIRMATION = 'ELIMINAR';

const WHAT_IS_DELETED: Record<Rol, string[]> = {
  productor: [
    'Tu nombre, tu correo, tu teléfono y tu perfil público de productor, con su historia y fotos.',
    'Tus lotes sin historial; los que tuvieron pedidos, muestras o respuestas a solicitudes se retiran del catálogo.',
    'Tus noticias.',
    'Tus preferencias e información comercial.',
  ],
  comprador: [
    'Tu nombre, tu correo y tu perfil de comprador.',
    'Tu lista de favoritos, tus planes de compra y las solicitudes sin respuestas.',
    'Tus preferencias e información comercial.',
  ],
  laboratorio: ['Tu cuenta del laboratorio y tus preferencias. Las catas que firmaste quedan en los lotes.'],
  operador: ['Tu cuenta de operador y tus preferencias. Tus acciones quedan en el registro de auditoría.'],
};

/** What the other parties keep (docs/decisions/046): the page says it before asking for the password. */
const WHAT_STAYS =
  'Los pedidos, contratos, documentos, facturas, muestras, catas, reseñas y conversaciones en los que participaste se conservan, porque también son registros de la otra parte y la ley obliga a guardarlos seis años. Donde aparecía tu nombre se leerá «Cuenta eliminada».';

/** The open trade that blocks the deletion, each with a link to where it can be finished. */
function OperacionesAbiertas({ operaciones }: { operaciones: OperacionAbierta[] }) {
  return (
    <div
      role="status"
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-semibold">
        Todavía no puedes eliminar tu cuenta: tienes operaciones en curso ({resumenOperacionesAbiertas(operaciones)}).
      </p>
      <p className="mt-1">Termínalas o cancélalas antes; cuando no quede ninguna podrás eliminar la cuenta aquí.</p>
      <ul className="mt-3 flex flex-col gap-2" aria-label="Operaciones en curso">
        {operaciones.map((o) => (
          <li key={`${o.tipo}-${o.id}`} className="flex flex-wrap items-baseline gap-x-2">
            <Link to={o.enlace} className="font-medium underline underline-offset-2">
              {o.titulo}
            </Link>
            <span className="text-amber-900 dark:text-amber-200">· {o.estado}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * /Dashboard/{rol}/usuario/EliminarCuenta: typing the confirmation word plus re-authentication (the password,
 * or a fresh Google sign-in for Google accounts; the route supplies that button). Ends the session after.
 */
export function DeleteAccountPage({
  rol,
  user,
  googleReauth,
}: {
  rol: Rol;
  user: DataUser;
  googleReauth?: (onCredential: (credential: string) => void) => ReactNode;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const abiertas = useOperacionesAbiertas();
  const usesPassword = user.tienePassword !== false;
  const [confirmation, setConfirmation] = useState('');
  const [password, setPassword] = useState('');
  const [credential, setCredential] = useState<string | null>(null);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const confirmed = confirmation.trim() === CONFIRMATION;
  const done = confirmed && (usesPassword ? password.length > 0 : !!credential);

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    if (!done || busy) return;
    setBusy(true);
    setFormError(null);
    setPasswordError(undefined);
    try {
      await deleteAccountRequest(usesPassword ? { password } : { credential: credential! });
      // Leave the guarded page first, then end the session: the guard must not send us to login.
      await navigate('/', { replace: true });
      session.clear();
      queryClient.clear();
      toast.success(AUTH_MESSAGES.ACCOUNT_DELETED);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'ACCOUNT_HAS_OPEN_TRADE') {
        setFormError(err.message);
        void abiertas.refetch();
      } else if (err instanceof ApiError && err.code === 'REAUTH_FAILED') {
        if (usesPassword) setPasswordError(err.fields?.password ?? err.message);
        else {
          setCredential(null);
          setFormError(err.message);
        }
      } else setFormError(err instanceof ApiError ? err.message : ERRORS.INVALID_RESPONSE);
    } finally {
      setBusy(false);
    }
  }

  return (
    <AccountLayout
      rol={rol}
      title="Eliminar cuenta"
      description="Borra tu cuenta y tus datos de Cereza de forma permanente."
    >
      <Section title="Antes de continuar">
        {abiertas.isPending ? (
          <p role="status" className="text-sm text-gray-600 dark:text-gray-400">
            Comprobando tus operaciones en curso…
          </p>
        ) : abiertas.isError ? (
          <FormAlert message={abiertas.error instanceof ApiError ? abiertas.error.message : ERRORS.INVALID_RESPONSE} />
        ) : abiertas.data.length > 0 ? (
          <OperacionesAbiertas operaciones={abiertas.data} />
        ) : (
          <>
            <div className="flex gap-3 rounded-xl border border-red-200 bg-red-50 p-4 text-sm text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100">
              <TriangleAlert aria-hidden className="size-5 shrink-0" />
              <div>
                <p className="font-semibold">Esta acción no se puede deshacer. Se eliminarán:</p>
                <ul className="mt-2 list-disc pl-5">
                  {WHAT_IS_DELETED[rol].map((t) => (
                    <li key={t}>{t}</li>
                  ))}
                  <li>Tu acceso: se cerrarán todas tus sesiones.</li>
                </ul>
                <p className="mt-3">{WHAT_STAYS}</p>
              </div>
            </div>
            <form onSubmit={(e) => void onSubmit(e)} noValidate className="mt-5 flex flex-col gap-4">
              <FormAlert message={formError} />
              <Field id="borrar-confirmacion" label={`Escribe ${CONFIRMATION} para confirmar`} required>
                <input
                  {...fieldProps('borrar-confirmacion')}
                  value={confirmation}
                  onChange={(e) => setConfirmation(e.target.value)}
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  className="input"
                />
              </Field>
              {usesPassword ? (
                <Field id="borrar-password" label="Tu contraseña" error={passwordError} required>
                  <input
                    {...fieldProps('borrar-password', passwordError)}
                    type="password"
                    value={password}
                    onChange={(e) => setPassword(e.target.value)}
                    autoComplete="current-password"
                    className="input"
                  />
                </Field>
              ) : (
                <div>
                  <p className="label">Confirma tu identidad con Google</p>
                  {credential ? (
                    <p className="text-sm text-primary-800 dark:text-primary-300">Identidad confirmada.</p>
                  ) : (
                    googleReauth?.(setCredential)
                  )}
                </div>
              )}
              <div className="flex justify-end">
                <BusyButton busy={busy} busyLabel="Eliminando…" className="btn-danger" disabled={!done}>
                  Eliminar mi cuenta definitivamente
                </BusyButton>
              </div>
            </form>
          </>
        )}
      </Section>
    </AccountLayout>
  );
}
