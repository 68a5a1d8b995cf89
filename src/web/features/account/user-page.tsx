import type { ReactNode } from 'react';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ChangePasswordSchema, PASSWORD_MIN, UpdateMeSchema } from '../../../contract/auth';
import type { Rol } from '../../../contract/roles';
import type { DataUser } from '../../../contract/users';
import { toast } from '../../lib/toast';
import { useChangePassword, useUpdateMe } from './api';
import { AccountLayout, Section } from './account-layout';
import { ResendVerificationButton } from './verification';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { BusyButton } from '../../components/ui/busy-button';

const datosForm = formOf(UpdateMeSchema);
type Datos = z.output<typeof UpdateMeSchema>;
const passwordForm = formOf(ChangePasswordSchema);
type CambioPassword = z.output<typeof ChangePasswordSchema>;

function AccountDataForm({ user }: { user: DataUser }) {
  const update = useUpdateMe();
  const form = useForm<FormOf<Datos>, unknown, Datos>({
    resolver: datosForm.resolver,
    defaultValues: datosForm.defaults(user),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { submit, alert } = useFormSubmit(form, datosForm.paths, async (values) => {
    const r = await update.mutateAsync(values);
    form.reset(datosForm.defaults(r.dataUser));
    toast.success(r.message);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cuenta-nombre" label="Nombre" error={errors.nombre?.message} required>
          <input
            {...register('nombre')}
            {...fieldProps('cuenta-nombre', errors.nombre?.message)}
            autoComplete="given-name"
            className="input"
          />
        </Field>
        <Field id="cuenta-apellido" label="Apellido" error={errors.apellido?.message} required>
          <input
            {...register('apellido')}
            {...fieldProps('cuenta-apellido', errors.apellido?.message)}
            autoComplete="family-name"
            className="input"
          />
        </Field>
        <Field
          id="cuenta-name"
          label="Nombre visible"
          error={errors.name?.message}
          hint="Opcional. Si lo dejas vacío mostramos tu nombre y apellido."
          className="sm:col-span-2"
        >
          <input
            {...register('name')}
            {...fieldProps('cuenta-name', errors.name?.message, true)}
            autoComplete="nickname"
            className="input"
          />
        </Field>
        <div className="sm:col-span-2">
          <p className="label">Correo electrónico</p>
          <p className="text-sm break-all text-gray-800 dark:text-gray-200">
            {user.email}{' '}
            {user.verificado ? (
              <span className="ml-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-medium text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                Confirmado
              </span>
            ) : (
              <span className="ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                Sin confirmar
              </span>
            )}
          </p>
          {!user.verificado && (
            <div className="mt-2 flex flex-wrap items-center gap-3 text-sm text-gray-700 dark:text-gray-300">
              <span>¿No te llegó el enlace de verificación?</span>
              <ResendVerificationButton />
            </div>
          )}
        </div>
      </div>
      <div className="flex justify-end">
        <BusyButton busy={isSubmitting} busyLabel="Guardando…">
          Guardar datos
        </BusyButton>
      </div>
    </form>
  );
}

/** A labelled password field of the password-change form. */
function PasswordField({
  id,
  label,
  error,
  autoComplete,
  hint,
  reg,
}: {
  id: string;
  label: string;
  error?: string;
  autoComplete: string;
  hint?: string;
  reg: object;
}) {
  return (
    <Field id={id} label={label} error={error} hint={hint} required>
      <PasswordInput
        {...reg}
        {...fieldProps(id, error, !!hint)}
        autoComplete={autoComplete}
        toggleLabel={label.toLowerCase()}
      />
    </Field>
  );
}

function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<FormOf<CambioPassword>, unknown, CambioPassword>({
    resolver: passwordForm.resolver,
    defaultValues: passwordForm.defaults(),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const { submit, alert } = useFormSubmit(form, passwordForm.paths, async (values) => {
    const r = await change.mutateAsync(values);
    form.reset();
    toast.success(r.message);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PasswordField
          id="pw-actual"
          label="Contraseña actual"
          error={errors.passwordActual?.message}
          autoComplete="current-password"
          reg={register('passwordActual')}
        />
        <PasswordField
          id="pw-nueva"
          label="Nueva contraseña"
          error={errors.passwordNueva?.message}
          autoComplete="new-password"
          hint={`Al menos ${PASSWORD_MIN} caracteres. Las contraseñas fáciles de adivinar no se aceptan: una frase de varias palabras es la más segura.`}
          reg={register('passwordNueva')}
        />
      </div>
      <div className="flex justify-end">
        <BusyButton busy={isSubmitting} busyLabel="Guardando…">
          Cambiar contraseña
        </BusyButton>
      </div>
    </form>
  );
}

/** /Dashboard/{rol}/usuario: account data and password; `extra` lets the route add the buyer's company profile. */
export function UserPage({ rol, user, extra }: { rol: Rol; user: DataUser; extra?: ReactNode }) {
  return (
    <AccountLayout rol={rol} title="Mi cuenta" description="Tus datos personales y cómo inicias sesión.">
      <Section title="Datos de la cuenta" id="datos">
        <AccountDataForm user={user} />
      </Section>
      {extra}
      <Section
        title="Contraseña"
        id="password"
        description={
          user.tienePassword === false
            ? undefined
            : 'Al cambiarla se cierran las sesiones abiertas en otros dispositivos.'
        }
      >
        {user.tienePassword === false ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Inicias sesión con Google, así que tu cuenta no tiene contraseña en Cereza.
          </p>
        ) : (
          <ChangePasswordForm />
        )}
      </Section>
    </AccountLayout>
  );
}
