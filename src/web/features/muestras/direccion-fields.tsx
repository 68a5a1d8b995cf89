import { useQuery } from '@tanstack/react-query';
import type { DireccionEnvioInput } from '../../../contract/muestras';
import { API } from '../../../contract/paths';
import { displayName } from '../../../contract/roles';
import type { InformacionComercialResponseSchema } from '../../../contract/users';
import { api, type Answer } from '../../lib/api';
import { useSession } from '../../lib/session';
import { Field } from '../../components/ui/field';
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

/** The input ids of the address's fields, keyed as the server names them (`direccionEnvio.pais`). */
export const idsDireccion = (prefix: string) =>
  Object.fromEntries(CAMPOS_DIRECCION.map((c) => [`direccionEnvio.${c.key}`, `${prefix}-${c.key}`]));

/** One shipping address (a sample's, a box's): errors keyed by input id (lib/form-errors fieldErrorsById). */
export function DireccionFields({
  prefix,
  dir,
  setDir,
  errors,
}: {
  prefix: string;
  dir: DireccionEnvioInput;
  setDir: (f: (d: DireccionEnvioInput) => DireccionEnvioInput) => void;
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="grid gap-3 sm:grid-cols-2">
      <legend className="mb-1 font-medium">Dirección de envío</legend>
      {CAMPOS_DIRECCION.map((c) => {
        const id = `${prefix}-${c.key}`;
        return (
          <Field key={c.key} id={id} label={c.label} required={c.required} error={errors[id]}>
            {c.key === 'pais' ? (
              <PaisSelect
                id={id}
                value={dir.pais ?? ''}
                onChange={(pais) => setDir((d) => ({ ...d, pais }))}
                aria-invalid={errors[id] ? true : undefined}
              />
            ) : (
              <input
                id={id}
                className="input w-full"
                autoComplete={c.autoComplete}
                value={dir[c.key] ?? ''}
                onChange={(e) => setDir((d) => ({ ...d, [c.key]: e.target.value }))}
                aria-invalid={errors[id] ? true : undefined}
              />
            )}
          </Field>
        );
      })}
    </fieldset>
  );
}

/** The address a buyer's form starts with: his name and his billing address; null while it loads. */
export function useDireccionInicial(): DireccionEnvioInput | null {
  const { user } = useSession();
  const info = useQuery({
    queryKey: ['cuenta', 'informacion-comercial'],
    queryFn: ({ signal }) =>
      api<Answer<typeof InformacionComercialResponseSchema>>(API.users.informacionComercial, { signal }).then(
        (r) => r.informacionComercial,
      ),
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
