import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { PAISES } from '../../../../../contract/lotes';
import { FieldError } from '../../../../components/ui/field';
import { Select, type SelectOption } from '../../../../components/ui/select';
import { decimalText, parseDecimal } from '../../../../lib/form-schema';
import type { FormValues } from '../../form-values';
import { fieldId, Section, TextField, useFieldError, useLoteForm } from './fields';

const PAIS_OPTIONS: SelectOption[] = PAISES.map((p) => ({ value: p.code, label: p.nombre }));

export function IdentidadSection({ editing }: { editing: boolean }) {
  const { register } = useLoteForm();
  const error = useFieldError('descripcion');
  const id = fieldId('descripcion');
  return (
    <Section titulo="Identidad del lote">
      <TextField name="nombre" required label="Nombre del lote" wide maxLength={120} />
      <TextField
        name="codigo"
        label="Código del lote"
        hint={editing ? undefined : 'Si lo dejas vacío, lo generamos (por ejemplo CO-25-0001).'}
        maxLength={40}
        placeholder="CO-HUI-24-014"
      />
      <div className="sm:col-span-2">
        <label htmlFor={id} className="label">
          Descripción
        </label>
        <textarea
          id={id}
          rows={5}
          maxLength={5000}
          className="input"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register('descripcion')}
        />
        <FieldError id={id} error={error} />
      </div>
    </Section>
  );
}

type UbicacionValue = FormValues['ubicacion'];

/**
 * The plot's location: a point typed as latitude and longitude, or a polygon kept from the stored lot (the form
 * cannot draw one) that the producer may remove. A half-typed point is an error the contract reports.
 */
function UbicacionInputs({ value, onChange }: { value: UbicacionValue; onChange: (v: UbicacionValue) => void }) {
  const point = value?.type === 'Point' ? value.coordinates : null;
  const [lat, setLat] = useState(point ? decimalText(point[1]) : '');
  const [lon, setLon] = useState(point ? decimalText(point[0]) : '');
  const error = useFieldError('ubicacion');

  if (value?.type === 'Polygon') {
    return (
      <div className="rounded-lg bg-gray-50 p-3 text-sm sm:col-span-2 dark:bg-gray-800">
        La parcela tiene un polígono de ubicación guardado.{' '}
        <button type="button" className="font-medium underline" onClick={() => onChange(null)}>
          Quitar el polígono
        </button>
      </div>
    );
  }
  const number = (s: string) => (s.trim() === '' ? Number.NaN : parseDecimal(s, { decimales: 6, max: 180 }));
  const change = (nextLat: string, nextLon: string) => {
    setLat(nextLat);
    setLon(nextLon);
    onChange(
      nextLat.trim() === '' && nextLon.trim() === ''
        ? null
        : { type: 'Point', coordinates: [number(nextLon), number(nextLat)] },
    );
  };
  const input = (key: 'latitud' | 'longitud', label: string, hint: string, text: string) => (
    <div>
      <label htmlFor={fieldId(key)} className="label">
        {label}
      </label>
      <input
        id={fieldId(key)}
        className="input"
        inputMode="decimal"
        value={text}
        aria-invalid={!!error}
        aria-describedby={`${fieldId(key)}-hint${error ? ` ${fieldId('ubicacion')}-error` : ''}`}
        onChange={(e) => (key === 'latitud' ? change(e.target.value, lon) : change(lat, e.target.value))}
      />
      <p id={`${fieldId(key)}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
        {hint}
      </p>
    </div>
  );
  return (
    <>
      {input('latitud', 'Latitud de la parcela', 'Entre -90 y 90; por ejemplo 2,19.', lat)}
      {input('longitud', 'Longitud de la parcela', 'Entre -180 y 180; por ejemplo -75,63.', lon)}
    </>
  );
}

export function OrigenSection() {
  const { control } = useLoteForm();
  const paisError = useFieldError('pais');
  const ubicacionError = useFieldError('ubicacion');
  return (
    <Section titulo="Origen">
      <Controller
        control={control}
        name="pais"
        render={({ field }) => (
          <div>
            <Select
              label="País"
              options={PAIS_OPTIONS}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              onBlur={field.onBlur}
              error={paisError}
            />
          </div>
        )}
      />
      <TextField name="region" required label="Región" maxLength={100} />
      <TextField name="municipio" label="Municipio" maxLength={100} />
      <TextField name="finca" label="Finca" maxLength={120} />
      <TextField name="altitudMin" label="Altitud mínima (m s. n. m.)" inputMode="numeric" />
      <TextField name="altitudMax" label="Altitud máxima (m s. n. m.)" inputMode="numeric" />
      <Controller
        control={control}
        name="ubicacion"
        render={({ field }) => <UbicacionInputs value={field.value} onChange={field.onChange} />}
      />
      {ubicacionError && (
        <p id={`${fieldId('ubicacion')}-error`} className="field-error sm:col-span-2" role="alert">
          {ubicacionError}
        </p>
      )}
    </Section>
  );
}
