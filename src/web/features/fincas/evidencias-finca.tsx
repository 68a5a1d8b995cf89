import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { EvidenciaInputSchema } from '../../../contract/fincas';
import { EVIDENCIA_TIPOS, EVIDENCIA_TIPO_LABELS } from '../../../contract/parcelas-codes';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { DOCUMENTO_ACCEPT, uploadDocumento } from '../../lib/upload';
import { toast } from '../../lib/toast';
import { Field, fieldProps } from '../../components/ui/field';
import { useAttachEvidencia, useEvidencias } from './api';

/*
 * The evidence form is the contract's EvidenciaInputSchema (web/lib/form-schema), with the PDF itself in place
 * of its address: the file is uploaded on submit and its address sent as `documento`.
 */
const datosForm = formOf(EvidenciaInputSchema.omit({ documento: true }));
const ArchivoSchema = z.object({
  archivo: z.custom<FileList>((v) => v instanceof FileList && v.length > 0, { error: 'Adjunta el documento en PDF.' }),
});
type Parsed = z.output<typeof datosForm.schema> & z.output<typeof ArchivoSchema>;
type Values = FormOf<z.output<typeof datosForm.schema>> & { archivo: FileList | null };
const resolver = zodResolver(z.intersection(datosForm.schema, ArchivoSchema) as unknown as z.ZodType<Parsed, Values>);
const defaults = (): Values => ({ ...datosForm.defaults(), archivo: null });
const CAMPOS = [...datosForm.paths, 'documento'];

const fecha = (iso: string) => new Date(iso).toLocaleDateString('es-ES');

/**
 * A plot's evidence (issue 30): land title or tenure, permits, certificates and a third party's deforestation
 * analysis, as private PDFs. Only the producer, the buyers of his orders and Cereza's operator can read them; the
 * due-diligence pack of each order lists them.
 */
export function EvidenciasFinca({ fincaId, nombre }: { fincaId: string; nombre: string }) {
  const id = useId();
  // Read when opened: a cooperative's page lists hundreds of plots.
  const [abierto, setAbierto] = useState(false);
  const { data: evidencias, isError, error } = useEvidencias(fincaId, abierto);
  const attach = useAttachEvidencia(fincaId);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values, unknown, Parsed>({ defaultValues: defaults(), resolver });
  const err = (k: keyof Values) => errors[k]?.message;

  const submit = handleSubmit(async ({ archivo, ...datos }) => {
    try {
      const doc = await uploadDocumento(archivo[0]);
      const r = await attach.mutateAsync({ ...datos, documento: doc.url });
      toast.success(r.message);
      reset(defaults());
    } catch (e) {
      // The server names `documento` (the uploaded address): it falls on the file box.
      const shown = showFieldErrors(e, CAMPOS, (name, error, options) =>
        setError(name === 'documento' ? 'archivo' : (name as keyof Values), error, options),
      );
      if (!shown) setError('archivo', { type: 'server', message: errorMessage(e) });
    }
  });

  return (
    <details
      className="rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700"
      onToggle={(e) => setAbierto(e.currentTarget.open)}
    >
      <summary className="cursor-pointer font-medium">
        Pruebas de la parcela{evidencias ? ` (${evidencias.length})` : ''}
      </summary>
      <div className="mt-2 space-y-3">
        <p className="text-gray-700 dark:text-gray-300">
          Título o tenencia, permisos, certificados o el análisis de deforestación de un tercero, en PDF. Solo los ven
          tú, los compradores de tus pedidos y Cereza; el paquete de diligencia debida de cada pedido los lista.
        </p>
        {isError && <p role="alert">{errorMessage(error)}</p>}
        {evidencias?.length === 0 && <p>Aún no hay pruebas de esta parcela.</p>}
        {evidencias && evidencias.length > 0 && (
          <ul className="space-y-1" aria-label={`Pruebas de ${nombre}`}>
            {evidencias.map((ev) => (
              <li key={ev.id}>
                <span className="font-medium">{EVIDENCIA_TIPO_LABELS[ev.tipo]}</span>: {ev.descripcion} ·{' '}
                <a className="underline" href={ev.url} target="_blank" rel="noreferrer">
                  {ev.nombreArchivo}
                </a>{' '}
                · {fecha(ev.createdAt)}
              </li>
            ))}
          </ul>
        )}
        <form noValidate onSubmit={submit} className="space-y-2" aria-label={`Añadir una prueba a ${nombre}`}>
          <Field id={`${id}-tipo`} label="Tipo de documento" error={err('tipo')} required>
            <select className="input" {...fieldProps(`${id}-tipo`, err('tipo'))} {...register('tipo')}>
              <option value="">Elige un tipo</option>
              {EVIDENCIA_TIPOS.map((t) => (
                <option key={t} value={t}>
                  {EVIDENCIA_TIPO_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-desc`} label="Descripción" error={err('descripcion')} required>
            <input
              className="input"
              maxLength={200}
              {...fieldProps(`${id}-desc`, err('descripcion'))}
              {...register('descripcion')}
            />
          </Field>
          <Field id={`${id}-doc`} label="Documento (PDF)" error={err('archivo')} required>
            <input
              type="file"
              accept={DOCUMENTO_ACCEPT}
              className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-100 file:px-3 file:py-2 file:font-medium file:text-primary-900 dark:file:bg-primary-900/60 dark:file:text-primary-100"
              {...fieldProps(`${id}-doc`, err('archivo'))}
              {...register('archivo')}
            />
          </Field>
          <button type="submit" className="btn-secondary" disabled={isSubmitting}>
            {isSubmitting ? 'Subiendo…' : 'Añadir la prueba'}
          </button>
        </form>
      </div>
    </details>
  );
}
