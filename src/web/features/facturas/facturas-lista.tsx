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
import { DownloadPdf, EstadoFactura } from '../../components/factura-parts';
import { DateFilter, SelectFilter } from '../../components/ui/filter-controls';
import { useFacturas, type FacturasFiltro } from './api';

/** A producer's invoice types, as he reads them. */
const TIPOS_PROPIOS = [
  { value: 'VENTA', label: 'Mis ventas' },
  { value: 'COMISION', label: 'Comisiones de Cereza' },
  { value: 'RECTIFICATIVA', label: 'Rectificativas' },
] as const;

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
        <DateFilter id="f-desde" label="Desde" value={filtro.desde} onChange={(v) => set('desde', v)} />
        <DateFilter id="f-hasta" label="Hasta" value={filtro.hasta} onChange={(v) => set('hasta', v)} />
        <SelectFilter
          id="f-estado"
          label="Estado"
          value={filtro.estado}
          onChange={(v) => set('estado', v)}
          todos="Todos"
          options={ESTADOS_FACTURA_VISTA.map((e) => ({ value: e, label: ESTADO_FACTURA_LABELS[e] }))}
        />
        {vista === 'comprador' ? (
          <SelectFilter
            id="f-productor"
            label="Productor"
            value={filtro.productorId}
            onChange={(v) => set('productor', v)}
            todos="Todos"
            options={(data?.productores ?? []).map((p) => ({ value: p.id, label: p.nombre }))}
          />
        ) : (
          <SelectFilter
            id="f-tipo"
            label="Tipo"
            value={filtro.tipo}
            onChange={(v) => set('tipo', v)}
            todos="Todas"
            options={TIPOS_PROPIOS}
          />
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
        <div className="card relative overflow-x-auto">
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
                      <DownloadPdf factura={f} />
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
