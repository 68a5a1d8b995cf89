import { Link, useSearchParams } from 'react-router';
import {
  ORDEN_CLIENTES,
  formatoImporte,
  formatoKg,
  type Cliente,
  type OrdenClientes,
} from '../../../contract/facturas';
import { paisName } from '../../../contract/lotes-codes';
import { TIPO_COMPRADOR_LABELS, type TipoComprador } from '../../../contract/perfiles-codes';
import { ErrorRetry } from '../../components/ui/error-retry';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { DownloadPdf, EstadoFactura } from '../../components/factura-parts';
import { useCliente, useClientes } from './api';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.productor.clientes;

const valor = (c: Pick<Cliente, 'valor'>) =>
  c.valor.length === 0 ? '—' : c.valor.map((v) => formatoImporte(v.centavos, v.moneda)).join(' · ');

const tipoYPais = (c: Pick<Cliente, 'tipoComprador' | 'pais'>) =>
  [
    c.tipoComprador ? (TIPO_COMPRADOR_LABELS[c.tipoComprador as TipoComprador] ?? c.tipoComprador) : null,
    c.pais ? paisName(c.pais) : null,
  ]
    .filter(Boolean)
    .join(' · ');

const COLUMNAS: { orden: OrdenClientes; titulo: string; derecha?: boolean }[] = [
  { orden: 'empresa', titulo: 'Cliente' },
  { orden: 'primerContacto', titulo: 'Primer contacto' },
  { orden: 'muestras', titulo: 'Muestras', derecha: true },
  { orden: 'puntajeMedio', titulo: 'Puntaje medio', derecha: true },
  { orden: 'pedidos', titulo: 'Pedidos', derecha: true },
  { orden: 'kg', titulo: 'Kg', derecha: true },
  { orden: 'valor', titulo: 'Valor', derecha: true },
  { orden: 'ultimaCompra', titulo: 'Última compra' },
];

/** /Dashboard/productor/comunidad/clientes: the buyers who asked for his samples or bought, sortable and searchable. */
export function ClientesPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const orden = (ORDEN_CLIENTES as readonly string[]).includes(params.get('orden') ?? '')
    ? (params.get('orden') as OrdenClientes)
    : 'primerContacto';
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const { data, isPending, isError, error, refetch } = useClientes(q, orden, dir);
  const set = (cambios: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(cambios)) {
      if (v) next.set(k, v);
      else next.delete(k);
    }
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Clientes</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Cada comprador que pidió una muestra de tus lotes o te compró: cuánto ha catado, qué puntaje te da y cuánto te
        ha comprado.
      </p>
      <div className="max-w-sm">
        <label htmlFor="buscar-cliente" className="label">
          Buscar
        </label>
        <input
          id="buscar-cliente"
          type="search"
          className="input"
          placeholder="Empresa, país o tipo"
          value={q}
          onChange={(e) => set({ q: e.target.value })}
        />
      </div>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.clientes.length === 0 && (
        <p className="card p-6 text-gray-700 dark:text-gray-300">
          {q
            ? 'Ningún cliente coincide con la búsqueda.'
            : 'Aún no tienes clientes. Aparecerán aquí cuando alguien pida una muestra de tus lotes o te compre.'}
        </p>
      )}
      {data && data.clientes.length > 0 && (
        <div className="card relative overflow-x-auto">
          <table className="w-full min-w-[52rem] text-sm">
            <caption className="sr-only">
              Clientes, ordenados por {COLUMNAS.find((c) => c.orden === orden)?.titulo}
            </caption>
            <thead className="border-b border-gray-200 text-left text-gray-600 dark:border-gray-800 dark:text-gray-400">
              <tr>
                {COLUMNAS.map((c) => {
                  const activa = c.orden === orden;
                  return (
                    <th
                      key={c.orden}
                      scope="col"
                      className={`p-3 font-medium ${c.derecha ? 'text-right' : ''}`}
                      aria-sort={activa ? (dir === 'asc' ? 'ascending' : 'descending') : undefined}
                    >
                      <button
                        type="button"
                        className="inline-flex items-center gap-1 hover:underline"
                        onClick={() => set({ orden: c.orden, dir: activa && dir === 'desc' ? 'asc' : 'desc' })}
                      >
                        {c.titulo}
                        <span aria-hidden>{activa ? (dir === 'asc' ? '▲' : '▼') : ''}</span>
                      </button>
                    </th>
                  );
                })}
              </tr>
            </thead>
            <tbody>
              {data.clientes.map((c) => (
                <tr
                  key={c.compradorId}
                  className="border-b border-gray-100 align-top last:border-0 dark:border-gray-800"
                >
                  <td className="p-3">
                    <Link to={PAGINAS.productor.cliente(c.compradorId)} className="font-medium hover:underline">
                      {c.empresa}
                    </Link>
                    <p className="text-xs text-gray-600 dark:text-gray-400">{tipoYPais(c)}</p>
                  </td>
                  <td className="p-3 whitespace-nowrap">{formatDate(c.primerContacto)}</td>
                  <td className="p-3 text-right tabular-nums">
                    {c.muestras}
                    {c.catas > 0 && (
                      <span className="block text-xs text-gray-600 dark:text-gray-400">{c.catas} catadas</span>
                    )}
                  </td>
                  <td className="p-3 text-right tabular-nums">{c.puntajeMedio?.toLocaleString('es-ES') ?? '—'}</td>
                  <td className="p-3 text-right tabular-nums">{c.pedidos}</td>
                  <td className="p-3 text-right whitespace-nowrap tabular-nums">
                    {c.gramos ? formatoKg(c.gramos) : '—'}
                  </td>
                  <td className="p-3 text-right whitespace-nowrap tabular-nums">{valor(c)}</td>
                  <td className="p-3 whitespace-nowrap">{c.ultimaCompra ? formatDate(c.ultimaCompra) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** /Dashboard/productor/comunidad/clientes/:compradorId: one buyer's history with the producer. */
export function ClientePage({ compradorId }: { compradorId: string }) {
  const { data, isPending, isError, error, refetch } = useCliente(compradorId);
  if (isPending) return <div className="card h-40 animate-pulse" aria-hidden />;
  if (isError) return <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />;
  const c = data.cliente;
  const cifras: [string, string][] = [
    ['Primer contacto', formatDate(c.primerContacto)],
    ['Muestras', String(c.muestras)],
    ['Catas', String(c.catas)],
    ['Puntaje medio', c.puntajeMedio?.toLocaleString('es-ES') ?? '—'],
    ['Pedidos', String(c.pedidos)],
    ['Kg comprados', c.gramos ? formatoKg(c.gramos) : '—'],
    ['Valor', valor(c)],
    ['Última compra', c.ultimaCompra ? formatDate(c.ultimaCompra) : '—'],
  ];
  return (
    <div className="space-y-6">
      <Link to={BASE} className="text-sm underline">
        ← Clientes
      </Link>
      <div>
        <h1 className="text-2xl font-semibold">{c.empresa}</h1>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          {[c.nombre, tipoYPais(c)].filter(Boolean).join(' · ')}
        </p>
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        {cifras.map(([k, v]) => (
          <div key={k} className="card p-3">
            <dt className="text-xs text-gray-600 dark:text-gray-400">{k}</dt>
            <dd className="font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="historial" className="space-y-2">
        <h2 id="historial" className="text-xl font-semibold">
          Historial
        </h2>
        <ol className="space-y-2">
          {data.historial.map((h) => (
            <li key={`${h.tipo}-${h.id}`} className="card flex flex-wrap items-baseline justify-between gap-2 p-3">
              <div>
                <p className="font-medium">
                  {h.tipo === 'muestra' ? (
                    <Link to={PAGINAS.productor.pedidosMuestras(h.id)} className="hover:underline">
                      {h.titulo}
                    </Link>
                  ) : (
                    <Link to={PAGINAS.productor.ventasPedidos(h.id)} className="hover:underline">
                      {h.titulo}
                    </Link>
                  )}
                </p>
                <p className="text-xs text-gray-600 dark:text-gray-400">
                  {formatDate(h.fecha)} · {h.estado}
                  {h.puntaje !== null && ` · ${h.puntaje.toLocaleString('es-ES')} puntos`}
                </p>
              </div>
              {h.centavos !== null && h.moneda && (
                <p className="text-sm tabular-nums">
                  {h.gramos ? `${formatoKg(h.gramos)} kg · ` : ''}
                  {formatoImporte(h.centavos, h.moneda)}
                </p>
              )}
            </li>
          ))}
        </ol>
      </section>
      {data.facturas.length > 0 && (
        <section aria-labelledby="facturas-cliente" className="space-y-2">
          <h2 id="facturas-cliente" className="text-xl font-semibold">
            Facturas
          </h2>
          <ul className="space-y-2">
            {data.facturas.map((f) => (
              <li key={f.id} className="card flex flex-wrap items-center justify-between gap-2 p-3">
                <span>
                  <span className="font-medium">{f.numero}</span> · {formatDate(f.fechaEmision)} ·{' '}
                  {formatoImporte(f.totalCentavos, f.moneda)}
                </span>
                <span className="flex items-center gap-2">
                  <EstadoFactura estado={f.estado} />
                  <DownloadPdf factura={f} />
                </span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
