import { Link, useSearchParams } from 'react-router';
import {
  ESTADOS_FACTURA_VISTA,
  ESTADO_FACTURA_LABELS,
  TIPO_FACTURA_LABELS,
  formatoImporte,
} from '../../../contract/facturas';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Pager } from '../../components/ui/pager';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { DescargarPdf, EstadoFactura } from '../../components/factura-parts';
import { useFacturas, type FacturasFiltro } from './api';

/**
 * Invoices with filters in the URL (desde, hasta, estado, productor, tipo), the PDF of each and a link to its
 * order. `rol` fixes the side: a buyer sees what he received; a producer both (his sales, Cereza's commissions).
 */
export function FacturasLista({
  vista,
  pedidoHref,
  titulo = 'Facturas',
}: {
  vista: 'comprador' | 'productor';
  pedidoHref: (pedidoId: string) => string;
  titulo?: string;
}) {
  const [params, setParams] = useSearchParams();
  const filtro: FacturasFiltro = {
    desde: params.get('desde') ?? undefined,
    hasta: params.get('hasta') ?? undefined,
    estado: params.get('estado') ?? undefined,
    productorId: params.get('productor') ?? undefined,
    tipo: params.get('tipo') ?? undefined,
    page: params.get('page') ?? undefined,
  };
  const { data, isPending, isError, error, refetch } = useFacturas(filtro);
  const set = (k: string, v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    if (k !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  const page = Number(filtro.page ?? 1);

  return (
    <section className="space-y-3" aria-labelledby="facturas-titulo">
      <h2 id="facturas-titulo" className="text-xl font-semibold">
        {titulo}
      </h2>
      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-end">
        <div>
          <label className="label" htmlFor="f-desde">
            Desde
          </label>
          <input
            id="f-desde"
            type="date"
            className="input"
            value={filtro.desde ?? ''}
            onChange={(e) => set('desde', e.target.value)}
          />
        </div>
        <div>
          <label className="label" htmlFor="f-hasta">
            Hasta
          </label>
          <input
            id="f-hasta"
            type="date"
            className="input"
            value={filtro.hasta ?? ''}
            onChange={(e) => set('hasta', e.target.value)}
          />
        </div>
        <div>
          <label className="label" htmlFor="f-estado">
            Estado
          </label>
          <select
            id="f-estado"
            className="input"
            value={filtro.estado ?? ''}
            onChange={(e) => set('estado', e.target.value)}
          >
            <option value="">Todos</option>
            {ESTADOS_FACTURA_VISTA.map((e) => (
              <option key={e} value={e}>
                {ESTADO_FACTURA_LABELS[e]}
              </option>
            ))}
          </select>
        </div>
        {vista === 'comprador' ? (
          <div>
            <label className="label" htmlFor="f-productor">
              Productor
            </label>
            <select
              id="f-productor"
              className="input"
              value={filtro.productorId ?? ''}
              onChange={(e) => set('productor', e.target.value)}
            >
              <option value="">Todos</option>
              {data?.productores.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.nombre}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <div>
            <label className="label" htmlFor="f-tipo">
              Tipo
            </label>
            <select
              id="f-tipo"
              className="input"
              value={filtro.tipo ?? ''}
              onChange={(e) => set('tipo', e.target.value)}
            >
              <option value="">Todas</option>
              <option value="VENTA">Mis ventas</option>
              <option value="COMISION">Comisiones de Cereza</option>
              <option value="RECTIFICATIVA">Rectificativas</option>
            </select>
          </div>
        )}
      </div>

      {isPending && <div className="card h-32 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.facturas.length === 0 && (
        <p className="card p-6 text-gray-700 dark:text-gray-300">
          {Object.values(filtro).some(Boolean)
            ? 'No hay facturas con estos filtros.'
            : vista === 'comprador'
              ? 'Aún no tienes facturas. La factura de cada pedido llega cuando el productor lo embarca.'
              : 'Aún no has emitido facturas. Se emiten solas cuando embarcas un pedido.'}
        </p>
      )}
      {data && data.facturas.length > 0 && (
        <div className="card overflow-x-auto">
          <table className="w-full min-w-[40rem] text-sm">
            <caption className="sr-only">{titulo}</caption>
            <thead className="border-b border-gray-200 text-left text-gray-600 dark:border-gray-800 dark:text-gray-400">
              <tr>
                <th scope="col" className="p-3 font-medium">
                  Número
                </th>
                <th scope="col" className="p-3 font-medium">
                  Fecha
                </th>
                <th scope="col" className="p-3 font-medium">
                  {vista === 'comprador' ? 'Productor' : 'Contraparte'}
                </th>
                <th scope="col" className="p-3 text-right font-medium">
                  Total
                </th>
                <th scope="col" className="p-3 font-medium">
                  Estado
                </th>
                <th scope="col" className="p-3 font-medium">
                  <span className="sr-only">Acciones</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.facturas.map((f) => (
                <tr key={f.id} className="border-b border-gray-100 align-top last:border-0 dark:border-gray-800">
                  <td className="p-3">
                    <span className="font-medium">{f.numero}</span>
                    <p className="text-xs text-gray-600 dark:text-gray-400">
                      {TIPO_FACTURA_LABELS[f.tipo]}
                      {f.rectificaNumero ? ` de ${f.rectificaNumero}` : ''}
                    </p>
                  </td>
                  <td className="p-3 whitespace-nowrap">
                    {formatDate(f.fechaEmision)}
                    <p className="text-xs text-gray-600 dark:text-gray-400">Vence {formatDate(f.vencimiento)}</p>
                  </td>
                  <td className="p-3">{f.rol === 'emisor' ? f.receptor.razonSocial : f.emisor.razonSocial}</td>
                  <td className="p-3 text-right whitespace-nowrap tabular-nums">
                    {formatoImporte(f.totalCentavos, f.moneda)}
                  </td>
                  <td className="p-3">
                    <EstadoFactura estado={f.estado} />
                  </td>
                  <td className="p-3">
                    <div className="flex flex-wrap items-center gap-2">
                      <DescargarPdf factura={f} />
                      {f.pedidoId && (
                        <Link to={pedidoHref(f.pedidoId)} className="text-sm underline">
                          Pedido {f.pedidoNumero}
                        </Link>
                      )}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {data && (
        <Pager
          label="Páginas de facturas"
          page={page}
          pagination={data.pagination}
          onPage={(p) => set('page', String(p))}
        />
      )}
    </section>
  );
}
