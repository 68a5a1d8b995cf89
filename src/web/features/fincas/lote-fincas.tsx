import { Link } from 'react-router';
import { useMisFincas } from './api';
import { PAGINAS } from '../../../contract/paginas';

/** Checkboxes of the producer's member farms: which ones a lot comes from. */
export function LoteFincasChooser({ value, onChange }: { value: string[]; onChange: (ids: string[]) => void }) {
  const { data: fincas } = useMisFincas();
  return (
    <fieldset className="card space-y-2 p-4">
      <legend className="px-1 font-semibold">Fincas de origen</legend>
      {fincas && fincas.length === 0 && (
        <p className="text-sm">
          Aún no tienes fincas.{' '}
          <Link to={PAGINAS.productor.productores} className="underline">
            Añádelas en Productores
          </Link>{' '}
          para dar trazabilidad a tus lotes.
        </p>
      )}
      <div className="flex flex-wrap gap-x-4 gap-y-2 text-sm">
        {fincas?.map((f) => (
          <label key={f.id} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={value.includes(f.id)}
              onChange={(e) => onChange(e.target.checked ? [...value, f.id] : value.filter((x) => x !== f.id))}
            />
            {f.nombre}
            {f.productorNombre ? ` (${f.productorNombre})` : ''}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
