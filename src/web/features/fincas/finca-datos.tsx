import { CERTIFICACION_LABELS } from '../../../contract/lotes-codes';
import type { Finca } from '../../../contract/fincas';
import { formatNumber } from '../../lib/format';

/** A farm's facts as a definition list. */
export function FincaDatos({ finca: f }: { finca: Finca }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {f.productorNombre && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Productor</dt>
          <dd>{f.productorNombre}</dd>
        </>
      )}
      <dt className="text-gray-600 dark:text-gray-400">Región</dt>
      <dd>{[f.municipio, f.region].filter(Boolean).join(', ')}</dd>
      {f.altitud != null && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Altitud</dt>
          <dd>{formatNumber(f.altitud, 0, 0)} m s. n. m.</dd>
        </>
      )}
      {f.hectareas != null && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Hectáreas</dt>
          <dd>{formatNumber(f.hectareas, 0, 2)} ha</dd>
        </>
      )}
      {f.variedades.length > 0 && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Variedades</dt>
          <dd>{f.variedades.join(', ')}</dd>
        </>
      )}
      {f.certificaciones.length > 0 && (
        <>
          <dt className="text-gray-600 dark:text-gray-400">Certificaciones</dt>
          <dd>
            {f.certificaciones.map((c) => CERTIFICACION_LABELS[c as keyof typeof CERTIFICACION_LABELS] ?? c).join(', ')}
          </dd>
        </>
      )}
    </dl>
  );
}
