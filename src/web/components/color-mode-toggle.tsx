import { Monitor, Moon, Sun } from 'lucide-react';
import { useColorMode, type ColorMode } from '../lib/color-mode';

const OPTIONS: { value: ColorMode; label: string; Icon: typeof Sun }[] = [
  { value: 'system', label: 'Tema del sistema', Icon: Monitor },
  { value: 'light', label: 'Tema claro', Icon: Sun },
  { value: 'dark', label: 'Tema oscuro', Icon: Moon },
];

/** System, light or dark; the choice is kept in localStorage. */
export function ColorModeToggle() {
  const { preference, setPreference } = useColorMode();
  return (
    <div
      role="radiogroup"
      aria-label="Modo de color"
      className="inline-flex rounded-lg border border-gray-300 p-0.5 dark:border-gray-700"
    >
      {OPTIONS.map(({ value, label, Icon }) => (
        <button
          key={value}
          type="button"
          role="radio"
          aria-checked={preference === value}
          aria-label={label}
          title={label}
          onClick={() => setPreference(value)}
          className={`rounded-md p-1.5 ${
            preference === value
              ? 'bg-primary-700 text-white dark:bg-primary-500 dark:text-gray-950'
              : 'text-gray-600 hover:bg-gray-100 dark:text-gray-300 dark:hover:bg-gray-800'
          }`}
        >
          <Icon aria-hidden className="size-4" />
        </button>
      ))}
    </div>
  );
}
