import { useState } from 'react';
import { formatoDinero } from '../../../contract/pedidos';
import { contar } from '../../lib/palabras';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, useLote, useLotes } from './api';
import { Estado, MotivoForm, PageTitle, SearchBox, Tabla, fecha, td } from './ui';

function Lote({ id }: { id: string }) {
  const q = useLote(id);
  const ocultar = useAccion(OPERADOR_API.ocultarLote, { id });
  const show = useAccion(OPERADOR_API.showLote, { id });
  return (
    <Estado q={q}>
      {q.data && (
        <section aria-labelledby="lote-t" className="card mt-4 p-4">
          <h2 id="lote-t" className="text-xl font-semibold">
            {q.data.nombre} ({q.data.codigo})
          </h2>
          <p className="text-sm">
            {q.data.productor ?? '—'} · {q.data.status} · {contar(q.data.sacosDisponibles, 'saco')} (
            {q.data.sacosReservados} {q.data.sacosReservados === 1 ? 'reservado' : 'reservados'})
          </p>
          {q.data.motivoOcultoOperador && (
            <p className="mt-1 text-sm">Oculto por un operador: {q.data.motivoOcultoOperador}</p>
          )}
          <h3 className="mt-3 font-semibold">Pedidos</h3>
          <ul className="text-sm">
            {q.data.pedidos.map((p) => (
              <li key={p.id}>
                {p.numero} · {p.estado} · {contar(p.sacos, 'saco')} · {formatoDinero(p.totalCentavos, p.moneda)}
              </li>
            ))}
            {!q.data.pedidos.length && <li>Sin pedidos.</li>}
          </ul>
          <h3 className="mt-3 font-semibold">Historial</h3>
          <ol className="text-sm">
            {q.data.historial.map((e, i) => (
              <li key={i}>
                {fecha(e.createdAt)} · {e.accion} ({e.desde ?? '—'} → {e.hacia}) · {e.actorRol}
              </li>
            ))}
            {!q.data.historial.length && <li>Sin movimientos del laboratorio.</li>}
          </ol>
          {q.data.motivoOcultoOperador ? (
            <MotivoForm
              label="Motivo para volver a publicarlo"
              boton="Mostrar lote"
              onSubmit={(motivo) => show.mutateAsync({ motivo })}
            />
          ) : (
            <MotivoForm
              label="Motivo (lo verá el productor)"
              boton="Ocultar lote"
              danger
              onSubmit={(motivo) => ocultar.mutateAsync({ motivo })}
            />
          )}
        </section>
      )}
    </Estado>
  );
}

/** Lotes: any lot, hidden or not; hide with a reason the producer sees, unhide, its trade history. */
export function LotesPage() {
  const [texto, setTexto] = useState('');
  const [id, setId] = useState<string | null>(null);
  const q = useLotes(texto);
  return (
    <div>
      <PageTitle intro="Todos los lotes, publicados u ocultos.">Lotes</PageTitle>
      <SearchBox label="Buscar lotes por nombre, código o productor" onSearch={setTexto} />
      <Estado q={q}>
        <Tabla caption="Lotes" head={['Lote', 'Productor', 'Estado', 'Visibilidad', '']}>
          {q.data?.map((l) => (
            <tr key={l.id}>
              <td className={td}>
                {l.nombre} <span className="text-gray-600 dark:text-gray-400">({l.codigo})</span>
              </td>
              <td className={td}>{l.productor ?? '—'}</td>
              <td className={td}>{l.status}</td>
              <td className={td}>
                {l.motivoOcultoOperador ? 'Oculto por operador' : l.ocultar ? 'Oculto' : 'Publicado'}
              </td>
              <td className={td}>
                <button type="button" className="btn-secondary" onClick={() => setId(l.id)}>
                  Ver lote<span className="sr-only"> {l.nombre}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
      </Estado>
      {id && <Lote id={id} />}
    </div>
  );
}
