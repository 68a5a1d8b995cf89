import { useId, useState, type ReactNode } from 'react';
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
import { EMPTY_FILTERS, type Filters } from '../filters';

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

function Range({
  min,
  max,
  onMin,
  onMax,
  labelMin,
  labelMax,
  step,
  maxValue,
}: {
  min: string;
  max: string;
  onMin: (v: string) => void;
  onMax: (v: string) => void;
  labelMin: string;
  labelMax: string;
  step: string;
  maxValue?: number;
}) {
  const id = useId();
  return (
    <div className="grid grid-cols-2 gap-2">
      <div>
        <label htmlFor={`${id}-min`} className="label">
          {labelMin}
        </label>
        <input
          id={`${id}-min`}
          type="number"
          inputMode="decimal"
          min={0}
          max={maxValue}
          step={step}
          className="input"
          value={min}
          onChange={(e) => onMin(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-max`} className="label">
          {labelMax}
        </label>
        <input
          id={`${id}-max`}
          type="number"
          inputMode="decimal"
          min={0}
          max={maxValue}
          step={step}
          className="input"
          value={max}
          onChange={(e) => onMax(e.target.value)}
        />
      </div>
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
  const [draft, setDraft] = useState<Filters>(value);
  const id = useId();
  const set = <K extends keyof Filters>(k: K, v: Filters[K]) => setDraft((d) => ({ ...d, [k]: v }));
  const invertedRange = (a: string, b: string) => a !== '' && b !== '' && Number(a) > Number(b);
  const puntajeError = invertedRange(draft.puntajeMin, draft.puntajeMax)
    ? 'El puntaje mínimo no puede superar al máximo.'
    : null;
  const precioError = invertedRange(draft.precioMin, draft.precioMax)
    ? 'El precio mínimo no puede superar al máximo.'
    : null;

  return (
    <form
      aria-labelledby={headingId}
      className="flex flex-col gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (puntajeError || precioError) return;
        onApply(draft);
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
          step="0.25"
          maxValue={100}
        />
        {puntajeError && (
          <p className="field-error" role="alert">
            {puntajeError}
          </p>
        )}
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
          step="0.01"
        />
        {precioError && (
          <p className="field-error" role="alert">
            {precioError}
          </p>
        )}
      </Group>
      <Group legend="Disponibilidad">
        <label htmlFor={`${id}-sacos`} className="label">
          Mínimo de sacos disponibles
        </label>
        <input
          id={`${id}-sacos`}
          type="number"
          inputMode="numeric"
          min={0}
          step={1}
          className="input"
          value={draft.sacosMin}
          onChange={(e) => set('sacosMin', e.target.value)}
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
      <div className="sticky bottom-0 flex gap-2 border-t border-gray-200 bg-white pt-4 pb-1 dark:border-gray-800 dark:bg-gray-900">
        <button type="submit" className="btn-primary flex-1">
          Aplicar filtros
        </button>
        <button type="button" className="btn-secondary" onClick={() => setDraft({ ...EMPTY_FILTERS, q: draft.q })}>
          Borrar
        </button>
      </div>
    </form>
  );
}
