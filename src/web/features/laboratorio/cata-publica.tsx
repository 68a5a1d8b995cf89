import { Suspense, lazy, type ComponentType } from 'react';
import type { Cata } from '../../../contract/muestras';
import { formatNumber } from '../../lib/format';
import { useCataPublica } from './api';

/** The words TRADE.md gives the lab's mark on a verified lot. */
export const CATADO_POR_EL_LABORATORIO = 'Catado por el laboratorio de Cereza';

/**
 * The lab's sheet on a verified lot's page ("Catado por el laboratorio de Cereza", TRADE.md "The quality lab"). The
 * heading and the score come with the page; the sheet is fetched in the browser and its code loaded only then.
 */
export function CataPublica({
  loteId,
  puntaje,
  Sheet,
}: {
  loteId: string;
  puntaje: number | null;
  Sheet: ComponentType<{ cata: Cata }>;
}) {
  const { data: cata } = useCataPublica(loteId, true);
  return (
    <section aria-labelledby="cata-laboratorio" className="card p-4">
      <h2 id="cata-laboratorio" className="text-lg font-semibold">
        {CATADO_POR_EL_LABORATORIO}
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        {puntaje != null ? `${formatNumber(puntaje, 2, 2)} puntos SCA. ` : ''}
        El laboratorio de Cereza recibió la muestra de referencia de este lote y la cató en la ficha SCA: el puntaje
        publicado es el suyo.
      </p>
      {cata && (
        <div className="mt-3">
          <Suspense fallback={null}>
            <Sheet cata={cata} />
          </Suspense>
        </div>
      )}
    </section>
  );
}

/** Loads a sheet component only when a sheet is to be shown. */
export const lazySheet = (load: () => Promise<ComponentType<{ cata: Cata }>>) =>
  lazy(() => load().then((C) => ({ default: C })));
