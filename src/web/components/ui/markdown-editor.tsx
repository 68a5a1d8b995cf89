import { useDeferredValue, useEffect, useId, useState } from 'react';
import { renderPreview } from '../../lib/markdown-preview';
import { FieldError, FieldLabel } from './field';

/**
 * A Markdown textarea with a live preview beside it (below it on phones). The preview renders in the
 * browser with the same safe settings as the server.
 */
export function MarkdownEditor({
  label,
  value,
  onChange,
  maxLength,
  error,
  rows = 14,
  name,
  required,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  maxLength: number;
  error?: string;
  rows?: number;
  name: string;
  /** Marks the field as required (the asterisk of the shared Field). */
  required?: boolean;
}) {
  const id = useId();
  const deferred = useDeferredValue(value);
  const [html, setHtml] = useState('');
  useEffect(() => {
    let alive = true;
    renderPreview(deferred).then((h) => alive && setHtml(h));
    return () => {
      alive = false;
    };
  }, [deferred]);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <div>
        <FieldLabel id={id} label={label} required={required} />
        <textarea
          id={id}
          name={name}
          rows={rows}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={!!error}
          aria-required={required || undefined}
          aria-describedby={`${id}-ayuda${error ? ` ${id}-error` : ''}`}
          className="input font-mono text-sm"
        />
        <p id={`${id}-ayuda`} className="mt-1 flex justify-between gap-2 text-xs text-gray-600 dark:text-gray-400">
          <span>
            Markdown: **negrita**, *cursiva*, ## subtítulo, - listas, [enlace](https://…). El HTML se muestra como
            texto.
          </span>
          <span className={value.length > maxLength ? 'font-semibold text-red-700 dark:text-red-400' : ''}>
            {value.length.toLocaleString('es-ES')}/{maxLength.toLocaleString('es-ES')}
          </span>
        </p>
        <FieldError id={id} error={error} />
      </div>
      <div>
        <p className="label" id={`${id}-vista`}>
          Vista previa
        </p>
        <div
          aria-labelledby={`${id}-vista`}
          role="region"
          className="prose-cereza min-h-40 rounded-lg border border-dashed border-gray-300 bg-white p-4 break-words dark:border-gray-700 dark:bg-gray-950"
          dangerouslySetInnerHTML={{ __html: html || '<p class="text-gray-500">Aquí verás cómo queda el texto.</p>' }}
        />
      </div>
    </div>
  );
}
