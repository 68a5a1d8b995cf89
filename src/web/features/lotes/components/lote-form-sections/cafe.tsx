import { Controller } from 'react-hook-form';
import { LOTE_LIMITS, PROCESO_LABELS, PROCESOS, SUGGESTED_VARIEDADES } from '../../../../../contract/lotes';
import { MesYear } from '../../../../components/ui/mes-year';
import { Select, type SelectOption } from '../../../../components/ui/select';
import { Field, fieldProps } from '../../../../components/ui/field';
import { ListField, Section, TextField, toOptions, useFieldError, useLoteForm } from './fields';

const VARIEDAD_OPTIONS: SelectOption[] = SUGGESTED_VARIEDADES.map((v) => ({ value: v, label: v }));
const PROCESO_OPTIONS = [{ value: '', label: 'Elige un proceso' }, ...toOptions(PROCESOS, PROCESO_LABELS)];

export function CafeSection() {
  const { control } = useLoteForm();
  const variedadesError = useFieldError('variedades');
  const cosechaError = useFieldError('cosecha');
  const inicioError = useFieldError('cosechaInicio');
  const finError = useFieldError('cosechaFin');
  return (
    <Section titulo="Café">
      <Controller
        control={control}
        name="variedades"
        render={({ field }) => (
          <div className="sm:col-span-2">
            {/* A variety outside the list is common (local selections): typed text may be added. */}
            <Select
              multiple
              allowCustom
              max={LOTE_LIMITS.variedades}
              label="Variedades"
              options={VARIEDAD_OPTIONS}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={variedadesError}
            />
          </div>
        )}
      />
      <ListField name="proceso" required label="Proceso" options={PROCESO_OPTIONS} />
      <TextField name="secado" label="Secado" placeholder="Camas africanas, 18 días" maxLength={120} />
      <Controller
        control={control}
        name="cosecha"
        render={({ field }) => (
          <MesYear
            label="Cosecha"
            value={field.value}
            onChange={(v) => field.onChange(v ?? '')}
            onBlur={field.onBlur}
            error={cosechaError}
          />
        )}
      />
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="text-sm font-medium">
          Periodo de producción (EUDR): el primer y el último día de la cosecha de este café
        </legend>
        {(
          [
            ['cosechaInicio', 'Inicio de la cosecha', inicioError],
            ['cosechaFin', 'Fin de la cosecha', finError],
          ] as const
        ).map(([name, label, error]) => (
          <Controller
            key={name}
            control={control}
            name={name}
            render={({ field }) => (
              <Field id={`lote-${name}`} label={label} error={error}>
                <input
                  type="date"
                  className="input"
                  value={field.value ?? ''}
                  onChange={(e) => field.onChange(e.target.value)}
                  onBlur={field.onBlur}
                  {...fieldProps(`lote-${name}`, error)}
                />
              </Field>
            )}
          />
        ))}
      </fieldset>
    </Section>
  );
}

export function TazaSection() {
  const { control } = useLoteForm();
  const error = useFieldError('notasCata');
  return (
    <Section titulo="Taza">
      <TextField
        name="puntaje"
        label="Puntaje SCA"
        inputMode="decimal"
        max={100}
        hint="De 0 a 100, en pasos de 0,25."
      />
      <Controller
        control={control}
        name="notasCata"
        render={({ field }) => (
          <div className="sm:col-span-2">
            {/* Tasting notes are the cupper's own words: free text, one chip per note. */}
            <Select
              multiple
              allowCustom
              max={LOTE_LIMITS.notasCata}
              label="Notas de cata"
              options={[]}
              placeholder="Escribe una nota y pulsa Intro"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={error}
            />
          </div>
        )}
      />
    </Section>
  );
}

export function FisicoSection() {
  return (
    <Section titulo="Físico">
      <TextField name="humedad" label="Humedad (%)" inputMode="decimal" max={100} />
      <TextField
        name="actividadAgua"
        label="Actividad de agua (aw)"
        inputMode="decimal"
        decimales={3}
        max={1}
        hint="Entre 0 y 1; por ejemplo 0,55."
      />
      <TextField name="densidad" label="Densidad (g/L)" inputMode="numeric" />
      <TextField name="zaranda" label="Zaranda" placeholder="15+" maxLength={20} />
    </Section>
  );
}
