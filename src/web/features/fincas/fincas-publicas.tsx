import type { Finca } from '../../../contract/fincas';
import { useFincasDeLote, useFincasDeProductor } from './api';
import { FincaDatos } from './finca-datos';
import { MapaFincas } from './mapa-fincas';

/** The lot page's traceability: the farms it comes from, their data, a map and the coordinates. */
export function FincasDelLote({ loteId }: { loteId: string }) {
  const { data: fincas } = useFincasDeLote(loteId);
  if (!fincas?.length) return null;
  return <FincasPublicas fincas={fincas} titulo="Trazabilidad: fincas de origen" />;
}

export function FincasPublicas({ fincas, titulo }: { fincas: Finca[]; titulo: string }) {
  return (
    <section className="card space-y-3 p-4" aria-labelledby="fincas-titulo">
      <h2 id="fincas-titulo" className="text-lg font-semibold">
        {titulo}
      </h2>
      <MapaFincas fincas={fincas} />
      <ul className="grid gap-3 sm:grid-cols-2">
        {fincas.map((f) => (
          <li key={f.id} className="rounded-lg border border-gray-200 p-3 dark:border-gray-700">
            <h3 className="font-medium">{f.nombre}</h3>
            <FincaDatos finca={f} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The public profile's member farms. */
export function FincasDelProductor({ productorId }: { productorId: string }) {
  const { data: fincas } = useFincasDeProductor(productorId);
  if (!fincas?.length) return null;
  return <FincasPublicas fincas={fincas} titulo="Fincas" />;
}
