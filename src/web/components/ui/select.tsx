import { useId, useMemo, useRef, useState } from 'react';
import {
  Combobox,
  ComboboxButton,
  ComboboxInput,
  ComboboxOption,
  ComboboxOptions,
  Field,
  Label,
} from '@headlessui/react';
import { Check, ChevronsUpDown, Plus, X } from 'lucide-react';
import { normalizeText } from '../../../contract/roles';

/** Menu texts in Spanish (docs/product.md §9, §14). */
export const SELECT_TEXTS = {
  sinOpciones: 'Sin opciones.',
  sinResultados: (query: string) => `Sin resultados para "${query}".`,
  placeholder: 'Buscar...',
} as const;

export interface SelectOption {
  value: string;
  label: string;
}

interface BaseProps {
  label: string;
  options: readonly SelectOption[];
  error?: string;
  placeholder?: string;
  /** Lets the user add a value that is not in the list (e.g. a variety). */
  allowCustom?: boolean;
  onBlur?: () => void;
  disabled?: boolean;
}

interface SingleProps extends BaseProps {
  multiple?: false;
  value: string | null;
  onChange: (value: string | null) => void;
}

interface MultiProps extends BaseProps {
  multiple: true;
  value: string[];
  onChange: (value: string[]) => void;
  max?: number;
}

export type SelectProps = SingleProps | MultiProps;

/** Free text as a value: trimmed, inner runs of spaces made one. */
export const cleanText = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * A multiselect's values without repeats (ignoring accents and case) and written as the list writes them: the
 * first spelling wins, and a typed "caturra" becomes the option "Caturra".
 */
export function dedupeValues(values: readonly string[], options: readonly SelectOption[]): string[] {
  const byKey = new Map(options.map((o) => [normalizeText(o.label), o.value]));
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = cleanText(raw);
    const value = byKey.get(normalizeText(v)) ?? v;
    const key = normalizeText(options.find((o) => o.value === value)?.label ?? value);
    if (!v || seen.has(key)) continue;
    seen.add(key);
    out.push(value);
  }
  return out;
}

/**
 * Searchable select and multiselect on Headless UI's Combobox (keyboard, ARIA, focus handled by the kit).
 * Matching ignores accents and case. Enter picks the highlighted option, which is the first match: the typed
 * text itself ("Añadir «…»", only with `allowCustom`) comes after the list's matches, so "Catu" + Enter is
 * Caturra. After each pick the box is emptied for the next one. Only dashboard pages import it, so the public
 * pages do not pay for it.
 */
export function Select(props: SelectProps) {
  const { label, options, error, placeholder = SELECT_TEXTS.placeholder, allowCustom, onBlur, disabled } = props;
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  /** After a pick the typed text goes: the kit leaves a multiselect's box as typed. */
  const clearQuery = () => {
    setQuery('');
    if (props.multiple && inputRef.current) inputRef.current.value = '';
  };
  const errorId = useId();
  const labels = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const labelOf = (v: string) => labels.get(v) ?? v;

  const q = normalizeText(cleanText(query));
  const selected = props.multiple ? props.value : props.value ? [props.value] : [];
  const matches = q
    ? options.filter((o) => normalizeText(o.label).includes(q) || normalizeText(o.value) === q)
    : options;
  // A multiselect lists what can still be added: the chosen ones are the chips above (typing a chosen one again
  // and pressing Enter must not take it away).
  const filtered = props.multiple ? matches.filter((o) => !selected.includes(o.value)) : matches;
  const exact =
    options.some((o) => normalizeText(o.label) === q) || selected.some((v) => normalizeText(labelOf(v)) === q);
  const custom = allowCustom && q && !exact ? cleanText(query) : null;
  const full = props.multiple && props.max !== undefined && props.value.length >= props.max;

  const remove = (v: string) => props.multiple && props.onChange(props.value.filter((x) => x !== v));

  const list = (
    <ComboboxOptions
      anchor="bottom start"
      // Not modal: a multiselect stays open while choosing, and the rest of the form must stay usable.
      modal={false}
      className="z-[200] max-h-[15rem] w-[var(--input-width)] overflow-y-auto rounded-lg border border-gray-200 bg-white p-1 text-sm shadow-lg [--anchor-gap:4px] empty:invisible dark:border-gray-700 dark:bg-gray-900"
    >
      {filtered.map((o) => (
        <ComboboxOption
          key={o.value}
          value={o.value}
          disabled={full}
          className="group flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 data-[disabled]:opacity-50 data-[focus]:bg-primary-50 dark:data-[focus]:bg-primary-950"
        >
          <Check
            aria-hidden
            className="invisible size-4 text-primary-700 group-data-[selected]:visible dark:text-primary-400"
          />
          {o.label}
        </ComboboxOption>
      ))}
      {custom && !full && (
        <ComboboxOption
          value={custom}
          className="flex cursor-pointer items-center gap-2 rounded-md px-3 py-2 data-[focus]:bg-primary-50 dark:data-[focus]:bg-primary-950"
        >
          <Plus aria-hidden className="size-4" /> Añadir «{custom}»
        </ComboboxOption>
      )}
      {!custom && filtered.length === 0 && (
        <div role="status" className="px-3 py-2 text-gray-600 dark:text-gray-400">
          {options.length === 0 || !query.trim() ? SELECT_TEXTS.sinOpciones : SELECT_TEXTS.sinResultados(query.trim())}
        </div>
      )}
    </ComboboxOptions>
  );

  const input = (
    <div className="relative">
      <ComboboxInput
        ref={inputRef}
        className="input pr-9"
        placeholder={placeholder}
        aria-invalid={!!error}
        aria-describedby={error ? errorId : undefined}
        displayValue={(v: string | string[] | null) => (props.multiple || !v || Array.isArray(v) ? '' : labelOf(v))}
        onChange={(e) => setQuery(e.target.value)}
        onBlur={onBlur}
      />
      <ComboboxButton
        className="absolute inset-y-0 right-0 flex items-center px-2 text-gray-500"
        aria-label={`Mostrar opciones de ${label.toLowerCase()}`}
      >
        <ChevronsUpDown aria-hidden className="size-4" />
      </ComboboxButton>
    </div>
  );

  return (
    <Field disabled={disabled}>
      <Label className="label">{label}</Label>
      {props.multiple ? (
        <>
          {props.value.length > 0 && (
            <ul className="mb-2 flex flex-wrap gap-1.5" aria-label={`${label}: seleccionadas`}>
              {props.value.map((v) => (
                <li key={v}>
                  <span className="inline-flex items-center gap-1 rounded-full bg-primary-50 py-0.5 pr-1 pl-3 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100">
                    {labelOf(v)}
                    <button
                      type="button"
                      onClick={() => remove(v)}
                      aria-label={`Quitar ${labelOf(v)}`}
                      className="rounded-full p-0.5 hover:bg-primary-100 dark:hover:bg-primary-900"
                    >
                      <X aria-hidden className="size-3.5" />
                    </button>
                  </span>
                </li>
              ))}
            </ul>
          )}
          <Combobox
            multiple
            value={props.value}
            onChange={(v: string[]) => {
              props.onChange(dedupeValues(v, options));
              clearQuery();
            }}
            onClose={clearQuery}
          >
            {input}
            {list}
          </Combobox>
        </>
      ) : (
        <Combobox
          value={props.value}
          onChange={(v: string | null) => {
            props.onChange(v);
            setQuery('');
          }}
          onClose={() => setQuery('')}
        >
          {input}
          {list}
        </Combobox>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </Field>
  );
}
