import { Controller, useForm } from 'react-hook-form';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import type { z } from 'zod';
import { MESSAGES } from '../../../contract/errors';
import { PAISES, PAISES_ORIGEN } from '../../../contract/lotes';
import {
  CompradorPerfilInputSchema,
  ProductorPerfilInputSchema,
  TIPO_COMPRADOR_LABELS,
  TIPO_PRODUCTOR_LABELS,
  TIPOS_COMPRADOR,
  TIPOS_PRODUCTOR,
  type CompradorPerfil,
} from '../../../contract/perfiles';
import type { DataUser } from '../../../contract/users';
import { ApiError } from '../../lib/api';
import { session } from '../../lib/session';
import { toast } from '../../lib/toast';
import { createCompradorPerfilRequest, createProductorPerfilRequest, updateCompradorPerfilRequest } from './api';
import { Field, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';
import { FechaInput } from '../../components/ui/fecha-input';
import { LecturaNumero } from '../../components/ui/numero-input';

/*
 * The complete-profile forms (docs/product.md §4): one shared schema validates here, inline, and again on the server.
 * This module carries zod and is only loaded when a form is shown.
 */

/**
 * The contract's fields each form shows, and only those: an update reads a field sent empty as "clear it", so a
 * field the form does not show (the buyer's avatar) is never sent.
 */
const ProductorSchema = ProductorPerfilInputSchema.pick({
  tipoProductor: true,
  nombre: true,
  pais: true,
  region: true,
  municipio: true,
  altitud: true,
  descripcion: true,
});
const productorForm = formOf(ProductorSchema);
type Productor = z.output<typeof ProductorSchema>;
const CompradorSchema = CompradorPerfilInputSchema.pick({
  fechaOrigen: true,
  empresa: true,
  tipoComprador: true,
  pais: true,
  ciudad: true,
  volumenAnualKg: true,
  sitioWeb: true,
  descripcion: true,
});
const compradorForm = formOf(CompradorSchema);
type Comprador = z.output<typeof CompradorSchema>;

/**
 * What a failed profile creation or update shows: the server's message when it sent one, the connection error,
 * else docs/product.md §8's "Error inesperado al procesar el perfil" (e.g. a 500 without a message).
 */
export function perfilErrorMessage(err: unknown): string {
  if (err instanceof ApiError) {
    if (err.code === 'NETWORK_ERROR') return err.message;
    if (err.serverMessage) return err.serverMessage;
  }
  return MESSAGES.PROFILE_UNEXPECTED_ERROR;
}

/**
 * Shared ending of both forms: keep the new user data and toast. A refusal is toasted as well as thrown, so that
 * the fields it names are marked under their boxes (the first focused) by the form's submit.
 */
async function submitPerfil(
  run: () => Promise<{ dataUser?: DataUser; message?: string }>,
  successMessage: string,
): Promise<boolean> {
  let res: { dataUser?: DataUser; message?: string };
  try {
    res = await run();
  } catch (err) {
    toast.error(perfilErrorMessage(err));
    throw err;
  }
  if (!res?.dataUser) {
    toast.error(MESSAGES.SERVER_RESPONSE_INVALID);
    return false;
  }
  session.setUser(res.dataUser);
  toast.success(res.message ?? successMessage);
  return true;
}

export function PerfilProductorForm({ onDone }: { onDone?: () => void }) {
  const form = useForm<FormOf<Productor>, unknown, Productor>({
    resolver: productorForm.resolver,
    defaultValues: productorForm.defaults(),
  });
  const {
    register,
    watch,
    formState: { errors, isSubmitting },
  } = form;
  const err = (k: keyof Productor) => errors[k]?.message;
  // The toasts say a refusal; the form has no alert of its own.
  const { submit } = useFormSubmit(form, productorForm.paths, async (values) => {
    if (await submitPerfil(() => createProductorPerfilRequest(values), MESSAGES.PRODUCTOR_PROFILE_CREATED)) onDone?.();
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Cuéntales a los compradores quién produce tu café. Con estos datos podrás publicar lotes; el resto lo completas
        cuando quieras.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pp-tipo" label="Tipo de productor" error={err('tipoProductor')} required>
          <select {...register('tipoProductor')} {...fieldProps('pp-tipo', err('tipoProductor'))} className="input">
            <option value="" disabled>
              Elige una opción
            </option>
            {TIPOS_PRODUCTOR.map((t) => (
              <option key={t} value={t}>
                {TIPO_PRODUCTOR_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pp-nombre" label="Nombre de la finca u organización" error={err('nombre')} required>
          <input
            {...register('nombre')}
            {...fieldProps('pp-nombre', err('nombre'))}
            autoComplete="organization"
            className="input"
          />
        </Field>
        <Field id="pp-pais" label="País" error={err('pais')} required>
          <select
            {...register('pais')}
            {...fieldProps('pp-pais', err('pais'))}
            className="input"
            autoComplete="country"
          >
            <option value="" disabled>
              Elige un país
            </option>
            {PAISES_ORIGEN.map((p) => (
              <option key={p.code} value={p.code}>
                {p.nombre}
              </option>
            ))}
          </select>
        </Field>
        <Field id="pp-region" label="Región o departamento" error={err('region')} required>
          <input
            {...register('region')}
            {...fieldProps('pp-region', err('region'))}
            autoComplete="address-level1"
            className="input"
          />
        </Field>
        <Field id="pp-municipio" label="Municipio" error={err('municipio')}>
          <input
            {...register('municipio')}
            {...fieldProps('pp-municipio', err('municipio'))}
            autoComplete="address-level2"
            className="input"
          />
        </Field>
        <Field id="pp-altitud" label="Altitud (m s. n. m.)" error={err('altitud')}>
          <input
            {...register('altitud')}
            {...fieldProps('pp-altitud', err('altitud'))}
            inputMode="numeric"
            autoComplete="off"
            className="input"
          />
          <LecturaNumero id="pp-altitud" texto={watch('altitud')} decimales={0} />
        </Field>
      </div>
      <Field
        id="pp-descripcion"
        label="Descripción"
        error={err('descripcion')}
        hint="Historia, variedades, procesos… lo que un comprador querría saber."
      >
        <textarea
          {...register('descripcion')}
          {...fieldProps('pp-descripcion', err('descripcion'), true)}
          rows={3}
          className="input"
        />
      </Field>
      <div className="flex justify-end">
        <BusyButton busy={isSubmitting} busyLabel="Guardando…">
          Crear perfil de productor
        </BusyButton>
      </div>
    </form>
  );
}

/** Creates the buyer profile, or edits it when `perfil` is given (the account page). */
export function PerfilCompradorForm({ perfil, onDone }: { perfil?: CompradorPerfil | null; onDone?: () => void }) {
  const editing = !!perfil;
  const form = useForm<FormOf<Comprador>, unknown, Comprador>({
    resolver: compradorForm.resolver,
    // '' selects the placeholder options; undefined would let the browser show the first real choice.
    defaultValues: compradorForm.defaults(perfil),
  });
  const {
    control,
    register,
    watch,
    formState: { errors, isSubmitting, isDirty },
    reset,
    getValues,
  } = form;
  const err = (k: keyof Comprador) => errors[k]?.message;
  // Empty optional fields are sent as null, which the server's update reads as "clear it".
  const { submit } = useFormSubmit(form, compradorForm.paths, async (body) => {
    const ok = await submitPerfil(
      () => (editing ? updateCompradorPerfilRequest(body) : createCompradorPerfilRequest(body)),
      editing ? 'Perfil actualizado.' : MESSAGES.COMPRADOR_PROFILE_CREATED,
    );
    if (ok) {
      if (editing) reset(getValues());
      onDone?.();
    }
  });

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      {!editing && (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Los productores responden mejor cuando saben quién compra. Completa los datos de tu empresa.
        </p>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="pc-empresa" label="Empresa" error={err('empresa')} required>
          <input
            {...register('empresa')}
            {...fieldProps('pc-empresa', err('empresa'))}
            autoComplete="organization"
            className="input"
          />
        </Field>
        <Field id="pc-tipo" label="Tipo de comprador" error={err('tipoComprador')} required>
          <select {...register('tipoComprador')} {...fieldProps('pc-tipo', err('tipoComprador'))} className="input">
            <option value="" disabled>
              Elige una opción
            </option>
            {TIPOS_COMPRADOR.map((t) => (
              <option key={t} value={t}>
                {TIPO_COMPRADOR_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Controller
          control={control}
          name="fechaOrigen"
          render={({ field }) => (
            <FechaInput
              label="En actividad desde"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('fechaOrigen')}
              required
            />
          )}
        />
        <Field id="pc-pais" label="País" error={err('pais')} required>
          <select
            {...register('pais')}
            {...fieldProps('pc-pais', err('pais'))}
            className="input"
            autoComplete="country"
          >
            <option value="" disabled>
              Elige un país
            </option>
            {[...PAISES]
              .sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'))
              .map((p) => (
                <option key={p.code} value={p.code}>
                  {p.nombre}
                </option>
              ))}
          </select>
        </Field>
        <Field id="pc-ciudad" label="Ciudad" error={err('ciudad')}>
          <input
            {...register('ciudad')}
            {...fieldProps('pc-ciudad', err('ciudad'))}
            autoComplete="address-level2"
            className="input"
          />
        </Field>
        <Field id="pc-volumen" label="Volumen anual (kg)" error={err('volumenAnualKg')}>
          <input
            {...register('volumenAnualKg')}
            {...fieldProps('pc-volumen', err('volumenAnualKg'))}
            inputMode="numeric"
            autoComplete="off"
            className="input"
          />
          <LecturaNumero id="pc-volumen" texto={watch('volumenAnualKg')} decimales={0} />
        </Field>
        {editing && (
          <Field id="pc-web" label="Sitio web" error={err('sitioWeb')} className="sm:col-span-2">
            <input
              {...register('sitioWeb')}
              {...fieldProps('pc-web', err('sitioWeb'))}
              type="url"
              placeholder="https://"
              className="input"
            />
          </Field>
        )}
      </div>
      <Field
        id="pc-descripcion"
        label="Descripción"
        error={err('descripcion')}
        hint="Qué tuestas o importas, para quién, qué perfiles buscas."
      >
        <textarea
          {...register('descripcion')}
          {...fieldProps('pc-descripcion', err('descripcion'), true)}
          rows={3}
          className="input"
        />
      </Field>
      <div className="flex justify-end">
        <BusyButton busy={isSubmitting} busyLabel="Guardando…">
          {editing ? (isDirty ? 'Guardar cambios' : 'Guardar') : 'Crear perfil de comprador'}
        </BusyButton>
      </div>
    </form>
  );
}
