import { useState, type FormEvent } from 'react';
import { TRANSPORTISTAS } from '../../contract/muestras';
import { errorMessage } from '../lib/api';
import { fieldErrorsById, focusField } from '../lib/form-errors';
import { Field, FormAlert } from './ui/field';
import { ImageUpload } from './ui/image-upload';

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
  const [imagen, setImagen] = useState<{ url: string; thumb?: string } | null>(null);
  const [transportista, setTransportista] = useState('DHL');
  const [numeroGuia, setNumeroGuia] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    setError(null);
    try {
      await onSubmit(transportista, numeroGuia, imagen?.url ?? null);
    } catch (err) {
      // The refusal names the field and puts the focus on it (issue 32); any other error says what happened.
      const { errors, first } = fieldErrorsById(err, { transportista: 'transportista', numeroGuia: 'numero-guia' });
      setFields(errors);
      if (first) focusField(first);
      else setError(errorMessage(err));
    }
  };
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="transportista" label="Transportista" required error={fields.transportista}>
        <input
          id="transportista"
          className="input w-full"
          list="transportistas"
          aria-invalid={fields.transportista ? true : undefined}
          aria-describedby={fields.transportista ? 'transportista-error' : undefined}
          value={transportista}
          onChange={(e) => setTransportista(e.target.value)}
        />
      </Field>
      <datalist id="transportistas">
        {Object.keys(TRANSPORTISTAS).map((t) => (
          <option key={t} value={t} />
        ))}
      </datalist>
      <Field id="numero-guia" label="Número de guía" required error={fields['numero-guia']}>
        <input
          id="numero-guia"
          aria-invalid={fields['numero-guia'] ? true : undefined}
          aria-describedby={fields['numero-guia'] ? 'numero-guia-error' : undefined}
          className="input w-full"
          value={numeroGuia}
          onChange={(e) => setNumeroGuia(e.target.value)}
        />
      </Field>
      <div>
        <p className="mb-1 text-sm font-medium">Foto de la bolsa de la muestra</p>
        <p className="mb-2 text-xs text-gray-600 dark:text-gray-400">{fotoDetalle}</p>
        {imagen ? (
          <img src={imagen.thumb ?? imagen.url} alt="Foto de la bolsa de la muestra" className="h-24 rounded" />
        ) : (
          <ImageUpload label="Subir foto" onUploaded={(r) => setImagen(r)} />
        )}
      </div>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary">
        Confirmar envío
      </button>
    </form>
  );
}
