import { FacturasLista } from '../../features/facturas/facturas-lista';
import { Movimientos } from '../../features/facturas/movimientos';
import { CobrosYLiquidaciones } from '../../features/liquidaciones/cobros';
import { usePageMeta } from '../../lib/page-meta';
import { PAGINAS } from '../../../contract/paginas';

const pedidoHref = (id: string) => PAGINAS.productor.ventasPedidos(id);

/**
 * /Dashboard/productor/informacion/movimientos: what Cereza owes him and its payouts (issue 29), the producer's ledger (sales invoiced, payments received,
 * Cereza's commission, credit notes) and, below, the invoices he issued and Cereza's commission invoices to him.
 */
export function Component() {
  usePageMeta({ title: 'Movimientos' });
  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-semibold">Movimientos</h1>
      <CobrosYLiquidaciones pedidoHref={pedidoHref} />
      <Movimientos
        pedidoHref={pedidoHref}
        explicacion="El saldo es lo que te deben: cada factura de venta lo sube; los cobros, las transferencias de Cereza (liquidaciones), sus comisiones y los abonos lo bajan."
      />
      <FacturasLista vista="productor" pedidoHref={pedidoHref} titulo="Facturas emitidas y comisiones de Cereza" />
    </div>
  );
}
