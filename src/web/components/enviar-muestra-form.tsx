import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CajaEnvioSchema, TRANSPORTISTAS } from '../../contract/muestras';
import { errorMessage } from '../lib/api';
import { showFieldErrors } from '../lib/form-errors';
import { formOf, type FormOf } from '../lib/form-schema';
import { Field, FormAlert, fieldProps } from './ui/field';
import { ImageUpload } from './ui/image-upload';

/*
 * One shipment's fields, a sample's (ENVIAR) or a box's: the contract's CajaEnvioSchema, whose carrier and tracking
 * number are the same fields, with the same messages, as MuestraAccionSchema's ENVIAR.
 */
const envioForm = formOf(CajaEnvioSchema, { transportista: 'DHL' });
const resolver = envioForm.resolver;
type Envio = z.output<typeof CajaEnvioSchema>;

/**
 * Shipping a sample: carrier, tracking number and the photo of the sample bag (the spec's "sample-image flag"
 * modal), which the buyer sees in the sample's timeline.
 */
export function EnviarForm({
  onSubmit,
  fotoDetalle = 'Con la etiqueta del código de lote visible: el comprador sabrá qué esperar al abrir el paquete.',
}: {
  onSubmit: (transportista: string, numeroGuia: string, imagen: string | null) => Promise<void>;
  fotoDetalle?: string;
}) {
  // The uploaded photo, shown in place of the picker; the form holds its address.
  const [foto, setFoto] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    setValue,
    formState: { errors },
  } = useForm<FormOf<Envio>, unknown, Envio>({ defaultValues: envioForm.defaults(), resolver });
  const submit = handleSubmit(async (v) => {
    setError(null);
    try {
      await onSubmit(v.transportista, v.numeroGuia, v.imagen ?? null);
    } catch (err) {
      // The refusal names the field and puts the focus on it (issue 32); any other error says what happened.
      if (!showFieldErrors(err, envioForm.paths, setFieldError)) setError(errorMessage(err));
    }
  });
  const err = (k: 'transportista' | 'numeroGuia') => errors[k]?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="transportista" label="Transportista" required error={err('transportista')}>
        <input
          className="input w-full"
          list="transportistas"
          {...fieldProps('transportista', err('transportista'))}
          {...register('transportista')}
        />
      </Field>
      <datalist id="transportistas">
        {Object.keys(TRANSPORTISTAS).map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <Field id="numero-guia" label="Número de guía" required error={err('numeroGuia')}>
        <input className="input w-full" {...fieldProps('numero-guia', err('numeroGuia'))} {...register('numeroGuia')} />
      </Field>
      <div>
        <p className="mb-1 text-sm font-medium">Foto de la bolsa de la muestra</p>
        <p className="mb-2 text-xs text-gray-600 dark:text-gray-400">{fotoDetalle}</p>
        {foto ? (
          <img src={foto} alt="Foto de la bolsa de la muestra" className="h-24 rounded" />
        ) : (
          <ImageUpload
            label="Subir foto"
            onUploaded={(r) => {
              setValue('imagen', r.url);
              setFoto(r.url);
            }}
          />
        )}
      </div>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary">
        Confirmar envío
      </button>
    </form>
  );
}
