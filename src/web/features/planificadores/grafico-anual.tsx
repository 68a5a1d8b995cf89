import { mesesPeriodo, type Linea } from '../../../contract/planificadores';
import { formatNumber } from '../../lib/format';

const MESES = ['ene', 'feb', 'mar', 'abr', 'may', 'jun', 'jul', 'ago', 'sep', 'oct', 'nov', 'dic'];

/** Need and contracted kg per month of the year (a quarter's line spread over its three months). */
export function porMes(lineas: Linea[]) {
  const necesidad = Array<number>(12).fill(0);
  const contratado = Array<number>(12).fill(0);
  for (const l of lineas) {
    const ms = mesesPeriodo(l.periodo);
    for (const m of ms) {
      necesidad[m] += l.kgObjetivo / ms.length;
      contratado[m] += Math.min(l.contratadoKg, l.kgObjetivo) / ms.length;
    }
  }
  return { necesidad, contratado };
}

/** The year as a bar chart (SVG): each month's need (outline) against what is contracted (filled). */
export function GraficoAnual({ lineas, anio }: { lineas: Linea[]; anio: number }) {
  const { necesidad, contratado } = porMes(lineas);
  const max = Math.max(1, ...necesidad, ...contratado);
  const W = 360;
  const H = 160;
  const bw = W / 12;
  const y = (v: number) => H - 20 - (v / max) * (H - 30);
  return (
    <figure className="card p-4">
      <figcaption className="mb-2 font-semibold">Necesidad y contratado por mes, {anio}</figcaption>
      <svg viewBox={`0 0 ${W} ${H}`} className="w-full" role="img" aria-labelledby="grafico-desc">
        <desc id="grafico-desc">
          {MESES.map(
            (m, i) =>
              `${m}: necesidad ${formatNumber(necesidad[i], 0, 0)} kg, contratado ${formatNumber(contratado[i], 0, 0)} kg`,
          ).join('; ')}
        </desc>
        {MESES.map((m, i) => (
          <g key={m}>
            <rect
              x={i * bw + 4}
              y={y(necesidad[i])}
              width={bw - 8}
              height={H - 20 - y(necesidad[i])}
              className="fill-none stroke-gray-500 dark:stroke-gray-400"
              strokeDasharray="3 2"
            />
            <rect
              x={i * bw + 4}
              y={y(contratado[i])}
              width={bw - 8}
              height={H - 20 - y(contratado[i])}
              className="fill-emerald-600 dark:fill-emerald-400"
            />
            <text
              x={i * bw + bw / 2}
              y={H - 6}
              textAnchor="middle"
              className="fill-gray-700 text-[9px] dark:fill-gray-300"
            >
              {m}
            </text>
          </g>
        ))}
      </svg>
      <p className="mt-1 flex gap-4 text-xs text-gray-700 dark:text-gray-300">
        <span>
          <span className="mr-1 inline-block size-3 border border-dashed border-gray-500 align-middle" /> Necesidad
        </span>
        <span>
          <span className="mr-1 inline-block size-3 bg-emerald-600 align-middle dark:bg-emerald-400" /> Contratado
        </span>
      </p>
    </figure>
  );
}
