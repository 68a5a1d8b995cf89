import { useEffect, useState } from 'react';
import { CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { clampProgress, toast, TOAST_DURATION_MS, useToasts, type ToastItem } from '../../lib/toast';

function ToastView({ item }: { item: ToastItem }) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (item.closing) return;
    let frame = requestAnimationFrame(function tick() {
      setNow(Date.now());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [item.closing]);
  const progress = clampProgress(1 - (now - item.createdAt) / TOAST_DURATION_MS);
  const Icon = item.kind === 'success' ? CheckCircle2 : item.kind === 'error' ? XCircle : Info;
  const tone =
    item.kind === 'success'
      ? 'text-primary-700 dark:text-primary-400'
      : item.kind === 'error'
        ? 'text-red-700 dark:text-red-400'
        : 'text-gray-700 dark:text-gray-300';
  return (
    <div
      role={item.kind === 'error' ? 'alert' : 'status'}
      className={`pointer-events-auto w-full overflow-hidden rounded-xl border border-gray-200 bg-white shadow-lg dark:border-gray-700 dark:bg-gray-900 ${
        item.closing ? 'animate-toast-out' : 'animate-toast-in'
      }`}
    >
      <div className="flex items-start gap-3 p-3">
        <Icon aria-hidden className={`mt-0.5 size-5 shrink-0 ${tone}`} />
        <p className="flex-1 text-sm text-gray-900 dark:text-gray-100">{item.message}</p>
        <button
          type="button"
          onClick={() => toast.dismiss(item.id)}
          className="rounded p-0.5 text-gray-500 hover:text-gray-800 dark:text-gray-400 dark:hover:text-gray-100"
          aria-label="Cerrar notificación"
        >
          <X aria-hidden className="size-4" />
        </button>
      </div>
      <div
        className="h-1 origin-left bg-primary-600 dark:bg-primary-400"
        style={{ transform: `scaleX(${progress})` }}
        aria-hidden
      />
    </div>
  );
}

/** Notifications at the top of the screen (docs/product.md §2). */
export function Toaster() {
  const items = useToasts();
  return (
    <div
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 top-3 z-[100] mx-auto flex w-full max-w-sm flex-col gap-2 px-3"
    >
      {items.map((t) => (
        <ToastView key={t.id} item={t} />
      ))}
    </div>
  );
}
