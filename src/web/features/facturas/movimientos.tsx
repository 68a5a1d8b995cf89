import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  TIPOS_MOVIMIENTO,
  TIPO_MOVIMIENTO_LABELS,
  formatoImporte,
  type MovimientosResponse,
} from '../../../contract/facturas';
import { ErrorRetry } from '../../components/ui/error-retry';
import { DateFilter, SelectFilter } from '../../components/ui/filter-controls';
import { Pager } from '../../components/ui/pager';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { csvDeMovimientos, useMovimientos, type MovimientosFiltro } from './api';

type Evolucion = MovimientosResponse['data']['evolucion'];

/** A small line chart of the balance over time (one currency), drawn as SVG with a text summary for readers. */
export function GraficoSaldo({ puntos, moneda }: { puntos: Evolucion; moneda: string }) {
  const serie = puntos.filter((p) => p.moneda === moneda);
  if (serie.length < 2) return null;
  const W = 320;
  const H = 96;
  const valores = serie.map((p) => p.saldoCentavos);
  const min = Math.min(0, ...valores);
  const max = Math.max(0, ...valores);
  const rango = max - min || 1;
  const x = (i: number) => 4 + (i * (W - 8)) / (serie.length - 1);
  const y = (v: number) => 4 + ((max - v) * (H - 8)) / rango;
  const d = serie.map((p, i) => `${i ? 'L' : 'M'}${x(i).toFixed(1)},${y(p.saldoCentavos).toFixed(1)}`).join(' ');
  const primero = serie[0];
  const ultimo = serie[serie.length - 1];
  const resumen = `Saldo en ${moneda}: de ${formatoImporte(primero.saldoCentavos, moneda)} el ${formatDate(primero.fecha)} a ${formatoImporte(ultimo.saldoCentavos, moneda)} el ${formatDate(ultimo.fecha)}.`;
  return (
    <figure className="card p-3">
      <svg viewBox={`0 0 ${W} ${H}`} className="h-24 w-full" role="img" aria-label={resumen} preserveAspectRatio="none">
        <line
          x1="0"
          x2={W}
          y1={y(0)}
          y2={y(0)}
          className="stroke-gray-300 dark:stroke-gray-700"
          strokeDasharray="4 4"
        />
        <path
          d={d}
          fill="none"
          className="stroke-primary-700 dark:stroke-primary-400"
          strokeWidth="2"
          vectorEffect="non-scaling-stroke"
        />
      </svg>
      <figcaption className="mt-1 text-xs text-gray-600 dark:text-gray-400">{resumen}</figcaption>
    </figure>
  );
}

/**
 * The account's ledger (TRADE.md `Movimiento`): filters by date and type in the URL, totals of the filtered
 * movements, the balance, its evolution and the CSV export. `explicacion` says what the balance means for the role.
 */
export function Movimientos({
  explicacion,
  pedidoHref,
  titulo = 'Movimientos de cuenta',
}: {
  explicacion: string;
  pedidoHref?: (pedidoId: string) => string;
  titulo?: string;
}) {
  const [params, setParams] = useSearchParams();
  const filtro: MovimientosFiltro = {
    desde: params.get('mdesde') ?? undefined,
    hasta: params.get('mhasta') ?? undefined,
    tipo: params.get('mtipo') ?? undefined,
    page: params.get('mpage') ?? undefined,
  };
  const { data, isPending, isError, error, refetch } = useMovimientos(filtro);
  const [exportando, setExportando] = useState(false);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'mpage') next.delete('mpage');
    setParams(next, { replace: true });
  };

  return (
    <section className="space-y-3" aria-labelledby="movimientos-titulo">
      <h2 id="movimientos-titulo" className="text-xl font-semibold">
        {titulo}
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">{explicacion}</p>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <DateFilter id="m-desde" label="Desde" value={filtro.desde} onChange={(v) => set('mdesde', v)} />
        <DateFilter id="m-hasta" label="Hasta" value={filtro.hasta} onChange={(v) => set('mhasta', v)} />
        <SelectFilter
          id="m-tipo"
          label="Tipo"
          value={filtro.tipo}
          onChange={(v) => set('mtipo', v)}
          todos="Todos"
          options={TIPOS_MOVIMIENTO.map((t) => ({ value: t, label: TIPO_MOVIMIENTO_LABELS[t] }))}
        />
        <button
          type="button"
          className="btn-secondary"
          disabled={exportando}
          onClick={() => {
            setExportando(true);
            csvDeMovimientos(filtro)
              .catch((e: unknown) => toast.error(errorMessage(e)))
              .finally(() => setExportando(false));
          }}
        >
          {exportando ? 'Exportando…' : 'Exportar CSV'}
        </button>
      </div>

      {isPending && <div className="card h-32 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <div className="card p-4">
              <h3 className="text-sm font-medium text-gray-600 dark:text-gray-400">Saldo</h3>
              {data.saldos.length === 0 ? (
                <p className="text-2xl font-semibold tabular-nums">0,00</p>
              ) : (
                data.saldos.map((s) => (
                  <p key={s.moneda} className="text-2xl font-semibold tabular-nums" data-testid={`saldo-${s.moneda}`}>
                    {formatoImporte(s.saldoCentavos, s.moneda)}
                  </p>
                ))
              )}
            </div>
            <div className="card p-4">
              <h3 className="text-sm font-medium text-gray-600 dark:text-gray-400">Totales del periodo</h3>
              {data.totales.length === 0 ? (
                <p className="text-sm">Sin movimientos.</p>
              ) : (
                <dl className="grid grid-cols-[1fr_auto] gap-x-4 text-sm">
                  {data.totales.map((t) => (
                    <div key={`${t.tipo}-${t.moneda}`} className="contents">
                      <dt>{TIPO_MOVIMIENTO_LABELS[t.tipo]}</dt>
                      <dd className="text-right tabular-nums">{formatoImporte(t.importeCentavos, t.moneda)}</dd>
                    </div>
                  ))}
                </dl>
              )}
            </div>
          </div>
          {data.saldos.map((s) => (
            <GraficoSaldo key={s.moneda} puntos={data.evolucion} moneda={s.moneda} />
          ))}
          {data.movimientos.length === 0 ? (
            <p className="card p-6 text-gray-700 dark:text-gray-300">No hay movimientos en este periodo.</p>
          ) : (
            <div className="card relative overflow-x-auto">
              <table className="w-full min-w-[40rem] text-sm">
                <caption className="sr-only">{titulo}</caption>
                <thead className="border-b border-gray-200 text-left text-gray-600 dark:border-gray-800 dark:text-gray-400">
                  <tr>
                    <th scope="col" className="p-3 font-medium">
                      Fecha
                    </th>
                    <th scope="col" className="p-3 font-medium">
                      Concepto
                    </th>
                    <th scope="col" className="p-3 text-right font-medium">
                      Importe
                    </th>
                    <th scope="col" className="p-3 text-right font-medium">
                      Saldo
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {data.movimientos.map((m) => (
                    <tr key={m.id} className="border-b border-gray-100 align-top last:border-0 dark:border-gray-800">
                      <td className="p-3 whitespace-nowrap">{formatDate(m.createdAt)}</td>
                      <td className="p-3">
                        <span className="mr-2 rounded bg-gray-100 px-1.5 py-0.5 text-xs font-semibold dark:bg-gray-800">
                          {TIPO_MOVIMIENTO_LABELS[m.tipo]}
                        </span>
                        {m.concepto}
                        {m.pedidoId && m.pedidoNumero && pedidoHref && (
                          <>
                            {' · '}
                            <Link to={pedidoHref(m.pedidoId)} className="underline">
                              {m.pedidoNumero}
                            </Link>
                          </>
                        )}
                      </td>
                      <td
                        className={`p-3 text-right whitespace-nowrap tabular-nums ${m.importeCentavos < 0 ? 'text-red-800 dark:text-red-300' : ''}`}
                      >
                        {formatoImporte(m.importeCentavos, m.moneda)}
                      </td>
                      <td className="p-3 text-right whitespace-nowrap tabular-nums">
                        {formatoImporte(m.saldoCentavos, m.moneda)}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <Pager
            label="Páginas de movimientos"
            page={Number(filtro.page ?? 1)}
            pagination={data.pagination}
            onPage={(p) => set('mpage', String(p))}
          />
        </>
      )}
    </section>
  );
}
