import {
  ACCION_MUESTRA_LABELS,
  ESTADO_MUESTRA_LABELS,
  type EstadoMuestra,
  type EventoMuestra,
  type Muestra,
} from '../../../contract/muestras';
import { formatMoney } from '../../lib/format';
import { EventTimeline } from '../../components/event-timeline';

const TONO: Record<EstadoMuestra, string> = {
  SOLICITADA: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  ACEPTADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  ENVIADA: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  ENTREGADA: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  CATADA: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  RECHAZADA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  CANCELADA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  EXPIRADA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  CERRADA_SIN_CATA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
};

export function EstadoBadge({ estado }: { estado: EstadoMuestra }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONO[estado]}`}>
      {ESTADO_MUESTRA_LABELS[estado]}
    </span>
  );
}

export const precioMuestra = (m: Pick<Muestra, 'precioCentavos' | 'moneda'>) =>
  m.precioCentavos ? formatMoney(m.precioCentavos / 100, m.moneda) : 'Sin costo';

const ACTOR: Record<EventoMuestra['actor'], string> = {
  comprador: 'comprador',
  productor: 'productor',
  sistema: 'Cereza (plazo)',
};

/** The sample's timeline: one line per event row (docs/product.md §11). */
export function Timeline({ eventos }: { eventos: EventoMuestra[] }) {
  return (
    <EventTimeline eventos={eventos} label="Historial de la muestra" acciones={ACCION_MUESTRA_LABELS} actores={ACTOR} />
  );
}
