import { Star } from 'lucide-react';
import { formatDate, formatNumber } from '../lib/format';

export interface ReviewItem {
  id: string;
  autor: string;
  puntuacion: number;
  comentario: string;
  createdAt: string;
}

function Estrellas({ valor, label }: { valor: number; label: string }) {
  return (
    <span className="inline-flex items-center gap-0.5" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={`size-4 ${i <= Math.round(valor) ? 'fill-amber-400 text-amber-500' : 'text-gray-300 dark:text-gray-600'}`}
        />
      ))}
    </span>
  );
}

/**
 * ReviewList (the spec's shared piece): a producer's published reviews with their average. Renders nothing when
 * there are none yet, so a new producer's pages do not show an empty box.
 */
export function ReviewList({
  titulo = 'Valoraciones de compradores',
  promedio,
  total,
  resenas,
}: {
  titulo?: string;
  promedio: number | null;
  total: number;
  resenas: ReviewItem[];
}) {
  if (!total || promedio === null) return null;
  return (
    <section aria-labelledby="valoraciones" className="card p-5">
      <h2 id="valoraciones" className="flex flex-wrap items-center gap-2 text-lg font-semibold">
        {titulo}
        <Estrellas valor={promedio} label={`${formatNumber(promedio, 1, 1)} de 5 estrellas`} />
        <span className="text-sm font-normal text-gray-600 dark:text-gray-400">
          {formatNumber(promedio, 1, 1)} · {total} {total === 1 ? 'valoración' : 'valoraciones'}
        </span>
      </h2>
      <ul className="mt-3 space-y-3">
        {resenas.map((r) => (
          <li
            key={r.id}
            className="border-t border-gray-100 pt-3 text-sm first:border-0 first:pt-0 dark:border-gray-800"
          >
            <p className="flex flex-wrap items-center gap-2">
              <Estrellas valor={r.puntuacion} label={`${r.puntuacion} de 5 estrellas`} />
              <span className="font-medium">{r.autor}</span>
              <span className="text-gray-600 dark:text-gray-400">{formatDate(r.createdAt)}</span>
            </p>
            {r.comentario && <p className="mt-1 text-gray-800 dark:text-gray-200">{r.comentario}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
