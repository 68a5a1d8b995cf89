import { BadgeCheck } from 'lucide-react';
import { formatDecimal } from '../lib/format';

export function PuntajeBadge({ puntaje }: { puntaje: number | null }) {
  if (puntaje == null) return null;
  return (
    <span
      className="inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900/40 dark:text-amber-100"
      title="Puntaje SCA"
    >
      {formatDecimal(puntaje)} pts
    </span>
  );
}

export function VerifiedBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/50 dark:text-primary-100">
      <BadgeCheck aria-hidden className="size-3.5" /> Verificado
    </span>
  );
}

/** EUDR-ready (issue 30): every plot geolocated and valid, the production period set. Same look as Verificado. */
export function EudrBadge() {
  return (
    <span className="inline-flex items-center rounded-full bg-primary-100 px-2 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/50 dark:text-primary-100">
      EUDR
    </span>
  );
}
