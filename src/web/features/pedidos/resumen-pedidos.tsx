import { Link } from 'react-router';
import { ESTADO_PEDIDO_LABELS, siguientePaso } from '../../../contract/pedidos';
import { formatDateTime } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { usePedidos, type RolPedido } from './api';
import { EstadoPedidoBadge, dinero } from './parts';
import { LoteRetiradoBadge } from '../../components/ui/lote-retirado';
import { PAGINAS } from '../../../contract/paginas';

const CERRADOS = ['COMPLETADO', 'CANCELADO', 'EXPIRADO'];

/** The dashboard home's orders: the open ones with their next step (buyer: "resumen de compras"). */
export function ResumenPedidos({ rol }: { rol: RolPedido }) {
  const { data } = usePedidos(rol);
  if (!data) return null;
  const abiertos = data.pedidos.filter((p) => !CERRADOS.includes(p.estado));
  const base = rol === 'comprador' ? PAGINAS.comprador.pedidos() : PAGINAS.productor.ventasPedidos();
  const porEstado = new Map<string, number>();
  for (const p of abiertos) porEstado.set(p.estado, (porEstado.get(p.estado) ?? 0) + 1);
  return (
    <section aria-labelledby="resumen-pedidos" className="card p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="resumen-pedidos" className="text-lg font-semibold">
          {rol === 'comprador' ? 'Resumen de compras' : 'Pedidos en curso'}
        </h2>
        <Link to={base} className="text-sm font-medium text-primary-700 hover:underline dark:text-primary-400">
          Ver todos
        </Link>
      </div>
      {abiertos.length === 0 ? (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">
          {rol === 'comprador' ? 'No tienes pedidos en curso.' : 'No tienes pedidos en curso.'}
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
            {[...porEstado.entries()]
              .map(([e, n]) => `${n} ${ESTADO_PEDIDO_LABELS[e as keyof typeof ESTADO_PEDIDO_LABELS].toLowerCase()}`)
              .join(' · ')}
          </p>
          <ul className="mt-3 space-y-2">
            {abiertos.slice(0, 5).map((p) => (
              <li key={p.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
                <Link to={`${base}?pedido=${p.id}`} className="hover:underline">
                  {p.numero} · {p.lote.nombre} · {contar(p.sacos, 'saco')} · {dinero(p.totalCentavos, p.moneda)}
                </Link>
                <LoteRetiradoBadge retirado={p.lote.retirado} />
                <span className="flex items-center gap-2 text-gray-700 dark:text-gray-300">
                  {siguientePaso(p.estado, rol, p.condicionMuestra)}
                  {p.venceAt && <> · {formatDateTime(p.venceAt)}</>}
                  <EstadoPedidoBadge estado={p.estado} />
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
