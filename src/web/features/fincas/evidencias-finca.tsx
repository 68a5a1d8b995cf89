import { useId, useState, type FormEvent } from 'react';
import { EVIDENCIA_TIPOS, EVIDENCIA_TIPO_LABELS, type EvidenciaTipo } from '../../../contract/parcelas-codes';
import { ApiError, errorMessage } from '../../lib/api';
import { DOCUMENTO_ACCEPT, uploadDocumento } from '../../lib/upload';
import { toast } from '../../lib/toast';
import { Field, fieldProps } from '../../components/ui/field';
import { useAdjuntarEvidencia, useEvidencias } from './api';

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
  const adjuntar = useAdjuntarEvidencia(fincaId);
  const [tipo, setTipo] = useState<EvidenciaTipo | ''>('');
  const [descripcion, setDescripcion] = useState('');
  const [archivo, setArchivo] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [enviando, setEnviando] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const faltan: Record<string, string> = {};
    if (!tipo) faltan.tipo = 'Elige el tipo de documento de la lista.';
    if (descripcion.trim().length < 2) faltan.descripcion = 'Describe el documento (al menos 2 caracteres).';
    if (!archivo) faltan.documento = 'Adjunta el documento en PDF.';
    setErrors(faltan);
    if (Object.keys(faltan).length || !archivo || !tipo) return;
    setEnviando(true);
    try {
      const doc = await uploadDocumento(archivo);
      const r = await adjuntar.mutateAsync({ tipo, descripcion: descripcion.trim(), documento: doc.url });
      toast.success(r.message);
      setTipo('');
      setDescripcion('');
      setArchivo(null);
      form.reset();
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else setErrors({ documento: errorMessage(err) });
    } finally {
      setEnviando(false);
    }
  };

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
          <Field id={`${id}-tipo`} label="Tipo de documento" error={errors.tipo} required>
            <select
              className="input"
              value={tipo}
              onChange={(e) => setTipo(e.target.value as EvidenciaTipo)}
              {...fieldProps(`${id}-tipo`, errors.tipo)}
            >
              <option value="">Elige un tipo</option>
              {EVIDENCIA_TIPOS.map((t) => (
                <option key={t} value={t}>
                  {EVIDENCIA_TIPO_LABELS[t]}
                </option>
              ))}
            </select>
          </Field>
          <Field id={`${id}-desc`} label="Descripción" error={errors.descripcion} required>
            <input
              className="input"
              value={descripcion}
              maxLength={200}
              onChange={(e) => setDescripcion(e.target.value)}
              {...fieldProps(`${id}-desc`, errors.descripcion)}
            />
          </Field>
          <Field id={`${id}-doc`} label="Documento (PDF)" error={errors.documento} required>
            <input
              type="file"
              accept={DOCUMENTO_ACCEPT}
              className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-100 file:px-3 file:py-2 file:font-medium file:text-primary-900 dark:file:bg-primary-900/60 dark:file:text-primary-100"
              onChange={(e) => setArchivo(e.target.files?.[0] ?? null)}
              {...fieldProps(`${id}-doc`, errors.documento)}
            />
          </Field>
          <button type="submit" className="btn-secondary" disabled={enviando}>
            {enviando ? 'Subiendo…' : 'Añadir la prueba'}
          </button>
        </form>
      </div>
    </details>
  );
}
