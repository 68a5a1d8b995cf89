import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import { MailCheck } from 'lucide-react';
import type { z } from 'zod';
import { PasswordRecoverySchema } from '../../../contract/auth';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { EmailInput } from '../../components/ui/email-input';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { usePageMeta } from '../../lib/page-meta';
import { passwordRecoveryRequest } from './api';
import { BusyButton } from '../../components/ui/busy-button';

const recoveryForm = formOf(PasswordRecoverySchema);
type Recovery = z.output<typeof PasswordRecoverySchema>;

const linkClass = 'font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-400';

/** /Auth/Recuperar: the e-mail, then always the same confirmation (docs/decisions/013). */
export function PasswordRecoveryPage() {
  usePageMeta({
    title: 'Recuperar contraseña',
    description: 'Te enviamos un enlace para elegir una contraseña nueva.',
  });
  const [sent, setSent] = useState<string | null>(null);
  const form = useForm<FormOf<Recovery>, unknown, Recovery>({
    resolver: recoveryForm.resolver,
    defaultValues: recoveryForm.defaults(),
  });
  const {
    register,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const { submit, alert } = useFormSubmit(form, recoveryForm.paths, async (values) =>
    setSent((await passwordRecoveryRequest(values)).message),
  );

  if (sent) {
    return (
      <section className="card p-6 sm:p-8" aria-labelledby="recuperar-title">
        <MailCheck aria-hidden className="size-10 text-primary-700 dark:text-primary-400" />
        <h1 id="recuperar-title" className="mt-3 text-2xl font-semibold">
          Revisa tu correo
        </h1>
        <p role="status" className="mt-2 text-gray-700 dark:text-gray-300">
          {sent}
        </p>
        <p className="mt-4 text-sm text-gray-600 dark:text-gray-400">
          El enlace caduca en una hora. ¿No te llega a {getValues('email')}? Espera unos minutos o{' '}
          <button type="button" className={linkClass} onClick={() => setSent(null)}>
            pide otro
          </button>
          .
        </p>
        <p className="mt-6 text-center text-sm">
          <Link to="/Auth/Login" className={linkClass}>
            Volver a iniciar sesión
          </Link>
        </p>
      </section>
    );
  }

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="recuperar-title">
      <h1 id="recuperar-title" className="text-2xl font-semibold">
        ¿Olvidaste tu contraseña?
      </h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
        Escribe el correo electrónico de tu cuenta y te enviaremos un enlace para elegir una contraseña nueva.
      </p>
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert message={alert} />
        <Field id="recuperar-email" label="Correo electrónico" error={errors.email?.message} required>
          <EmailInput {...register('email')} {...fieldProps('recuperar-email', errors.email?.message)} />
        </Field>
        <BusyButton busy={isSubmitting} busyLabel="Enviando…" className="btn-primary w-full">
          Enviar enlace
        </BusyButton>
      </form>
      <p className="mt-6 text-center text-sm text-gray-700 dark:text-gray-300">
        ¿La recordaste?{' '}
        <Link to="/Auth/Login" className={linkClass}>
          Inicia sesión
        </Link>
      </p>
    </section>
  );
}
