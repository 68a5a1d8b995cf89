import { useId, type ReactNode } from 'react';
import { get, useFormContext, type FieldPath } from 'react-hook-form';
import type { LoteInput } from '../../../../../contract/lotes';
import { FieldError } from '../../../../components/ui/field';
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
}: {
  name: LoteField;
  label: string;
  hint?: string;
  inputMode?: 'decimal' | 'numeric' | 'text';
  wide?: boolean;
  placeholder?: string;
  maxLength?: number;
  readOnly?: boolean;
}) {
  const { register } = useLoteForm();
  const error = useFieldError(name);
  const id = fieldId(name);
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        className={`input ${readOnly ? 'bg-gray-50 dark:bg-gray-800' : ''}`}
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        readOnly={readOnly}
        aria-invalid={!!error}
        aria-describedby={describedBy || undefined}
        {...register(name)}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A native select for short closed lists (keyboard and phones behave as the platform does). */
export function ListField({ name, label, options }: { name: LoteField; label: string; options: SelectOption[] }) {
  const { register } = useLoteForm();
  const error = useFieldError(name);
  const id = fieldId(name);
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <select
        id={id}
        className="input"
        aria-invalid={!!error}
        aria-describedby={error ? `${id}-error` : undefined}
        {...register(name)}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldError id={id} error={error} />
    </div>
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
