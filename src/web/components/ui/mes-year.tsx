import { useEffect, useId, useState } from 'react';
import { MONTHS } from '../../../contract/months';
import { FieldError } from './field';

export { MONTHS };

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export interface MesYearProps {
  /** "YYYY-MM", or null/empty for no value. */
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  label: string;
  minYear?: number;
  maxYear?: number;
  error?: string;
  onBlur?: () => void;
}

/** Splits "YYYY-MM" into its parts; anything else is no value. */
export function splitMesYear(value: string | null | undefined): { year: string; month: string } {
  const m = /^(\d{4})-(\d{2})$/.exec(value ?? '');
  return m ? { year: m[1], month: m[2] } : { year: '', month: '' };
}

/** Joins the parts into "YYYY-MM" when both are chosen, else null. */
export const joinMesYear = (year: string, month: string): string | null => (year && month ? `${year}-${month}` : null);

/**
 * MesYear (docs/product.md §1): a month and a year with Spanish month names, producing "YYYY-MM". Two native selects
 * inside a fieldset: keyboard and screen-reader behaviour come from the platform, and it works on phones.
 */
export function MesYear({
  value,
  onChange,
  label,
  minYear = 2000,
  maxYear = new Date().getFullYear() + 2,
  error,
  onBlur,
}: MesYearProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => splitMesYear(value));
  // Follow outside changes (a form reset); a half-chosen draft stays while the value is still empty.
  useEffect(() => {
    const next = splitMesYear(value);
    setDraft((d) => (next.year || (d.year && d.month) ? next : d));
  }, [value]);
  const { year, month } = draft;
  const years: number[] = [];
  for (let y = maxYear; y >= minYear; y--) years.push(y);
  if (year && !years.includes(Number(year))) years.unshift(Number(year));
  // A half-chosen date (only the month, say) is kept in the select but reported as no value.
  const emit = (y: string, m: string) => {
    setDraft({ year: y, month: m });
    onChange(joinMesYear(y, m));
  };
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} onBlur={onBlur}>
      <legend className="label">{label}</legend>
      <div className="grid grid-cols-[3fr_2fr] gap-2">
        <div>
          <label htmlFor={`${id}-mes`} className="sr-only">
            Mes de {label.toLowerCase()}
          </label>
          <select
            id={`${id}-mes`}
            className="input"
            value={month}
            aria-invalid={!!error}
            onChange={(e) => emit(year, e.target.value)}
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
            Año de {label.toLowerCase()}
          </label>
          <select
            id={`${id}-anio`}
            className="input"
            value={year}
            aria-invalid={!!error}
            onChange={(e) => emit(e.target.value, month)}
          >
            <option value="">Año</option>
            {years.map((y) => (
              <option key={y} value={String(y)}>
                {y}
              </option>
            ))}
          </select>
        </div>
      </div>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
