import { useId, type ReactNode } from 'react';
import { get, useFormContext, useWatch, type FieldPath } from 'react-hook-form';
import type { LoteInput } from '../../../../../contract/lotes';
import { Field, fieldProps } from '../../../../components/ui/field';
import { LecturaNumero } from '../../../../components/ui/numero-input';
import type { SelectOption } from '../../../../components/ui/select';
import type { FormValues } from '../../form-values';

/** The lot form's pieces: every section reads the one form through this (typed: values in, LoteInput out). */
export const useLoteForm = () => useFormContext<FormValues, unknown, LoteInput>();
export type LoteField = FieldPath<FormValues>;

/** One id per field (there is one lot form per page). */
export const fieldId = (name: string) => `lote-${name.replace(/\./g, '-')}`;

/** The first message found under an error: lists and the location report theirs on an item ("variedades.2"). */
function firstMessage(e: unknown): string | undefined {
  if (!e || typeof e !== 'object') return undefined;
  const own = 'message' in e ? e.message : undefined;
  if (typeof own === 'string' && own) return own;
  for (const [k, v] of Object.entries(e)) {
    if (k === 'ref') continue;
    const found = firstMessage(v);
    if (found) return found;
  }
  return undefined;
}

export function useFieldError(name: LoteField): string | undefined {
  const {
    formState: { errors },
  } = useLoteForm();
  return firstMessage(get(errors, name));
}

export const toOptions = <T extends string | number>(values: readonly T[], labels: Record<T, string>): SelectOption[] =>
  values.map((v) => ({ value: String(v), label: labels[v] }));

export function Section({
  titulo,
  descripcion,
  children,
}: {
  titulo: string;
  descripcion?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="text-lg font-semibold">
        {titulo}
      </h2>
      {descripcion && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{descripcion}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

/** A registered text input with its label, hint and error. */
export function TextField({
  name,
  label,
  hint,
  inputMode,
  wide,
  placeholder,
  maxLength,
  readOnly,
  required,
  decimales,
  max,
}: {
  name: LoteField;
  label: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  /** A number's decimals (default: 2 for decimal, 0 for numeric) and maximum, for its reading line. */
  decimales?: number;
  max?: number;
  wide?: boolean;
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
  /** Marked with an asterisk (the contract refuses the lot without it). */
  required?: boolean;
}) {
  const { register, control } = useLoteForm();
  const error = useFieldError(name);
  const id = fieldId(name);
  const numerico = inputMode === 'decimal' || inputMode === 'numeric';
  // Numbers are read the Spanish way (web/lib/form-schema); the line under the box says how, before saving.
  const texto = useWatch({ control, name, disabled: !numerico });
  const props = fieldProps(id, error, !!hint);
  return (
    <Field id={id} label={label} error={error} hint={hint} required={required} className={wide ? 'sm:col-span-2' : ''}>
      <input
        {...props}
        aria-describedby={
          numerico ? [props['aria-describedby'], `${id}-lectura`].filter(Boolean).join(' ') : props['aria-describedby']
        }
        className={`input ${readOnly ? 'bg-gray-50 dark:bg-gray-800' : ''}`}
        inputMode={inputMode}
        autoComplete={numerico ? 'off' : undefined}
        placeholder={placeholder}
        maxLength={maxLength}
        readOnly={readOnly}
        {...register(name)}
      />
      {numerico && !readOnly && (
        <LecturaNumero
          id={id}
          texto={typeof texto === 'string' ? texto : ''}
          decimales={decimales ?? (inputMode === 'numeric' ? 0 : 2)}
          max={max}
        />
      )}
    </Field>
  );
}

/** A native select for short closed lists (keyboard and phones behave as the platform does). */
export function ListField({
  name,
  label,
  options,
  required,
}: {
  name: LoteField;
  label: string;
  options: SelectOption[];
  required?: boolean;
}) {
  const { register } = useLoteForm();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <Field id={id} label={label} error={error} required={required}>
      <select {...fieldProps(id, error)} className="input" {...register(name)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/** A registered checkbox with its text. */
export function CheckField({ name, label, className = '' }: { name: LoteField; label: string; className?: string }) {
  const { register } = useLoteForm();
  return (
    <label className={`flex items-center gap-2 text-sm font-medium ${className}`}>
      <input type="checkbox" className="size-4 accent-primary-700" {...register(name)} />
      {label}
    </label>
  );
}
