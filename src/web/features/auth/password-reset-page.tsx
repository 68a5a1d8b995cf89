import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AUTH_MESSAGES, PasswordResetFormSchema } from '../../../contract/auth';
import { toast } from '../../lib/toast';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { ApiError } from '../../lib/api';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { usePageMeta } from '../../lib/page-meta';
import { passwordStrength } from '../../lib/password-strength';
import { passwordResetRequest } from './api';
import { useCompleteSignIn } from './sign-in';
import { BusyButton } from '../../components/ui/busy-button';

const linkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-400';
const resetForm = formOf(PasswordResetFormSchema);
type Reset = z.output<typeof PasswordResetFormSchema>;
const BAR = ['bg-red-600', 'bg-red-600', 'bg-amber-500', 'bg-primary-600'];

function StrengthHint({ password }: { password: string }) {
  const s = passwordStrength(password);
  return (
    <div id="restablecer-password-hint" className="mt-2" aria-live="polite">
      <div aria-hidden className="flex gap-1">
        {[1, 2, 3].map((i) => (
          <span
            key={i}
            className={`h-1.5 flex-1 rounded-full ${password && s.level >= i ? BAR[s.level] : 'bg-gray-200 dark:bg-gray-700'}`}
          />
        ))}
      </div>
      <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {password ? (
          <>
            <span className="font-semibold">Seguridad: {s.label}.</span> {s.advice}
          </>
        ) : (
          'Al menos 8 caracteres. Una frase de varias palabras es más segura y fácil de recordar.'
        )}
      </p>
    </div>
  );
}

/** /Auth/Restablecer?token=: the mailed link; a new password twice, then signed in. */
export function PasswordResetPage() {
  usePageMeta({ title: 'Elegir una contraseña nueva' });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const completeSignIn = useCompleteSignIn();
  // A spent or unknown link is said in the alert with a way to ask for a new one, even if it names a field.
  const [relink, setRelink] = useState(false);
  const form = useForm<FormOf<Reset>, unknown, Reset>({
    resolver: resetForm.resolver,
    defaultValues: resetForm.defaults(),
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const { submit, alert } = useFormSubmit(form, resetForm.paths, async (values) => {
    setRelink(false);
    try {
      const res = await passwordResetRequest({ token, password: values.password });
      // A lab or operator account signs in again with its second factor (decision 045).
      if ('segundoFactor' in res) {
        toast.success(AUTH_MESSAGES.PASSWORD_RESET_SECOND_FACTOR);
        navigate('/auth/login', { replace: true });
        return;
      }
      completeSignIn(res.token, res.dataUser, res.message ?? 'Contraseña restablecida.');
    } catch (err) {
      if (!(err instanceof ApiError && /^RESET_TOKEN_/.test(err.code))) throw err;
      setRelink(true);
      throw new ApiError(err.status, err.code, err.message);
    }
  });

  if (token.length < 20) {
    return (
      <section className="card p-6 sm:p-8" aria-labelledby="restablecer-title">
        <h1 id="restablecer-title" className="text-2xl font-semibold">
          Enlace incompleto
        </h1>
        <p className="mt-2 text-gray-700 dark:text-gray-300">
          Abre el enlace exactamente como aparece en el correo, o pide uno nuevo.
        </p>
        <p className="mt-6">
          <Link to="/Auth/Recuperar" className="btn-primary">
            Pedir un enlace nuevo
          </Link>
        </p>
      </section>
    );
  }

  const password = watch('password');
  return (
    <section className="card p-6 sm:p-8" aria-labelledby="restablecer-title">
      <h1 id="restablecer-title" className="text-2xl font-semibold">
        Elige una contraseña nueva
      </h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Al guardarla se cerrarán todas las sesiones abiertas de tu cuenta.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        {alert && (
          <div className="flex flex-col gap-2">
            <FormAlert message={alert} />
            {relink && (
              <Link to="/Auth/Recuperar" className={`${linkClass} text-sm`}>
                Pedir un enlace nuevo
              </Link>
            )}
          </div>
        )}
        <Field id="restablecer-password" label="Contraseña nueva" error={errors.password?.message} required>
          <PasswordInput
            {...register('password')}
            {...fieldProps('restablecer-password', errors.password?.message, true)}
            autoComplete="new-password"
            toggleLabel="contraseña nueva"
          />
          <StrengthHint password={password} />
        </Field>
        <Field id="restablecer-repetir" label="Repite la contraseña" error={errors.repetir?.message} required>
          <PasswordInput
            {...register('repetir')}
            {...fieldProps('restablecer-repetir', errors.repetir?.message)}
            autoComplete="new-password"
            toggleLabel="contraseña repetida"
          />
        </Field>
        <BusyButton busy={isSubmitting} busyLabel="Guardando…" className="btn-primary w-full">
          Guardar y entrar
        </BusyButton>
      </form>
    </section>
  );
}
