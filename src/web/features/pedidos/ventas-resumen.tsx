import { Link } from 'react-router';
import { ESTADOS_PEDIDO, ESTADO_PEDIDO_LABELS, siguientePaso } from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { formatDateTime, formatInt, formatMesYear } from '../../lib/format';
import { ErrorRetry } from '../../components/ui/error-retry';
import { useVentasResumen, type VentasResumen as Resumen } from './api';
import { EstadoPedidoBadge, dinero } from './parts';
import { LoteRetiradoBadge } from '../../components/ui/lote-retirado';
import { PAGINAS } from '../../../contract/paginas';

/** Bags per month as bars (one currency's value in the label); a table gives the same figures to screen readers. */
function PorMes({ porMes }: { porMes: Resumen['porMes'] }) {
  if (!porMes.length) return <p className="text-sm text-gray-600 dark:text-gray-400">Aún no hay ventas que mostrar.</p>;
  const max = Math.max(...porMes.map((m) => m.sacos), 1);
  return (
    <>
      <div className="flex h-40 items-end gap-2" aria-hidden>
        {porMes.map((m) => (
          <div key={`${m.mes}-${m.moneda}`} className="flex flex-1 flex-col items-center gap-1">
            <span className="text-xs tabular-nums">{m.sacos}</span>
            <div
              className="w-full rounded-t bg-primary-600 dark:bg-primary-400"
              style={{ height: `${Math.max(4, (m.sacos / max) * 120)}px` }}
            />
            <span className="text-xs text-gray-600 dark:text-gray-400">{m.mes.slice(5)}</span>
          </div>
        ))}
      </div>
      <table className="mt-3 w-full text-sm">
        <caption className="sr-only">Sacos y valor vendidos por mes</caption>
        <thead>
          <tr className="text-left text-gray-600 dark:text-gray-400">
            <th scope="col">Mes</th>
            <th scope="col" className="text-right">
              Sacos
            </th>
            <th scope="col" className="text-right">
              Valor
            </th>
          </tr>
        </thead>
        <tbody>
          {porMes.map((m) => (
            <tr key={`${m.mes}-${m.moneda}`}>
              <td>{formatMesYear(m.mes)}</td>
              <td className="text-right tabular-nums">{formatInt(m.sacos)}</td>
              <td className="text-right tabular-nums">{dinero(m.valorCentavos, m.moneda)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** /Dashboard/productor/ventas: orders by state, bags and value by month, what needs doing. */
export function VentasResumen() {
  const { data, isPending, isError, error, refetch } = useVentasResumen();
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Ventas</h1>
        <Link to={PAGINAS.productor.ventasPedidos()} className="btn-secondary">
          Ver todos los pedidos
        </Link>
      </div>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && (
        <>
          <section className="card p-4" aria-labelledby="por-estado">
            <h2 id="por-estado" className="mb-3 font-semibold">
              Pedidos por estado
            </h2>
            <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4">
              {ESTADOS_PEDIDO.filter((e) => data.porEstado[e]).map((e) => (
                <li key={e}>
                  <Link
                    to={PAGINAS.productor.ventasPedidos(undefined, e)}
                    className="block rounded-lg border p-3 hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
                  >
                    <span className="block text-2xl font-semibold tabular-nums">{data.porEstado[e]}</span>
                    <span className="text-sm">{ESTADO_PEDIDO_LABELS[e]}</span>
                  </Link>
                </li>
              ))}
            </ul>
            {Object.keys(data.porEstado).length === 0 && (
              <p className="text-sm text-gray-600 dark:text-gray-400">Todavía no has recibido pedidos.</p>
            )}
          </section>
          <section className="card p-4" aria-labelledby="por-mes">
            <h2 id="por-mes" className="mb-3 font-semibold">
              Sacos y valor por mes
            </h2>
            <PorMes porMes={data.porMes} />
          </section>
          <section className="card p-4" aria-labelledby="por-hacer">
            <h2 id="por-hacer" className="mb-3 font-semibold">
              Qué tienes que hacer
            </h2>
            {data.pendientes.length === 0 ? (
              <p className="text-sm text-gray-600 dark:text-gray-400">Nada pendiente por ahora.</p>
            ) : (
              <ul className="space-y-2">
                {data.pendientes.map((p) => (
                  <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                    <Link to={PAGINAS.productor.ventasPedidos(p.id)} className="underline">
                      {p.numero} · {p.lote.nombre} · {p.comprador.empresa ?? p.comprador.nombre}
                    </Link>
                    <LoteRetiradoBadge retirado={p.lote.retirado} />
                    <span className="flex items-center gap-2">
                      {siguientePaso(p.estado, 'productor', p.condicionMuestra) ?? 'Registrar el pago'}
                      {p.venceAt && <> · hasta el {formatDateTime(p.venceAt)}</>}
                      <EstadoPedidoBadge estado={p.estado} />
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </div>
  );
}
