import { useState } from 'react';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { Link, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { PASSWORD_MIN, RegisterSchema } from '../../../contract/auth';
import type { z } from 'zod';
import { ERRORS, MESSAGES } from '../../../contract/errors';
import { isRol, toTipoUser, type RolRegistro as Rol } from '../../../contract/roles';
import { ApiError } from '../../lib/api';
import { usePageMeta } from '../../lib/page-meta';
import { registerRequest } from './api';
import { AccountTypeChooser } from './account-type-chooser';
import { PasswordInput } from '../../components/ui/password-input';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { EmailInput } from '../../components/ui/email-input';
import { GoogleButton } from './google-button';
import { useCompleteSignIn, type WarmUp } from './sign-in';
import { BusyButton } from '../../components/ui/busy-button';

const registerForm = formOf(RegisterSchema);
type Register = z.output<typeof RegisterSchema>;

export function RegisterPage({ warm }: { warm?: WarmUp }) {
  usePageMeta({
    title: 'Crear cuenta',
    description: 'Regístrate en Cereza como productor o comprador de café verde de especialidad.',
  });
  // The home page's calls to action link here with ?tipo=productor or ?tipo=comprador; other values are ignored.
  const [params] = useSearchParams();
  const initialTipo = params.get('tipo');
  const [rol, setRol] = useState<Rol | null>(isRol(initialTipo) ? initialTipo : null);
  const completeSignIn = useCompleteSignIn(warm);
  const form = useForm<FormOf<Register>, unknown, Register>({
    resolver: registerForm.resolver,
    defaultValues: registerForm.defaults(isRol(initialTipo) ? { tipoUser: toTipoUser(initialTipo) } : null),
  });
  const {
    register,
    setValue,
    formState: { errors, isSubmitting },
  } = form;
  // A message beside the field says it already; the banner is for everything else.
  const { submit, alert } = useFormSubmit(form, registerForm.paths, async (values) => {
    const res = await registerRequest({
      ...values,
      email: values.email.toLowerCase(),
      tipoUser: values.tipoUser.toUpperCase() as typeof values.tipoUser,
    });
    if (!res?.token || !res.dataUser) throw new ApiError(0, 'INVALID_RESPONSE', ERRORS.INVALID_RESPONSE);
    completeSignIn(res.token, res.dataUser, res.message ?? MESSAGES.USER_CREATED);
  });

  const choose = (r: Rol) => {
    setRol(r);
    // docs/product.md §5: upper case on the wire.
    setValue('tipoUser', toTipoUser(r), { shouldValidate: true });
  };

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="registro-title">
      <h1 id="registro-title" className="text-2xl font-semibold">
        Crear cuenta
      </h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Únete al mercado de café verde de especialidad con origen.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert message={alert} />
        <AccountTypeChooser value={rol} onChange={choose} />
        {errors.tipoUser?.message && <p className="field-error">{errors.tipoUser.message}</p>}
        <div className="grid gap-4 min-[400px]:grid-cols-2">
          <Field id="registro-nombre" label="Nombre" error={errors.nombre?.message} required>
            <input
              {...register('nombre')}
              {...fieldProps('registro-nombre', errors.nombre?.message)}
              autoComplete="given-name"
              className="input"
            />
          </Field>
          <Field id="registro-apellido" label="Apellido" error={errors.apellido?.message} required>
            <input
              {...register('apellido')}
              {...fieldProps('registro-apellido', errors.apellido?.message)}
              autoComplete="family-name"
              className="input"
            />
          </Field>
        </div>
        <Field id="registro-email" label="Correo electrónico" error={errors.email?.message} required>
          <EmailInput {...register('email')} {...fieldProps('registro-email', errors.email?.message)} />
        </Field>
        <Field
          id="registro-password"
          label="Contraseña"
          error={errors.password?.message}
          hint={`Al menos ${PASSWORD_MIN} caracteres. Una frase larga es más segura que una palabra con símbolos.`}
          required
        >
          <PasswordInput
            {...register('password')}
            {...fieldProps('registro-password', errors.password?.message, true)}
            autoComplete="new-password"
          />
        </Field>
        <BusyButton busy={isSubmitting} busyLabel="Creando cuenta…" className="btn-primary w-full" disabled={!rol}>
          Registrarse
        </BusyButton>
        {!rol && (
          <p className="-mt-2 text-center text-xs text-gray-600 dark:text-gray-400">
            Elige un tipo de cuenta para continuar.
          </p>
        )}
      </form>
      <div className="mt-4">
        <GoogleButton warm={warm} />
      </div>
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-300">
        ¿Ya tienes cuenta?{' '}
        <Link
          to="/Auth/Login"
          className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
        >
          Inicia sesión
        </Link>
      </p>
    </section>
  );
}
