import { useQuery } from '@tanstack/react-query';
import { Controller, useFormContext } from 'react-hook-form';
import type { DireccionEnvio, DireccionEnvioInput } from '../../../contract/muestras';
import { displayName } from '../../../contract/roles';
import { USERS_API } from '../../../contract/users-endpoints';
import { call } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Field, fieldProps } from '../../components/ui/field';
import type { FormOf } from '../../lib/form-schema';
import { PaisSelect } from '../../components/ui/pais-select';

export const CAMPOS_DIRECCION: {
  key: keyof DireccionEnvioInput;
  label: string;
  required?: boolean;
  autoComplete: string;
}[] = [
  { key: 'nombre', label: 'Nombre de quien recibe', required: true, autoComplete: 'name' },
  { key: 'empresa', label: 'Empresa', autoComplete: 'organization' },
  { key: 'linea1', label: 'Dirección', required: true, autoComplete: 'street-address' },
  { key: 'ciudad', label: 'Ciudad', required: true, autoComplete: 'address-level2' },
  { key: 'codigoPostal', label: 'Código postal', autoComplete: 'postal-code' },
  { key: 'pais', label: 'País', required: true, autoComplete: 'country' },
  { key: 'telefono', label: 'Teléfono', autoComplete: 'tel' },
];

/** A form that holds a shipping address (a sample's request, a box's), as the contract names it. */
interface ConDireccion {
  direccionEnvio: FormOf<DireccionEnvio>;
}

/**
 * One shipping address (a sample's, a box's), inside a react-hook-form form whose values hold `direccionEnvio`:
 * each field shows its own message (the contract's, or the server's `direccionEnvio.pais`) under it.
 */
export function DireccionFields({ prefix }: { prefix: string }) {
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ConDireccion>();
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 font-medium">Dirección de envío</legend>
      {CAMPOS_DIRECCION.map((c) => {
        const id = `${prefix}-${c.key}`;
        const error = errors.direccionEnvio?.[c.key]?.message;
        return (
          <Field key={c.key} id={id} label={c.label} required={c.required} error={error}>
            {c.key === 'pais' ? (
              <Controller
                control={control}
                name="direccionEnvio.pais"
                render={({ field }) => (
                  <PaisSelect
                    {...fieldProps(id, error)}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ) : (
              <input
                className="input w-full"
                autoComplete={c.autoComplete}
                {...fieldProps(id, error)}
                {...register(`direccionEnvio.${c.key}`)}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}

/**
 * The message that goes with a sample's request (to one producer) or a box's (to each of its producers), in the
 * same form as DireccionFields: its refusal (the contract's or the server's) shows under the box.
 */
export function MensajeField({ prefix, label }: { prefix: string; label: string }) {
  const {
    register,
    formState: { errors },
  } = useFormContext<{ mensaje: string }>();
  const id = `${prefix}-mensaje`;
  const error = errors.mensaje?.message;
  return (
    <Field id={id} label={label} error={error}>
      <textarea
        className="input w-full"
        rows={3}
        maxLength={1000}
        {...fieldProps(id, error)}
        {...register('mensaje')}
      />
    </Field>
  );
}

/** The address a buyer's form starts with: his name and his billing address; null while it loads. */
export function useDireccionInicial(): DireccionEnvio | null {
  const { user } = useSession();
  const info = useQuery({
    queryKey: ['cuenta', 'informacion-comercial'],
    queryFn: ({ signal }) => call(USERS_API.informacionComercial, { signal }).then((r) => r.informacionComercial),
  });
  if (info.isPending) return null;
  const ic = info.data;
  return {
    nombre: user ? displayName(user) : '',
    empresa: ic?.razonSocial ?? '',
    linea1: ic?.direccionFacturacion.linea1 ?? '',
    ciudad: ic?.direccionFacturacion.ciudad ?? '',
    codigoPostal: ic?.direccionFacturacion.codigoPostal ?? '',
    pais: ic?.direccionFacturacion.pais ?? '',
    telefono: '',
  };
}
