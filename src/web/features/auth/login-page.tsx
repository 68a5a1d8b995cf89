import { useState } from 'react';
import type { z } from 'zod';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { LoginSchema } from '../../../contract/auth';
import { ERRORS, MESSAGES } from '../../../contract/errors';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { loginRequest } from './api';
import { PasswordInput } from '../../components/ui/password-input';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { EmailInput } from '../../components/ui/email-input';
import { GoogleButton } from './google-button';
import { useCompleteSignIn, type WarmUp } from './sign-in';
import { asSignInError, loginErrorMessage } from './login-errors';
import { SecondFactorStep } from './second-factor-step';
import type { SegundoFactorPendiente } from '../../../contract/segundo-factor';
import { BusyButton } from '../../components/ui/busy-button';

export { loginErrorMessage };

const loginForm = formOf(LoginSchema);
type Login = z.output<typeof LoginSchema>;

export function LoginPage({ warm }: { warm?: WarmUp }) {
  usePageMeta({
    title: 'Iniciar sesión',
    description: 'Entra en Cereza para gestionar tus lotes, favoritos y pedidos.',
  });
  const [params] = useSearchParams();
  const [segundoFactor, setSegundoFactor] = useState<SegundoFactorPendiente['segundoFactor'] | null>(null);
  const completeSignIn = useCompleteSignIn(warm);
  const form = useForm<FormOf<Login>, unknown, Login>({
    resolver: loginForm.resolver,
    defaultValues: loginForm.defaults(),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  // A refusal reads as a sign-in's, and the banner stays beside the refused fields: it says what to do (wait,
  // check the e-mail, register).
  const { submit, alert } = useFormSubmit(
    form,
    loginForm.paths,
    async (values) => {
      try {
        // docs/product.md §5: the e-mail is lower-cased before sending (the schema trims it as well).
        const res = await loginRequest({ email: values.email.toLowerCase(), password: values.password });
        // Lab and operator accounts: the password earned a challenge, the second factor comes next (decision 045).
        if (res && 'segundoFactor' in res) {
          setSegundoFactor(res.segundoFactor);
          return;
        }
        if (!res?.token || !res.dataUser) throw new ApiError(0, 'INVALID_RESPONSE', ERRORS.INVALID_RESPONSE);
        completeSignIn(res.token, res.dataUser, MESSAGES.LOGIN_SUCCESS);
      } catch (err) {
        throw asSignInError(err);
      }
    },
    { marked: loginErrorMessage },
  );

  if (segundoFactor) return <SecondFactorStep paso={segundoFactor} done={completeSignIn} />;

  const registro = params.get('next')
    ? `/Auth/Registro?next=${encodeURIComponent(params.get('next')!)}`
    : '/Auth/Registro';
  return (
    <section className="card p-6 sm:p-8" aria-labelledby="login-title">
      <h1 id="login-title" className="text-2xl font-semibold">
        Iniciar sesión
      </h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Bienvenido de nuevo a Cereza.</p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert message={alert} />
        <Field id="login-email" label="Correo electrónico" error={errors.email?.message} required>
          <EmailInput {...register('email')} {...fieldProps('login-email', errors.email?.message)} />
        </Field>
        <Field id="login-password" label="Contraseña" error={errors.password?.message} required>
          <PasswordInput
            {...register('password')}
            {...fieldProps('login-password', errors.password?.message)}
            autoComplete="current-password"
          />
        </Field>
        <p className="-mt-2 text-right text-sm">
          <Link
            to="/Auth/Recuperar"
            className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
          >
            ¿Olvidaste tu contraseña?
          </Link>
        </p>
        <BusyButton busy={isSubmitting} busyLabel="Entrando…" className="btn-primary w-full">
          Iniciar sesión
        </BusyButton>
      </form>
      <div className="mt-4">
        <GoogleButton warm={warm} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-300">
        ¿Todavía no tienes cuenta?{' '}
        <Link
          to={registro}
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
        >
          Regístrate
        </Link>
      </p>
    </section>
  );
}
