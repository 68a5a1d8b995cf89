import { Loader2 } from 'lucide-react';

export function Spinner({ label = 'Cargando…', className = '' }: { label?: string; className?: string }) {
  return (
    <span
      role="status"
      className={`inline-flex items-center gap-2 text-sm text-gray-600 dark:text-gray-400 ${className}`}
    >
      <Loader2 aria-hidden className="size-4 animate-spin" />
      <span>{label}</span>
    </span>
  );
}

export function PageLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner />
    </div>
  );
}
