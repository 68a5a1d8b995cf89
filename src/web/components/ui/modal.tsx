import { useEffect, useId, useRef, type ReactNode } from 'react';
import { X } from 'lucide-react';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children: ReactNode;
  /** Tailwind max-width class of the panel. */
  size?: string;
  hideClose?: boolean;
}

/**
 * Accessible dialog on the native <dialog> element: modal focus handling and Escape come from the browser;
 * a click on the dimmed backdrop closes it too.
 */
export function Modal({ open, onClose, title, children, size = 'max-w-lg', hideClose }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      className={`card m-auto w-[calc(100%-1.5rem)] ${size} p-0 text-gray-900 backdrop:bg-gray-950/60 dark:text-gray-100`}
    >
      {open && (
        <div className="relative p-5 sm:p-6">
          <h2 id={titleId} className="pr-8 text-xl font-semibold">
            {title}
          </h2>
          {!hideClose && (
            <button
              type="button"
              onClick={onClose}
              className="absolute top-4 right-4 rounded-lg p-1 text-gray-500 hover:bg-gray-100 hover:text-gray-900 dark:text-gray-400 dark:hover:bg-gray-800 dark:hover:text-gray-100"
              aria-label="Cerrar"
            >
              <X aria-hidden className="size-5" />
            </button>
          )}
          <div className="mt-4">{children}</div>
        </div>
      )}
    </dialog>
  );
}
