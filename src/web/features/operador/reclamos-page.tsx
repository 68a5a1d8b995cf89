import { FileText } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatoDinero } from '../../../contract/pedidos';
import { POSTURA_LABELS, type AporteReclamo } from '../../../contract/reclamos';
import { ApiError } from '../../lib/api';
import { NumeroInput } from '../../components/ui/numero-input';
import { readNumero } from '../../components/ui/numero';
import type { ReclamoFila } from '../../../contract/operador-answers';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, useReclamo, useReclamos } from './api';
import { Aviso, Estado, MotivoForm, PageTitle, Tabla, diasTexto, fecha, td } from './ui';
import { CataSheet } from '../../components/cata-sheet';

type Resolucion = 'SIN_CAMBIO' | 'DESCUENTO' | 'CANCELACION';
const RESOLUCIONES: Record<Resolucion, string> = {
  SIN_CAMBIO: 'Sin cambio (el pedido sigue como entregado)',
  DESCUENTO: 'Descuento con facturas rectificativas',
  CANCELACION: 'Cancelación',
};

const enlace = 'font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400';

/** A party's contribution: its words, its evidence (private files, signed links) and an arrival cupping. */
function Aporte({ titulo, a, moneda }: { titulo: string; a: AporteReclamo | null; moneda: string }) {
  return (
    <section className="rounded border border-gray-200 p-3 dark:border-gray-700">
      <h3 className="font-semibold">{titulo}</h3>
      {!a ? (
        <p className="text-sm text-gray-700 dark:text-gray-300">Todavía no ha respondido.</p>
      ) : (
        <>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {POSTURA_LABELS[a.postura]} · {fecha(a.createdAt)}
            {a.descuentoCentavos != null ? ` · descuento de ${formatoDinero(a.descuentoCentavos, moneda)}` : ''}
          </p>
          {a.texto && <p className="mt-1 text-sm whitespace-pre-line">«{a.texto}»</p>}
          {/* The arrival cupping whole, attribute by attribute (issue 25 §3), as the producer read it. */}
          {a.cata && a.puntajeCata != null && (
            <div className="mt-2">
              <CataSheet
                titulo="Cata de llegada"
                cata={{ hoja: a.cata, puntajeTotal: a.puntajeCata, createdAt: a.createdAt }}
              />
            </div>
          )}
          {a.adjuntos.length > 0 && (
            <ul className="mt-2 flex flex-wrap gap-3" aria-label={`Evidencias: ${titulo}`}>
              {a.adjuntos.map((adj, i) =>
                'tipo' in adj && adj.tipo === 'pdf' ? (
                  <li key={i} className="flex items-center gap-1 text-sm">
                    <FileText aria-hidden className="size-4 shrink-0" />
                    <a href={adj.url} download={adj.nombre} className={`${enlace} break-all`}>
                      {adj.nombre}
                    </a>
                  </li>
                ) : (
                  <li key={i}>
                    <a href={adj.url} target="_blank" rel="noreferrer" className="block">
                      <img
                        src={'thumb' in adj ? adj.thumb : adj.url}
                        alt={`Foto ${i + 1} de la evidencia (abrir en grande)`}
                        className="h-24 w-24 rounded object-cover"
                        loading="lazy"
                      />
                    </a>
                  </li>
                ),
              )}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

/** Both parties' words and evidence on the claim, and the order's timeline. */
function Pruebas({ id, moneda }: { id: string; moneda: string }) {
  const q = useReclamo(id);
  return (
    <Estado q={q}>
      {q.data && (
        <div className="mt-3 flex flex-col gap-3">
          <div className="grid gap-3 md:grid-cols-2">
            <Aporte titulo="El comprador reclama" a={q.data.reclamo} moneda={moneda} />
            <Aporte titulo="Respuesta del productor" a={q.data.respuesta} moneda={moneda} />
          </div>
          <details>
            <summary className="cursor-pointer text-sm font-medium">Historial del pedido</summary>
            <ol className="mt-2 flex flex-col gap-1 text-sm">
              {q.data.pedido.historial.map((e, i) => (
                <li key={i}>
                  {fecha(e.createdAt)} · {e.accion} ({e.desde ?? '—'} → {e.hacia}) · {e.actorRol}
                  {typeof e.datos.motivo === 'string' && e.datos.motivo ? `: «${e.datos.motivo}»` : ''}
                </li>
              ))}
            </ol>
          </details>
        </div>
      )}
    </Estado>
  );
}

function Resolver({ r, onDone }: { r: ReclamoFila; onDone: (message: string) => void }) {
  const [resolucion, setResolucion] = useState<Resolucion>('SIN_CAMBIO');
  const [importe, setImporte] = useState('');
  const resolver = useAccion(OPERADOR_API.resolverReclamo, { numero: r.numero });
  const sel = useId();
  const imp = useId();
  const titulo = useRef<HTMLHeadingElement>(null);
  // The claim opens below the list: the keyboard and the screen reader go to it.
  useEffect(() => titulo.current?.focus(), []);
  return (
    <section aria-labelledby={`rec-${r.id}`} className="card mt-4 p-4">
      <h2 id={`rec-${r.id}`} ref={titulo} tabIndex={-1} className="text-xl font-semibold">
        Reclamo del pedido {r.numero}
      </h2>
      <p className="text-sm">
        {r.comprador} reclama a {r.productor} · {formatoDinero(r.totalCentavos, r.moneda)} · abierto hace{' '}
        {diasTexto(r.diasAbierto)}
      </p>
      <Pruebas id={r.id} moneda={r.moneda} />
      <MotivoForm
        label="Motivo de la resolución (lo verán ambas partes)"
        boton="Resolver reclamo"
        onDone={onDone}
        onSubmit={(motivo) => {
          if (resolucion !== 'DESCUENTO') return resolver.mutateAsync({ resolucion, motivo });
          // Typed the Spanish way in the order's currency ("1.234,5"), sent in minor units: "150" is 150,00 here,
          // never 1,50 (the command's bare whole number is minor units; a person in a form means money).
          const r = readNumero(importe.trim() === '' ? '0' : importe, { decimales: 2 });
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
  // A resolved claim leaves the list (and its form): the answer is said here.
  const [aviso, setAviso] = useState<string | null>(null);
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
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setAviso(null);
                    setSel(r.id);
                  }}
                >
                  Revisar<span className="sr-only"> el reclamo del pedido {r.numero}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.length === 0 && <p className="mt-2 text-sm">No hay reclamos abiertos.</p>}
      </Estado>
      <Aviso message={aviso} />
      {elegido && <Resolver key={elegido.id} r={elegido} onDone={setAviso} />}
    </div>
  );
}
