import { Link, useSearchParams } from 'react-router';
import { FacturasLista } from '../../features/facturas/facturas-lista';
import { Movimientos } from '../../features/facturas/movimientos';
import { usePageMeta } from '../../lib/page-meta';
import { PAGINAS } from '../../../contract/paginas';

const BASE = PAGINAS.comprador.facturas;
const pedidoHref = (id: string) => PAGINAS.comprador.pedidos(id);

/** /Dashboard/comprador/facturas: the invoices received, and the buyer's ledger (what he owes and paid). */
export function Component() {
  usePageMeta({ title: 'Facturas' });
  const [params] = useSearchParams();
  const vista = params.get('vista') === 'movimientos' ? 'movimientos' : 'facturas';
  const tab = (activa: boolean) =>
    `border-b-2 px-3 py-2 text-sm font-semibold ${activa ? 'border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300' : 'border-transparent text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100'}`;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Facturas</h1>
      <nav aria-label="Secciones de facturas" className="flex gap-2 border-b border-gray-200 dark:border-gray-800">
        <Link to={BASE} className={tab(vista === 'facturas')} aria-current={vista === 'facturas' ? 'page' : undefined}>
          Facturas
        </Link>
        <Link
          to={`${BASE}?vista=movimientos`}
          className={tab(vista === 'movimientos')}
          aria-current={vista === 'movimientos' ? 'page' : undefined}
        >
          Movimientos de cuenta
        </Link>
      </nav>
      {vista === 'facturas' ? (
        <FacturasLista vista="comprador" pedidoHref={pedidoHref} titulo="Facturas recibidas" />
      ) : (
        <Movimientos
          pedidoHref={pedidoHref}
          explicacion="El saldo es lo que debes a tus productores: cada factura lo sube; cada pago y cada abono lo bajan."
        />
      )}
    </div>
  );
}
