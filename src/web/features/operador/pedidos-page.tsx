import { useId, useState } from 'react';
import {
  ESTADO_PEDIDO_LABELS,
  ESTADOS_CON_RESERVA,
  ESTADOS_PEDIDO,
  formatoDinero,
  type EstadoPedido,
} from '../../../contract/pedidos';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, usePedido, usePedidos } from './api';
import { contar } from '../../lib/palabras';
import { Estado, MotivoForm, PageTitle, SearchBox, Tabla, fecha, td } from './ui';

const CANCELABLES: readonly string[] = [...ESTADOS_CON_RESERVA, 'EN_RECLAMO'];

function Pedido({ id }: { id: string }) {
  const q = usePedido(id);
  const cancelar = useAccion(OPERADOR_API.cancelarPedido, { id });
  return (
    <Estado q={q}>
      {q.data && (
        <section aria-labelledby="ped-t" className="card mt-4 p-4">
          <h2 id="ped-t" className="text-xl font-semibold">
            Pedido {q.data.numero}
          </h2>
          <p className="text-sm">
            {q.data.comprador} → {q.data.productor} · {contar(q.data.sacos, 'saco')} ·{' '}
            {formatoDinero(q.data.totalCentavos, q.data.moneda)} ·{' '}
            {ESTADO_PEDIDO_LABELS[q.data.estado as EstadoPedido] ?? q.data.estado}
          </p>
          <ol className="mt-2 text-sm" aria-label="Historial del pedido">
            {q.data.historial.map((e, i) => (
              <li key={i}>
                {fecha(e.createdAt)} · {e.accion} ({e.desde ?? '—'} → {e.hacia}) · {e.actorRol}
              </li>
            ))}
          </ol>
          {CANCELABLES.includes(q.data.estado) && (
            <MotivoForm
              label="Motivo de la cancelación (lo verán ambas partes)"
              boton="Cancelar pedido"
              danger
              onSubmit={(motivo) => cancelar.mutateAsync({ motivo })}
            />
          )}
        </section>
      )}
    </Estado>
  );
}

/** Pedidos: any order; the operator's cancellation where the contract allows it. */
export function PedidosPage() {
  const [texto, setTexto] = useState('');
  const [estado, setEstado] = useState<EstadoPedido | ''>('');
  const [id, setId] = useState<string | null>(null);
  const q = usePedidos(texto, estado);
  const filtro = useId();
  return (
    <div>
      <PageTitle>Pedidos</PageTitle>
      <SearchBox label="Buscar por número, comprador, productor o lote" onSearch={setTexto} />
      <div className="mb-3">
        <label htmlFor={filtro} className="mr-2 text-sm font-medium">
          Estado
        </label>
        <select
          id={filtro}
          className="input"
          value={estado}
          onChange={(e) => setEstado(e.target.value as EstadoPedido | '')}
        >
          <option value="">Todos</option>
          {ESTADOS_PEDIDO.map((e) => (
            <option key={e} value={e}>
              {ESTADO_PEDIDO_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      <Estado q={q}>
        <Tabla caption="Pedidos" head={['Número', 'Comprador', 'Productor', 'Estado', 'Total', '']}>
          {q.data?.map((p) => (
            <tr key={p.id}>
              <td className={td}>{p.numero}</td>
              <td className={td}>{p.comprador}</td>
              <td className={td}>{p.productor}</td>
              <td className={td}>{ESTADO_PEDIDO_LABELS[p.estado as EstadoPedido] ?? p.estado}</td>
              <td className={td}>{formatoDinero(p.totalCentavos, p.moneda)}</td>
              <td className={td}>
                <button type="button" className="btn-secondary" onClick={() => setId(p.id)}>
                  Ver<span className="sr-only"> el pedido {p.numero}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
      </Estado>
      {id && <Pedido id={id} />}
    </div>
  );
}
