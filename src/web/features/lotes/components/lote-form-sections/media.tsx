import { Controller } from 'react-hook-form';
import { LOTE_LIMITS } from '../../../../../contract/lotes';
import { AddImg } from '../../../../components/ui/add-img';
import { CheckField, Section, TextField, useFieldError, useLoteForm } from './fields';

/** Each AddImg reports whether it is uploading, so that the form can wait before saving. */
type BusyReporter = (busy: boolean) => void;

export function GaleriaSection({ onBusyChange }: { onBusyChange: BusyReporter }) {
  const { control } = useLoteForm();
  const error = useFieldError('galeriaLote');
  return (
    <section className="card p-5">
      <Controller
        control={control}
        name="galeriaLote"
        render={({ field }) => (
          <AddImg
            label="Galería de fotos"
            max={LOTE_LIMITS.galeriaLote}
            value={field.value}
            onChange={field.onChange}
            onBusyChange={onBusyChange}
            error={error}
          />
        )}
      />
    </section>
  );
}

export function MuestraSection({ onBusyChange }: { onBusyChange: BusyReporter }) {
  const { control, watch } = useLoteForm();
  const disponible = watch('muestra.disponible');
  const imagenError = useFieldError('muestra.imagen');
  return (
    <Section titulo="Muestra" descripcion="La muestra que envías a los compradores que la pidan.">
      <CheckField name="muestra.disponible" label="Ofrezco muestra de este lote" className="sm:col-span-2" />
      {disponible && (
        <>
          <TextField name="muestra.gramos" label="Gramos de la muestra" inputMode="numeric" />
          <TextField
            name="muestra.precio"
            label="Precio de la muestra"
            inputMode="decimal"
            hint="Déjalo vacío o en 0 si es gratuita."
          />
          <div className="sm:col-span-2">
            <Controller
              control={control}
              name="muestra.imagen"
              render={({ field }) => (
                <AddImg
                  label="Foto de la muestra"
                  max={1}
                  value={field.value ? [{ url: field.value }] : []}
                  onChange={(items) => field.onChange(items[0]?.url ?? '')}
                  toItem={(img) => ({ url: img.urls.md, width: img.width, height: img.height })}
                  onBusyChange={onBusyChange}
                  error={imagenError}
                />
              )}
            />
          </div>
        </>
      )}
    </Section>
  );
}

export function VisibilidadSection() {
  return (
    <section className="card p-5">
      <CheckField name="ocultar" label="Ocultar este lote del catálogo público" />
    </section>
  );
}
