import { Link } from 'react-router';
import { ESTADO_PEDIDO_LABELS, formatoDinero, type EstadoPedido } from '../../../contract/pedidos';
import type { Resumen } from '../../../contract/operador-answers';
import { useResumen } from './api';
import { ColumnChart } from './charts';
import { filasPedidos, mesLargo, seriesPedidos } from './cifras';
import { Estado, PageTitle, diasTexto } from './ui';
import { PAGINAS } from '../../../contract/paginas';

const B = PAGINAS.operador.inicio;

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

const th = 'px-2 py-1 font-semibold';
const tdc = 'px-2 py-1 border-t border-gray-100 dark:border-gray-800';
const kg = (n: number) => `${new Intl.NumberFormat('es-ES', { maximumFractionDigits: 0 }).format(n)} kg`;

/** Every month's orders of one currency by exact state: the value chart's text alternative. */
function TablaPedidos({ c, moneda }: { c: Resumen['cifras']; moneda: string }) {
  const filas = filasPedidos(c, moneda);
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Pedidos en {moneda} por mes y estado</caption>
      <thead>
        <tr>
          <th scope="col" className={th}>
            Mes
          </th>
          <th scope="col" className={th}>
            Estado
          </th>
          <th scope="col" className={`${th} text-right`}>
            Pedidos
          </th>
          <th scope="col" className={`${th} text-right`}>
            Volumen
          </th>
          <th scope="col" className={`${th} text-right`}>
            Valor
          </th>
        </tr>
      </thead>
      <tbody>
        {filas.map((p) => (
          <tr key={`${p.mes}-${p.estado}`}>
            <td className={tdc}>{mesLargo(p.mes)}</td>
            <td className={tdc}>{ESTADO_PEDIDO_LABELS[p.estado as EstadoPedido] ?? p.estado}</td>
            <td className={`${tdc} text-right`}>{p.n}</td>
            <td className={`${tdc} text-right`}>{kg(p.kg)}</td>
            <td className={`${tdc} text-right`}>{formatoDinero(p.valorCentavos, moneda)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TablaMuestras({ c }: { c: Resumen['cifras'] }) {
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Muestras por mes de solicitud</caption>
      <thead>
        <tr>
          {['Mes', 'Solicitadas', 'Enviadas', 'Catadas', 'Tasa de cata'].map((h, i) => (
            <th key={h} scope="col" className={i ? `${th} text-right` : th}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {c.muestras.map((m) => (
          <tr key={m.mes}>
            <th scope="row" className={`${tdc} font-normal`}>
              {mesLargo(m.mes)}
            </th>
            <td className={`${tdc} text-right`}>{m.solicitadas}</td>
            <td className={`${tdc} text-right`}>{m.enviadas}</td>
            <td className={`${tdc} text-right`}>{m.catadas}</td>
            <td className={`${tdc} text-right`}>{m.tasaCata === null ? '—' : `${m.tasaCata} %`}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Cifras({ r }: { r: Resumen }) {
  const c = r.cifras;
  const enviadas = c.muestras.reduce((s, m) => s + m.enviadas, 0);
  const catadas = c.muestras.reduce((s, m) => s + m.catadas, 0);
  return (
    <>
      <Pendientes p={r.pendientes} />
      <section aria-labelledby="cifras-t">
        <h2 id="cifras-t" className="mb-2 text-lg font-semibold">
          Cifras del mercado
        </h2>
        <p className="mb-4 text-sm">
          Los últimos doce meses, de {mesLargo(c.meses[0])} a {mesLargo(c.meses[c.meses.length - 1])}, por mes de
          creación. Lotes activos en el catálogo ahora: <strong>{c.lotesActivos}</strong>.
        </p>
        <h3 className="mb-2 font-semibold">Pedidos</h3>
        {c.monedas.length === 0 && <p className="mb-4 text-sm">Sin pedidos en los últimos doce meses.</p>}
        {c.monedas.map((m) => (
          <div key={m} className="mb-4 grid gap-4 lg:grid-cols-2">
            <ColumnChart
              titulo={`Valor de los pedidos por mes y estado (${m})`}
              meses={c.meses}
              series={seriesPedidos(c, m, 'valorCentavos')}
              apilado
              formato={(n) => formatoDinero(n, m)}
              tabla={<TablaPedidos c={c} moneda={m} />}
            />
            <ColumnChart
              titulo={`Volumen de los pedidos por mes y estado (${m})`}
              meses={c.meses}
              series={seriesPedidos(c, m, 'kg')}
              apilado
              formato={kg}
            />
          </div>
        ))}
        <h3 className="mb-2 font-semibold">Muestras, altas y lotes</h3>
        <p className="mb-2 text-sm">
          Tasa de cata de las muestras enviadas en estos doce meses:{' '}
          <strong>{enviadas ? `${Math.round((catadas / enviadas) * 100)} %` : '—'}</strong> ({catadas} catadas de{' '}
          {enviadas} enviadas).
        </p>
        <div className="grid gap-4 lg:grid-cols-2">
          <ColumnChart
            titulo="Muestras por mes de solicitud: solicitadas, enviadas y catadas"
            meses={c.meses}
            series={[
              { nombre: 'Solicitadas', valores: c.muestras.map((m) => m.solicitadas) },
              { nombre: 'Enviadas', valores: c.muestras.map((m) => m.enviadas) },
              { nombre: 'Catadas', valores: c.muestras.map((m) => m.catadas) },
            ]}
            tabla={<TablaMuestras c={c} />}
          />
          <ColumnChart
            titulo="Altas de compradores y productores por mes"
            meses={c.meses}
            series={[
              { nombre: 'Compradores', valores: c.altas.map((a) => a.compradores) },
              { nombre: 'Productores', valores: c.altas.map((a) => a.productores) },
            ]}
          />
          <ColumnChart
            titulo="Lotes nuevos por mes"
            meses={c.meses}
            series={[{ nombre: 'Lotes nuevos', valores: c.lotesNuevos.map((l) => l.n) }]}
          />
        </div>
      </section>
    </>
  );
}
