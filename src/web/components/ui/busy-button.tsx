import type { ButtonHTMLAttributes } from 'react';
import { Loader2 } from 'lucide-react';

type Props = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> & {
  /** The action is running: the button is disabled, marked busy, and shows a spinner and `busyLabel`. */
  busy: boolean;
  busyLabel: string;
  children: string;
};

/** A form's action button ("Guardar" → "Guardando…"): one place for the spinner, the busy state and the label. */
export function BusyButton({
  busy,
  busyLabel,
  children,
  disabled,
  type = 'submit',
  className = 'btn-primary',
  ...rest
}: Props) {
  return (
    <button {...rest} type={type} className={className} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <Loader2 aria-hidden className="size-4 animate-spin" />}
      {busy ? busyLabel : children}
    </button>
  );
}
