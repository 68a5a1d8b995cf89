import type { ReactNode } from 'react';
import { formatDateTime } from '../lib/format';

/** An event row as every lifecycle answers it (lib/lifecycle.ts writes them: samples, lots, orders). */
export interface TimelineEvent<A extends string = string> {
  id: string;
  accion: string;
  actor: A;
  createdAt: string;
  datos: Record<string, unknown>;
}

const detalle = 'block text-gray-700 dark:text-gray-300';

/**
 * A trade object's timeline: one line per event, with what the move carried that every lifecycle shares (a
 * carrier and tracking number, the photo of the sample bag, a reason). `extra` adds an object's own details
 * (a bill of lading, a score, a claim's resolution) before the reason.
 */
export function EventTimeline<A extends string>({
  eventos,
  label,
  acciones,
  actores,
  extra,
}: {
  eventos: TimelineEvent<A>[];
  label: string;
  acciones: Partial<Record<string, string>>;
  actores: Record<A, string>;
  extra?: (e: TimelineEvent<A>) => ReactNode;
}) {
  return (
    <ol className="space-y-2 border-l-2 border-gray-200 pl-4 dark:border-gray-700" aria-label={label}>
      {eventos.map((e) => (
        <li key={e.id} className="text-sm">
          <span className="font-medium">{acciones[e.accion] ?? e.accion}</span>{' '}
          <span className="text-gray-600 dark:text-gray-400">
            · {formatDateTime(e.createdAt)} · {actores[e.actor]}
          </span>
          {typeof e.datos.transportista === 'string' && (
            <span className={detalle}>
              {e.datos.transportista}, guía {String(e.datos.numeroGuia ?? '')}
            </span>
          )}
          {typeof e.datos.imagen === 'string' && (
            <a href={e.datos.imagen} target="_blank" rel="noreferrer" className="block underline">
              Foto de la bolsa de la muestra
            </a>
          )}
          {extra?.(e)}
          {typeof e.datos.motivo === 'string' && <span className={detalle}>Motivo: {e.datos.motivo}</span>}
        </li>
      ))}
    </ol>
  );
}

/** A line of `extra`, styled as the timeline's own details. */
export function TimelineDetail({ children }: { children: ReactNode }) {
  return <span className={detalle}>{children}</span>;
}
