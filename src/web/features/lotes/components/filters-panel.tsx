import { useId, useRef, useState, type ReactNode } from 'react';
import type { Certificacion, Posicion, Proceso } from '../../../../contract/lotes';
import {
  CERTIFICACION_LABELS,
  CERTIFICACIONES,
  PAISES_ORIGEN,
  POSICION_LABELS,
  POSICIONES,
  PROCESO_LABELS,
  PROCESOS,
} from '../../../lib/catalogo-lotes';
import { formatoEs, readNumero } from '../../../../contract/numero';
import { EMPTY_FILTERS, type Filters } from '../filters';
import { filterErrors, normalizeNumbers, spanishNumbers } from '../filter-numbers';

function Group({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="border-t border-gray-200 pt-4 dark:border-gray-800">
      <legend className="mb-2 text-sm font-semibold text-gray-900 dark:text-gray-100">{legend}</legend>
      {children}
    </fieldset>
  );
}

function Checkboxes<T extends string>({
  values,
  labels,
  selected,
  onChange,
}: {
  values: readonly T[];
  labels: Record<T, string>;
  selected: T[];
  onChange: (next: T[]) => void;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      {values.map((v) => (
        <label key={v} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 rounded border-gray-300 accent-primary-700"
            checked={selected.includes(v)}
            onChange={(e) => onChange(e.target.checked ? [...selected, v] : selected.filter((s) => s !== v))}
          />
          {labels[v]}
        </label>
      ))}
    </div>
  );
}

function NumberInput({
  id,
  label,
  value,
  onChange,
  error,
  decimal = true,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
  error?: string;
  decimal?: boolean;
}) {
  // What the box was read as ("1.000" is a thousand), said under it before the filters are applied.
  const decimales = decimal ? 2 : 0;
  const lectura = !error && value.trim() ? readNumero(value, { decimales }) : null;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input
        id={id}
        // Our own checks and Spanish messages (filterErrors): the form is noValidate, so no min/max bubbles.
        type="text"
        inputMode={decimal ? 'decimal' : 'numeric'}
        autoComplete="off"
        className="input"
        value={value}
        aria-invalid={!!error || undefined}
        aria-describedby={`${id}-lectura`}
        onChange={(e) => onChange(e.target.value)}
      />
      <p
        id={`${id}-lectura`}
        aria-live="polite"
        className={error ? 'field-error' : 'mt-1 text-xs text-gray-700 dark:text-gray-300'}
      >
        {error ??
          (lectura?.ok && (
            <>
              Se entiende: <strong className="tabular-nums">{formatoEs(lectura.valor, decimales)}</strong>
            </>
          ))}
      </p>
    </div>
  );
}

function Range({
  min,
  max,
  onMin,
  onMax,
  labelMin,
  labelMax,
  errorMin,
  errorMax,
}: {
  min: string;
  max: string;
  onMin: (v: string) => void;
  onMax: (v: string) => void;
  labelMin: string;
  labelMax: string;
  errorMin?: string;
  errorMax?: string;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 items-start gap-2">
      <NumberInput id={`${id}-min`} label={labelMin} value={min} onChange={onMin} error={errorMin} />
      <NumberInput id={`${id}-max`} label={labelMax} value={max} onChange={onMax} error={errorMax} />
    </div>
  );
}

/**
 * The filter form. It edits a draft and applies it in one step ("Aplicar filtros"), so that each applied
 * search is one history entry. Plain inputs only: this panel loads with the public catalogue.
 */
export function FiltersPanel({
  value,
  onApply,
  headingId,
}: {
  value: Filters;
  onApply: (f: Filters) => void;
  headingId?: string;
}) {
  const [draft, setDraft] = useState<Filters>(() => spanishNumbers(value));
  const [refused, setRefused] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const errors = filterErrors(draft);
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <form
      ref={form}
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        if (hasErrors) {
          setRefused(true);
          // The first wrong field, in the middle of the panel: never under the sticky buttons.
          const first = form.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]');
          first?.focus({ preventScroll: true });
          first?.scrollIntoView({ block: 'center' });
          return;
        }
        setRefused(false);
        onApply(normalizeNumbers(draft));
      }}
    >
      <div>
        <label htmlFor={`${id}-pais`} className="label">
          País de origen
        </label>
        <select id={`${id}-pais`} className="input" value={draft.pais} onChange={(e) => set('pais', e.target.value)}>
          <option value="">Todos los países</option>
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {p.nombre}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-region`} className="label">
          Región
        </label>
        <input
          id={`${id}-region`}
          className="input"
          value={draft.region}
          maxLength={100}
          onChange={(e) => set('region', e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-variedad`} className="label">
          Variedad
        </label>
        <input
          id={`${id}-variedad`}
          className="input"
          value={draft.variedad}
          maxLength={60}
          onChange={(e) => set('variedad', e.target.value)}
        />
      </div>
      <Group legend="Proceso">
        <Checkboxes<Proceso>
          values={PROCESOS}
          labels={PROCESO_LABELS}
          selected={draft.proceso}
          onChange={(v) => set('proceso', v)}
        />
      </Group>
      <Group legend="Puntaje SCA">
        <Range
          min={draft.puntajeMin}
          max={draft.puntajeMax}
          onMin={(v) => set('puntajeMin', v)}
          onMax={(v) => set('puntajeMax', v)}
          labelMin="Puntaje mínimo"
          labelMax="Puntaje máximo"
          errorMin={errors.puntajeMin}
          errorMax={errors.puntajeMax}
        />
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={draft.verificados}
            onChange={(e) => set('verificados', e.target.checked)}
          />
          Solo lotes verificados
        </label>
      </Group>
      <Group legend="Precio por kg">
        <Range
          min={draft.precioMin}
          max={draft.precioMax}
          onMin={(v) => set('precioMin', v)}
          onMax={(v) => set('precioMax', v)}
          labelMin="Precio mínimo"
          labelMax="Precio máximo"
          errorMin={errors.precioMin}
          errorMax={errors.precioMax}
        />
      </Group>
      <Group legend="Disponibilidad">
        <NumberInput
          id={`${id}-sacos`}
          label="Mínimo de sacos disponibles"
          value={draft.sacosMin}
          onChange={(v) => set('sacosMin', v)}
          error={errors.sacosMin}
          decimal={false}
        />
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={draft.agotados}
            onChange={(e) => set('agotados', e.target.checked)}
          />
          Mostrar lotes agotados
        </label>
        <label className="mt-3 flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary-700"
            checked={draft.eudr}
            onChange={(e) => set('eudr', e.target.checked)}
          />
          Solo listos para la EUDR
        </label>
        <div className="mt-3">
          <Checkboxes<Posicion>
            values={POSICIONES}
            labels={POSICION_LABELS}
            selected={draft.posicion}
            onChange={(v) => set('posicion', v)}
          />
        </div>
      </Group>
      <Group legend="Certificaciones">
        <Checkboxes<Certificacion>
          values={CERTIFICACIONES}
          labels={CERTIFICACION_LABELS}
          selected={draft.certificacion}
          onChange={(v) => set('certificacion', v)}
        />
      </Group>
      <div className="sticky bottom-0 border-t border-gray-200 bg-white pt-4 pb-1 dark:border-gray-800 dark:bg-gray-900">
        {refused && hasErrors && (
          <p role="alert" className="field-error mb-2">
            Revisa los filtros marcados: no se han aplicado.
          </p>
        )}
        <div className="flex gap-2">
          <button type="submit" className="btn-primary flex-1">
            Aplicar filtros
          </button>
          {/* Borrar applies at once: the results and the chips follow the emptied form. */}
          <button
            type="button"
            className="btn-secondary"
            onClick={() => {
              const empty = { ...EMPTY_FILTERS, q: draft.q };
              setDraft(empty);
              setRefused(false);
              onApply(empty);
            }}
          >
            Borrar
          </button>
        </div>
      </div>
    </form>
  );
}
