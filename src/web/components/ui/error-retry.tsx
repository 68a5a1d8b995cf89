import type { ReactNode } from 'react';
import { RotateCcw, UserRoundPen } from 'lucide-react';
import { ApiError } from '../../lib/api';
import { perfilModal } from '../../lib/perfil-modal';

/**
 * A failed load: the Spanish message and a "Reintentar" button, announced to screen readers. When the server
 * refused because the profile is incomplete (`error` is PROFILE_REQUIRED), retrying cannot help: the way
 * forward is "Completar perfil", which opens the complete-profile modal again.
 */
export function ErrorRetry({
  message,
  onRetry,
  busy,
  error,
  className = '',
}: {
  message: ReactNode;
  onRetry: () => void;
  busy?: boolean;
  error?: unknown;
  className?: string;
}) {
  const needsPerfil = error instanceof ApiError && error.code === 'PROFILE_REQUIRED';
  return (
    <div role="alert" className={`card flex flex-col items-center gap-3 p-8 text-center ${className}`}>
      <p className="font-semibold">{message}</p>
      <div className="flex flex-wrap justify-center gap-2">
        {needsPerfil && (
          <button type="button" className="btn-primary" onClick={perfilModal.open}>
            <UserRoundPen aria-hidden className="size-4" /> Completar perfil
          </button>
        )}
        <button type="button" className="btn-secondary" onClick={onRetry} disabled={busy}>
          <RotateCcw aria-hidden className="size-4" /> Reintentar
        </button>
      </div>
    </div>
  );
}
