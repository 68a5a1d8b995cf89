import { cloneElement, isValidElement, type ReactNode } from 'react';

/** Props that tie an input to its label, hint and error message for assistive technology. */
export function fieldProps(id: string, error?: string, hint?: boolean) {
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

/** A field's label, and a red asterisk when it is required. */
export function FieldLabel({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    // The asterisk stays outside the label so that the field's accessible name is just the label.
    <div className="mb-1 flex items-baseline gap-1">
      <label htmlFor={id} className="text-sm font-medium text-gray-800 dark:text-gray-200">
        {label}
      </label>
      {required && (
        <span aria-hidden className="text-sm text-red-700 dark:text-red-400">
          *
        </span>
      )}
    </div>
  );
}

export function Field({
  id,
  label,
  error,
  hint,
  required,
  children,
  className = '',
}: {
  id: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={className}>
      <FieldLabel id={id} label={label} required={required} />
      {/* Screen readers hear "required" too: the control (an input, a select or our inputs that pass their
          props to one) gets aria-required. */}
      {required && isValidElement<{ 'aria-required'?: boolean }>(children) && !children.props['aria-required']
        ? cloneElement(children, { 'aria-required': true })
        : children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error message, referenced by `fieldProps` through `{id}-error`. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={`${id}-error`} className="field-error">
      {error}
    </p>
  );
}

/** A form-level message (server refusal, network failure), announced when it appears. */
export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200"
    >
      {message}
    </p>
  );
}
