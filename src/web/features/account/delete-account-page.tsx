import { useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { TriangleAlert } from 'lucide-react';
import { AUTH_MESSAGES } from '../../../contract/auth';
import { ERRORS } from '../../../contract/errors';
import type { Rol } from '../../../contract/roles';
import type { DataUser } from '../../../contract/users';
import { ApiError } from '../../lib/api';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { deleteAccountRequest } from './api';
import { AccountLayout, Section } from './account-layout';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';

export const CONFIRMATION = 'ELIMINAR';

const WHAT_IS_DELETED: Record<Rol, string[]> = {
  productor: [
    'Tu perfil público de productor, con su historia y fotos.',
    'Todos tus lotes, publicados u ocultos, y sus imágenes.',
    'Tus noticias.',
    'Tus preferencias e información comercial.',
  ],
  comprador: ['Tu perfil de comprador.', 'Tu lista de favoritos.', 'Tus preferencias e información comercial.'],
  laboratorio: ['Tu cuenta del laboratorio y tus preferencias. Las catas que firmaste quedan en los lotes.'],
  operador: ['Tu cuenta de operador y tus preferencias. Tus acciones quedan en el registro de auditoría.'],
};

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
      if (err instanceof ApiError && err.code === 'REAUTH_FAILED') {
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
      </Section>
    </AccountLayout>
  );
}
