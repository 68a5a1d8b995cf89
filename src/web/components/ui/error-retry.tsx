import type { ReactNode } from 'react';
import { RotateCcw } from 'lucide-react';

/** A failed load: the Spanish message and a "Reintentar" button, announced to screen readers. */
export function ErrorRetry({
  message,
  onRetry,
  busy,
  className = '',
}: {
  message: ReactNode;
  onRetry: () => void;
  busy?: boolean;
  className?: string;
}) {
  return (
    <div role="alert" className={`card flex flex-col items-center gap-3 p-8 text-center ${className}`}>
      <p className="font-semibold">{message}</p>
      <button type="button" className="btn-secondary" onClick={onRetry} disabled={busy}>
        <RotateCcw aria-hidden className="size-4" /> Reintentar
      </button>
    </div>
  );
}
