import { forwardRef, type InputHTMLAttributes } from 'react';
import { formatoEs, readNumero, type OpcionesNumero } from './numero';

/*
 * The one number input of every form (issue 25): a text box (never type="number", which reads "8,25" or "25.000"
 * by the browser's locale) that reads what is typed the Spanish way (./numero) and says, under it, the value it
 * understood ("Se guardará: 25.000") or why it cannot ("Escribe los decimales con coma: 8,25."), before saving.
 * Forms build their bodies with numeroDe, the same reading.
 */

/** The value a form sends for a typed text: null when empty, NaN when refused (the server answers in Spanish). */
export function numeroDe(texto: string, opciones?: OpcionesNumero): number | null {
  if (texto.trim() === '') return null;
  const r = readNumero(texto, opciones);
  return r.ok ? r.valor : Number.NaN;
}

/** The first refusal among a form's typed numbers, to stop the submit with its message. */
export function primerError(campos: Array<[texto: string, opciones?: OpcionesNumero]>): string | null {
  for (const [texto, opciones] of campos) {
    if (texto.trim() === '') continue;
    const r = readNumero(texto, opciones);
    if (!r.ok) return r.error;
  }
  return null;
}

/** The line under a number input: what it understood, or why not. Its id is `${id}-lectura`. */
export function LecturaNumero({ id, texto, ...opciones }: { id: string; texto: string } & OpcionesNumero) {
  const r = texto.trim() === '' ? null : readNumero(texto, opciones);
  return (
    <p id={`${id}-lectura`} aria-live="polite" className="mt-1 min-h-4 text-xs">
      {r?.ok && (
        <span className="text-gray-700 dark:text-gray-300">
          Se guardará: <strong className="tabular-nums">{formatoEs(r.valor, opciones.decimales ?? 2)}</strong>
        </span>
      )}
      {r && !r.ok && <span className="text-red-700 dark:text-red-400">{r.error}</span>}
    </p>
  );
}

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type' | 'value' | 'onChange' | 'inputMode' | 'max'> &
  OpcionesNumero & {
    id: string;
    value: string;
    onChange: (texto: string) => void;
  };

/** A controlled number input with its reading line. */
export const NumeroInput = forwardRef<HTMLInputElement, Props>(function NumeroInput(
  { id, value, onChange, decimales = 2, max, className = 'input', ...rest },
  ref,
) {
  const r = value.trim() === '' ? null : readNumero(value, { decimales, max });
  const describedBy = [rest['aria-describedby'], `${id}-lectura`].filter(Boolean).join(' ');
  return (
    <>
      <input
        {...rest}
        ref={ref}
        id={id}
        type="text"
        inputMode={decimales > 0 ? 'decimal' : 'numeric'}
        autoComplete="off"
        className={className}
        value={value}
        aria-invalid={r && !r.ok ? true : rest['aria-invalid']}
        aria-describedby={describedBy}
        onChange={(e) => onChange(e.target.value)}
      />
      <LecturaNumero id={id} texto={value} decimales={decimales} max={max} />
    </>
  );
});
