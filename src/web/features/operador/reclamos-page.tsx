import { useId, useState } from 'react';
import { formatoDinero } from '../../../contract/pedidos';
import { ApiError } from '../../lib/api';
import { NumeroInput } from '../../components/ui/numero-input';
import { leerNumero } from '../../components/ui/numero';
import { OP, useAccion, usePedido, useReclamos, type ReclamoFila } from './api';
import { Estado, MotivoForm, PageTitle, Tabla, diasTexto, fecha, td } from './ui';

type Resolucion = 'SIN_CAMBIO' | 'DESCUENTO' | 'CANCELACION';
const RESOLUCIONES: Record<Resolucion, string> = {
  SIN_CAMBIO: 'Sin cambio (el pedido sigue como entregado)',
  DESCUENTO: 'Descuento con facturas rectificativas',
  CANCELACION: 'Cancelación',
};

/** Both parties' words on the claim, as the order's timeline recorded them. */
function Pruebas({ id }: { id: string }) {
  const q = usePedido(id);
  return (
    <Estado q={q}>
      <ol className="mt-2 flex flex-col gap-1 text-sm" aria-label="Historial del pedido">
        {q.data?.historial.map((e, i) => (
          <li key={i}>
            {fecha(e.createdAt)} · {e.accion} ({e.desde ?? '—'} → {e.hacia}) · {e.actorRol}
            {typeof e.datos.motivo === 'string' && e.datos.motivo ? `: «${e.datos.motivo}»` : ''}
          </li>
        ))}
      </ol>
    </Estado>
  );
}

function Resolver({ r }: { r: ReclamoFila }) {
  const [resolucion, setResolucion] = useState<Resolucion>('SIN_CAMBIO');
  const [importe, setImporte] = useState('');
  const resolver = useAccion<Record<string, unknown>>(() => `${OP}/reclamos/${encodeURIComponent(r.numero)}/resolver`);
  const sel = useId();
  const imp = useId();
  return (
    <section aria-labelledby={`rec-${r.id}`} className="card mt-4 p-4">
      <h2 id={`rec-${r.id}`} className="text-xl font-semibold">
        Reclamo del pedido {r.numero}
      </h2>
      <p className="text-sm">
        {r.comprador} reclama a {r.productor} · {formatoDinero(r.totalCentavos, r.moneda)} · abierto hace{' '}
        {diasTexto(r.diasAbierto)}
      </p>
      <p className="mt-1 text-sm">Motivo del comprador: {r.motivo ?? '—'}</p>
      <Pruebas id={r.id} />
      <MotivoForm
        label="Motivo de la resolución (lo verán ambas partes)"
        boton="Resolver reclamo"
        onSubmit={(motivo) => {
          if (resolucion !== 'DESCUENTO') return resolver.mutateAsync({ resolucion, motivo });
          // Typed the Spanish way in the order's currency ("1.234,5"), sent in minor units: "150" is 150,00 here,
          // never 1,50 (the command's bare whole number is minor units; a person in a form means money).
          const r = leerNumero(importe.trim() === '' ? '0' : importe, { decimales: 2 });
          if (!r.ok || r.valor <= 0) {
            throw new ApiError(400, 'VALIDATION_ERROR', r.ok ? 'Escribe el importe del descuento.' : r.error);
          }
          return resolver.mutateAsync({ resolucion, motivo, importe: Math.round(r.valor * 100) });
        }}
        extra={
          <div className="flex flex-wrap gap-3">
            <div>
              <label htmlFor={sel} className="mb-1 block text-sm font-medium">
                Resolución
              </label>
              <select
                id={sel}
                className="input"
                value={resolucion}
                onChange={(e) => setResolucion(e.target.value as Resolucion)}
              >
                {Object.entries(RESOLUCIONES).map(([k, v]) => (
                  <option key={k} value={k}>
                    {v}
                  </option>
                ))}
              </select>
            </div>
            {resolucion === 'DESCUENTO' && (
              <div>
                <label htmlFor={imp} className="mb-1 block text-sm font-medium">
                  Importe del descuento ({r.moneda})
                </label>
                <NumeroInput id={imp} className="input" decimales={2} value={importe} onChange={setImporte} />
              </div>
            )}
          </div>
        }
      />
    </section>
  );
}

/** Reclamos: the same outcomes as `npm run reclamos`, through the same service, with both parties' words. */
export function ReclamosPage() {
  const q = useReclamos();
  const [sel, setSel] = useState<string | null>(null);
  const elegido = q.data?.find((r) => r.id === sel);
  return (
    <div>
      <PageTitle intro="Pedidos en reclamo, el más antiguo primero.">Reclamos</PageTitle>
      <Estado q={q}>
        <Tabla caption="Reclamos abiertos" head={['Pedido', 'Comprador', 'Productor', 'Antigüedad', '']}>
          {q.data?.map((r) => (
            <tr key={r.id}>
              <td className={td}>{r.numero}</td>
              <td className={td}>{r.comprador}</td>
              <td className={td}>{r.productor}</td>
              <td className={td}>{diasTexto(r.diasAbierto)}</td>
              <td className={td}>
                <button type="button" className="btn-secondary" onClick={() => setSel(r.id)}>
                  Revisar<span className="sr-only"> el reclamo del pedido {r.numero}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.length === 0 && <p className="mt-2 text-sm">No hay reclamos abiertos.</p>}
      </Estado>
      {elegido && <Resolver key={elegido.id} r={elegido} />}
    </div>
  );
}
