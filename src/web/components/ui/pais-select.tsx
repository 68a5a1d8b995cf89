import type { Ref, SelectHTMLAttributes } from 'react';
import { PAISES } from '../../../contract/lotes-codes';

const POR_NOMBRE = [...PAISES].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));

/**
 * A country by its Spanish name, sent as its ISO code (issue 32: the sample form asked for "País (código de 2
 * letras)" as free text and refused "España"). A code the list does not hold stays chosen, so that an old
 * address is shown as it is.
 */
export function PaisSelect({
  value,
  onChange,
  ...props
}: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: string;
  onChange: (code: string) => void;
  /** A form library's handle on the box, to focus it when refused (React 19 passes it as a prop). */
  ref?: Ref<HTMLSelectElement>;
}) {
  const code = value.trim().toUpperCase();
  const known = !code || POR_NOMBRE.some((p) => p.code === code);
  return (
    <select
      className="input w-full"
      autoComplete="country"
      {...props}
      value={code}
      onChange={(e) => onChange(e.target.value)}
    >
      <option value="">Elige un país</option>
      {!known && <option value={code}>{code}</option>}
      {POR_NOMBRE.map((p) => (
        <option key={p.code} value={p.code}>
          {p.nombre}
        </option>
      ))}
    </select>
  );
}
