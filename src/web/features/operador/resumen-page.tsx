import { Link } from 'react-router';
import { ESTADO_PEDIDO_LABELS, formatoDinero, type EstadoPedido } from '../../../contract/pedidos';
import { useResumen, type Resumen } from './api';
import { BarChart, Estado, PageTitle, diasTexto } from './ui';

const B = '/Dashboard/operador';

function Pendientes({ p }: { p: Resumen['pendientes'] }) {
  const items = [
    { to: `${B}/reclamos`, titulo: 'Reclamos abiertos', n: p.reclamos.n, dias: p.reclamos.diasMasAntiguo },
    { to: `${B}/reportes`, titulo: 'Reportes sin responder', n: p.reportes.n, dias: p.reportes.diasMasAntiguo },
    {
      to: `${B}/laboratorio`,
      titulo: 'Lotes esperando al laboratorio',
      n: p.laboratorio.n,
      dias: p.laboratorio.diasMasAntiguo,
    },
    {
      to: `${B}/verificaciones`,
      titulo: 'Productores esperando verificación',
      n: p.verificaciones.n,
      dias: p.verificaciones.diasMasAntiguo,
    },
    { to: `${B}/pedidos`, titulo: 'Pagos vencidos', n: p.pagosVencidos.n, dias: undefined },
  ];
  return (
    <section aria-labelledby="pend-t" className="mb-6">
      <h2 id="pend-t" className="mb-2 text-lg font-semibold">
        Lo que necesita a una persona ahora
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {items.map((i) => (
          <li key={i.titulo} className="card p-4">
            <Link
              to={i.to}
              className="font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-400"
            >
              {i.titulo}
            </Link>
            <p className="mt-1 text-3xl font-semibold">{i.n}</p>
            {i.dias !== undefined && i.n > 0 && (
              <p className="text-sm text-gray-700 dark:text-gray-300">El más antiguo: {diasTexto(i.dias)}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** /Dashboard/operador: what needs a person now, and the marketplace's figures by month and currency. */
export function ResumenPage() {
  const q = useResumen();
  return (
    <div>
      <PageTitle intro="Los pendientes de hoy y las cifras del mercado de los últimos doce meses.">Resumen</PageTitle>
      <Estado q={q}>{q.data && <Cifras r={q.data} />}</Estado>
    </div>
  );
}

function Cifras({ r }: { r: Resumen }) {
  const monedas = [...new Set(r.cifras.pedidos.map((p) => p.moneda))];
  const porEstado = new Map<string, number>();
  for (const p of r.cifras.pedidos) porEstado.set(p.estado, (porEstado.get(p.estado) ?? 0) + p.n);
  return (
    <>
      <Pendientes p={r.pendientes} />
      <section aria-labelledby="cifras-t">
        <h2 id="cifras-t" className="mb-2 text-lg font-semibold">
          Cifras del mercado
        </h2>
        <p className="mb-3 text-sm">
          Lotes activos en el catálogo: <strong>{r.cifras.lotesActivos}</strong>
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          {monedas.map((m) => {
            const meses = new Map<string, number>();
            for (const p of r.cifras.pedidos.filter((x) => x.moneda === m))
              meses.set(p.mes, (meses.get(p.mes) ?? 0) + p.valorCentavos);
            return (
              <BarChart
                key={m}
                titulo={`Valor de los pedidos por mes (${m})`}
                datos={[...meses].map(([mes, v]) => ({ etiqueta: mes, valor: v }))}
                formato={(n) => formatoDinero(n, m)}
              />
            );
          })}
          <BarChart
            titulo="Pedidos por estado"
            datos={[...porEstado].map(([estado, n]) => ({
              etiqueta: ESTADO_PEDIDO_LABELS[estado as EstadoPedido] ?? estado,
              valor: n,
            }))}
          />
          <BarChart
            titulo="Tasa de cata de muestras enviadas por mes (%)"
            datos={r.cifras.muestras.map((m) => ({ etiqueta: m.mes, valor: m.tasaCata ?? 0 }))}
            formato={(n) => `${n} %`}
          />
          <BarChart
            titulo="Altas de compradores y productores por mes"
            datos={r.cifras.altas.map((a) => ({ etiqueta: a.mes, valor: a.compradores + a.productores }))}
          />
        </div>
        <details className="mt-4">
          <summary className="cursor-pointer font-medium">Muestras por mes (tabla)</summary>
          <table className="mt-2 text-sm">
            <thead>
              <tr>
                <th scope="col" className="px-2 text-left">
                  Mes
                </th>
                <th scope="col" className="px-2 text-right">
                  Solicitadas
                </th>
                <th scope="col" className="px-2 text-right">
                  Enviadas
                </th>
                <th scope="col" className="px-2 text-right">
                  Catadas
                </th>
              </tr>
            </thead>
            <tbody>
              {r.cifras.muestras.map((m) => (
                <tr key={m.mes}>
                  <td className="px-2">{m.mes}</td>
                  <td className="px-2 text-right">{m.solicitadas}</td>
                  <td className="px-2 text-right">{m.enviadas}</td>
                  <td className="px-2 text-right">{m.catadas}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
    </>
  );
}
