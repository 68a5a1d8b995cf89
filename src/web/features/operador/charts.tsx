import { useId, useState, type ReactNode } from 'react';
import { etiquetasMes, mesLargo, type Serie } from './cifras';

/*
 * Column charts drawn by hand in SVG for the operator's Resumen (issue 28): no chart library, and only the
 * operator's lazy chunk loads this file. The drawing is decoration for the eye (aria-hidden); what a screen reader
 * reads is the table under it, always in the page (visually hidden until "Ver la tabla"), months in Spanish.
 */

// Up to four series, told apart in light and dark mode; the legend repeats each colour beside its name.
const FILL = [
  'fill-primary-700 dark:fill-primary-400',
  'fill-sky-600 dark:fill-sky-300',
  'fill-amber-500 dark:fill-amber-300',
  'fill-gray-500 dark:fill-gray-400',
];
const SWATCH = [
  'bg-primary-700 dark:bg-primary-400',
  'bg-sky-600 dark:bg-sky-300',
  'bg-amber-500 dark:bg-amber-300',
  'bg-gray-500 dark:bg-gray-400',
];

const numero = (n: number) => new Intl.NumberFormat('es-ES').format(n);

const W = 400;
const H = 190;
const TOP = 18;
const AXIS = 30;

export function ColumnChart({
  titulo,
  meses,
  series,
  apilado = false,
  formato = numero,
  tabla,
}: {
  titulo: string;
  meses: string[];
  series: Serie[];
  /** Stacked (parts of one total) or side by side (quantities to compare). */
  apilado?: boolean;
  formato?: (n: number) => string;
  /** The text alternative; by default one row per month and one column per series. */
  tabla?: ReactNode;
}) {
  const id = useId();
  const [ver, setVer] = useState(false);
  const totales = meses.map((_, i) =>
    apilado ? series.reduce((s, x) => s + x.valores[i], 0) : Math.max(0, ...series.map((x) => x.valores[i])),
  );
  const max = Math.max(0, ...totales);
  const paso = W / meses.length;
  const alto = H - TOP - AXIS;
  const escala = (v: number) => (max > 0 ? (alto * v) / max : 0);
  const ancho = apilado ? paso * 0.6 : (paso * 0.8) / series.length;
  const etiquetas = etiquetasMes(meses);
  return (
    <figure className="card min-w-0 p-4" aria-labelledby={`${id}-t`}>
      <figcaption id={`${id}-t`} className="mb-2 font-medium">
        {titulo}
      </figcaption>
      {series.length > 1 && (
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
          {series.map((s, i) => (
            <li key={s.nombre} className="flex items-center gap-1">
              <span className={`inline-block size-3 rounded-sm ${SWATCH[i % SWATCH.length]}`} />
              {s.nombre}
            </li>
          ))}
        </ul>
      )}
      {max === 0 ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">Sin datos en los últimos doce meses.</p>
      ) : (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${W} ${H}`}
          className="h-auto w-full text-gray-800 dark:text-gray-200"
          data-chart={titulo}
        >
          <text x={0} y={11} className="fill-current text-[11px]">
            Máximo: {formato(max)}
          </text>
          <line x1={0} x2={W} y1={TOP + alto} y2={TOP + alto} className="stroke-gray-400" strokeWidth={1} />
          {meses.map((m, i) => {
            const x0 = i * paso + (paso - (apilado ? ancho : ancho * series.length)) / 2;
            let base = TOP + alto;
            return (
              <g key={m}>
                {series.map((s, j) => {
                  const h = escala(s.valores[i]);
                  const x = apilado ? x0 : x0 + j * ancho;
                  const y = apilado ? base - h : TOP + alto - h;
                  if (apilado) base -= h;
                  return h > 0 ? (
                    <rect key={s.nombre} x={x} y={y} width={ancho} height={h} className={FILL[j % FILL.length]} />
                  ) : null;
                })}
                <text
                  x={i * paso + paso / 2}
                  y={H - AXIS + 14}
                  textAnchor="middle"
                  className="fill-current text-[11px]"
                >
                  {etiquetas[i].mes}
                </text>
                {etiquetas[i].anio && (
                  <text x={i * paso + paso / 2} y={H - 3} textAnchor="middle" className="fill-current text-[10px]">
                    {etiquetas[i].anio}
                  </text>
                )}
              </g>
            );
          })}
        </svg>
      )}
      <button
        type="button"
        className="mt-2 text-sm font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400"
        aria-expanded={ver}
        aria-controls={`${id}-d`}
        onClick={() => setVer((v) => !v)}
      >
        {ver ? 'Ocultar la tabla' : 'Ver la tabla'}
        <span className="sr-only">: {titulo}</span>
      </button>
      <div
        id={`${id}-d`}
        className={ver ? 'mt-2 overflow-x-auto' : 'sr-only'}
        // Once shown, a wide table scrolls inside its box: a named, focusable region a keyboard can scroll.
        {...(ver ? { role: 'region', 'aria-label': `Tabla: ${titulo}`, tabIndex: 0 } : {})}
      >
        {tabla ?? <TablaSeries titulo={titulo} meses={meses} series={series} formato={formato} />}
      </div>
    </figure>
  );
}

const th = 'px-2 py-1 font-semibold';
const tdc = 'px-2 py-1 border-t border-gray-100 dark:border-gray-800';

export function TablaSeries({
  titulo,
  meses,
  series,
  formato = numero,
}: {
  titulo: string;
  meses: string[];
  series: Serie[];
  formato?: (n: number) => string;
}) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">{titulo}</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            Mes
          </th>
          {series.map((s) => (
            <th key={s.nombre} scope="col" className={`${th} text-right`}>
              {s.nombre}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {meses.map((m, i) => (
          <tr key={m}>
            <th scope="row" className={`${tdc} font-normal`}>
              {mesLargo(m)}
            </th>
            {series.map((s) => (
              <td key={s.nombre} className={`${tdc} text-right`}>
                {formato(s.valores[i])}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
