import { useEffect, useId, useState } from 'react';
import { FieldError } from './field';
import { MONTHS } from '../../../contract/months';

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Splits "YYYY-MM-DD" into its parts; anything else is no value. */
export function splitFecha(value: string | null | undefined): { day: string; month: string; year: string } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? '');
  return m ? { year: m[1], month: m[2], day: String(Number(m[3])) } : { day: '', month: '', year: '' };
}

/**
 * "YYYY-MM-DD" from the parts, or '' while one is missing or the day does not exist in that month (the
 * form's schema then says what to do). The year is four digits.
 */
export function joinFecha(day: string, month: string, year: string): string {
  if (!day || !month || !/^\d{4}$/.test(year)) return '';
  const d = Number(day);
  const last = new Date(Date.UTC(Number(year), Number(month), 0)).getUTCDate();
  if (d < 1 || d > last) return '';
  return `${year}-${month}-${String(d).padStart(2, '0')}`;
}

/**
 * A date written as people in Spain and Latin America write it: day, month by name, year. The browser's own
 * date field follows the browser's language (mm/dd/yyyy in an English one); this one is always Spanish.
 * Native selects and a text box in a fieldset: keyboards, screen readers and phones as the platform does them.
 */
export function FechaInput({
  value,
  onChange,
  onBlur,
  label,
  error,
  required,
}: {
  /** "YYYY-MM-DD", or '' for no value. */
  value: string | null | undefined;
  onChange: (value: string) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  required?: boolean;
}) {
  const id = useId();
  const [draft, setDraft] = useState(() => splitFecha(value));
  // Follow outside changes (a form reset); a half-written draft stays while the value is still empty.
  useEffect(() => {
    const next = splitFecha(value);
    setDraft((d) => (next.year || !(d.day || d.month || d.year) ? next : d));
  }, [value]);
  const emit = (next: typeof draft) => {
    setDraft(next);
    onChange(joinFecha(next.day, next.month, next.year));
  };
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} onBlur={onBlur}>
      <legend className="mb-1 flex items-baseline gap-1 text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
        {required && (
          <span aria-hidden className="text-red-700 dark:text-red-400">
            *
          </span>
        )}
      </legend>
      <div className="grid grid-cols-[minmax(5.5rem,2fr)_minmax(0,4fr)_minmax(6rem,3fr)] gap-2">
        <div>
          <label htmlFor={`${id}-dia`} className="sr-only">
            {label}: día
          </label>
          <select
            id={`${id}-dia`}
            className="input"
            value={draft.day}
            aria-invalid={error ? true : undefined}
            onChange={(e) => emit({ ...draft, day: e.target.value })}
          >
            <option value="">Día</option>
            {Array.from({ length: 31 }, (_, i) => (
              <option key={i} value={String(i + 1)}>
                {i + 1}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-mes`} className="sr-only">
            {label}: mes
          </label>
          <select
            id={`${id}-mes`}
            className="input"
            value={draft.month}
            aria-invalid={error ? true : undefined}
            onChange={(e) => emit({ ...draft, month: e.target.value })}
          >
            <option value="">Mes</option>
            {MONTHS.map((nombre, i) => (
              <option key={nombre} value={String(i + 1).padStart(2, '0')}>
                {capital(nombre)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-anio`} className="sr-only">
            {label}: año
          </label>
          <input
            id={`${id}-anio`}
            className="input"
            inputMode="numeric"
            autoComplete="off"
            placeholder="Año"
            maxLength={4}
            value={draft.year}
            aria-invalid={error ? true : undefined}
            onChange={(e) => emit({ ...draft, year: e.target.value.replace(/\D/g, '') })}
          />
        </div>
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
