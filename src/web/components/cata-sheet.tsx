import {
  ATRIBUTO_LABELS,
  ATRIBUTOS_SCA,
  DECISION_CATA_LABELS,
  TAZAS_SCA,
  puntosDefectos,
  puntosTazas,
} from '../../contract/catas-puntaje';
import type { Cata } from '../../contract/muestras';
import { formatDate, formatNumber } from '../lib/format';
import { deQuien } from '../lib/palabras';

const n2 = (v: number) => formatNumber(v, 2, 2);

/**
 * A cupping sheet read whole: score, every attribute with its comment, cups, defects, descriptors. Samples (by the
 * other party, or by the buyer after sending it), the lab's sheet, and a claim's arrival cupping (issue 25 §3) show
 * it the same way; `titulo` names it ("Cata de llegada").
 */
export function CataSheet({
  cata,
  autor,
  titulo = 'Ficha de cata',
}: {
  cata: Pick<Cata, 'hoja' | 'puntajeTotal' | 'createdAt'>;
  autor?: string;
  titulo?: string;
}) {
  const h = cata.hoja;
  return (
    <section aria-label={titulo} className="rounded-lg border p-4 dark:border-gray-700">
      <header className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-semibold">
          {titulo === 'Ficha de cata' ? 'Ficha de cata SCA' : titulo}
          {autor ? ` ${deQuien(autor)}` : ''} · {formatDate(cata.createdAt)}
        </h3>
        <p className="text-xl font-semibold tabular-nums">{n2(cata.puntajeTotal)} puntos</p>
      </header>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3">
        {ATRIBUTOS_SCA.map((a) => (
          <div key={a}>
            <dt className="text-gray-600 dark:text-gray-400">{ATRIBUTO_LABELS[a]}</dt>
            <dd className="tabular-nums">
              {n2(h.atributos[a])}
              {h.comentarios[a] && <span className="block text-gray-700 dark:text-gray-300">{h.comentarios[a]}</span>}
            </dd>
          </div>
        ))}
        {TAZAS_SCA.map((t) => (
          <div key={t}>
            <dt className="text-gray-600 dark:text-gray-400">{ATRIBUTO_LABELS[t]}</dt>
            <dd className="tabular-nums">{puntosTazas(h.tazas[t])} / 10</dd>
          </div>
        ))}
        <div>
          <dt className="text-gray-600 dark:text-gray-400">Defectos</dt>
          <dd className="tabular-nums">−{puntosDefectos(h.defectos)}</dd>
        </div>
      </dl>
      {(h.intensidadAcidez || h.intensidadCuerpo || h.agtron) && (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {[
            h.intensidadAcidez && `Acidez ${h.intensidadAcidez.toLowerCase()}`,
            h.intensidadCuerpo && `cuerpo ${h.intensidadCuerpo.toLowerCase()}`,
            h.agtron && `tueste Agtron ${h.agtron}`,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      )}
      {h.notasCata.length > 0 && <p className="mt-2 text-sm">Descriptores: {h.notasCata.join(', ')}</p>}
      {h.comentarios.general && <p className="mt-1 text-sm">{h.comentarios.general}</p>}
      {h.decision && (
        <p className="mt-2 text-sm font-medium">
          Decisión: {DECISION_CATA_LABELS[h.decision]}
          {h.motivo ? `. ${h.motivo}` : ''}
        </p>
      )}
    </section>
  );
}
