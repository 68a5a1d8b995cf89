import type { ReactNode } from 'react';

/** One of a list's two or three filter pills (Bandeja/Archivadas, Todas/No leídas): pressed when it is the one shown. */
export function FilterPill({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={onClick}
      className={`rounded-full px-3 py-1.5 text-sm font-medium ${
        pressed
          ? 'bg-primary-700 text-white dark:bg-primary-500 dark:text-gray-950'
          : 'bg-white text-gray-700 ring-1 ring-gray-300 hover:bg-gray-50 dark:bg-gray-900 dark:text-gray-200 dark:ring-gray-700'
      }`}
    >
      {children}
    </button>
  );
}
