import { useState, type ComponentProps } from 'react';
import { Eye, EyeOff } from 'lucide-react';

/** A password field with a show/hide button (an accessible toggle, aria-pressed). */
export function PasswordInput({
  className = '',
  toggleLabel = 'contraseña',
  ...props
}: Omit<ComponentProps<'input'>, 'type'> & {
  /** What the toggle names: "Mostrar {toggleLabel}" / "Ocultar {toggleLabel}". */
  toggleLabel?: string;
}) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <input {...props} type={visible ? 'text' : 'password'} className={`input pr-11 ${className}`} />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex items-center rounded-r-lg px-3 text-gray-600 hover:text-gray-900 dark:text-gray-400 dark:hover:text-gray-100"
        aria-label={`${visible ? 'Ocultar' : 'Mostrar'} ${toggleLabel}`}
        aria-pressed={visible}
      >
        {visible ? <EyeOff aria-hidden className="size-4" /> : <Eye aria-hidden className="size-4" />}
      </button>
    </div>
  );
}
