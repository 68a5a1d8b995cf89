import { useState, type Ref } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { FileText } from 'lucide-react';
import { z } from 'zod';
import {
  POSTURA_LABELS,
  RespuestaReclamoInputSchema,
  type AporteReclamo,
  type Reclamo,
} from '../../../contract/reclamos';
import type { Pedido } from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DOCUMENTO_ACCEPT, UPLOAD_ACCEPT, uploadDocumento, uploadImage } from '../../lib/upload';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, memberOf, type FormOf } from '../../lib/form-schema';
import { NumeroInput } from '../../components/ui/numero-input';
import { useResponderReclamo } from './api';
import { dinero } from './parts';
import { CataSheet } from '../../components/cata-sheet';

/** An upload of one's own as a claim carries it (src/contract/reclamos.ts), with what the list shows. */
export interface Evidencia {
  ref: { imagenId: string } | { documentoId: string };
  nombre: string;
}

/** Photos and PDFs for a claim or its answer: each file is uploaded as it is chosen, then sent by its id. */
export function EvidenciasInput({
  ref,
  id,
  value,
  onChange,
  onError,
  onBusy,
  error,
}: {
  /** A form library's handle on the file box, to focus it when the list is refused (React 19 passes it as a prop). */
  ref?: Ref<HTMLInputElement>;
  id: string;
  /** The server's refusal of the list (too many, a file not one's own), shown beside it. */
  error?: string;
  value: Evidencia[];
  onChange: (v: Evidencia[]) => void;
  onError: (m: string) => void;
  onBusy: (b: boolean) => void;
}) {
  const [subiendo, setSubiendo] = useState(false);
  const upload = (file: File) => {
    setSubiendo(true);
    onBusy(true);
    const pdf = file.type === 'application/pdf' || file.name.toLowerCase().endsWith('.pdf');
    const subida: Promise<Evidencia> = pdf
      ? uploadDocumento(file).then((d) => ({ ref: { documentoId: d.id }, nombre: d.nombre }))
      : uploadImage(file).then((d) => ({ ref: { imagenId: d.id }, nombre: file.name }));
    subida
      .then((e) => onChange([...value, e]))
      .catch((err: unknown) => onError(errorMessage(err)))
      .finally(() => {
        setSubiendo(false);
        onBusy(false);
      });
  };
  return (
    <Field id={id} label="Evidencias: fotos o PDF (hasta 6)" error={error}>
      <input
        {...fieldProps(id, error)}
        ref={ref}
        type="file"
        accept={`${UPLOAD_ACCEPT},${DOCUMENTO_ACCEPT}`}
        className="block text-sm"
        disabled={subiendo || value.length >= 6}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) upload(file);
        }}
      />
      {subiendo && <p role="status">Subiendo…</p>}
      {value.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {value.map((e, i) => (
            <li key={`${e.nombre}-${i}`} className="flex items-center gap-2">
              {e.nombre}
              <button
                type="button"
                className="text-xs underline"
                onClick={() => onChange(value.filter((_, j) => j !== i))}
                aria-label={`Quitar ${e.nombre}`}
              >
                Quitar
              </button>
            </li>
          ))}
        </ul>
      )}
    </Field>
  );
}

function Aporte({ a, moneda }: { a: AporteReclamo; moneda: string }) {
  return (
    <div className="rounded border border-gray-200 p-3 dark:border-gray-700">
      <p className="text-sm font-medium">
        {POSTURA_LABELS[a.postura]} · {formatDateTime(a.createdAt)}
      </p>
      {a.descuentoCentavos != null && (
        <p className="text-sm">Descuento aceptado: {dinero(a.descuentoCentavos, moneda)}</p>
      )}
      {/* The buyer's reason is shown above it, with the resolution (parts.tsx ReclamoPedido). */}
      {a.texto && a.postura !== 'RECLAMO' && <p className="mt-1 text-sm whitespace-pre-line">{a.texto}</p>}
      {/* The arrival cupping whole, attribute by attribute (issue 25 §3): what the producer answers to. */}
      {a.cata && a.puntajeCata != null && (
        <div className="mt-2">
          <CataSheet
            titulo="Cata de llegada"
            cata={{ hoja: a.cata, puntajeTotal: a.puntajeCata, createdAt: a.createdAt }}
          />
        </div>
      )}
      {a.adjuntos.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2" aria-label="Evidencias">
          {a.adjuntos.map((f) =>
            'tipo' in f ? (
              <li key={f.url}>
                <a href={f.url} className="inline-flex items-center gap-1 text-sm underline" download={f.nombre}>
                  <FileText aria-hidden className="size-4" />
                  {f.nombre}
                </a>
              </li>
            ) : (
              <li key={f.url}>
                <a href={f.url} target="_blank" rel="noreferrer">
                  <img
                    src={f.thumb}
                    alt="Foto de la evidencia"
                    width={96}
                    height={96}
                    className="size-24 rounded object-cover"
                  />
                </a>
              </li>
            ),
          )}
        </ul>
      )}
    </div>
  );
}

/**
 * Beside the claim's reason and resolution (parts.tsx ReclamoPedido), for both parties: the buyer's evidence and
 * arrival cupping, the producer's answer, or his form while the claim is open.
 */
export function ReclamoDelPedido({ pedido, reclamo }: { pedido: Pedido; reclamo: Reclamo }) {
  return (
    <section aria-labelledby={`reclamo-${pedido.id}`} className="space-y-2">
      <h3 id={`reclamo-${pedido.id}`} className="font-semibold">
        Evidencias y respuesta del reclamo
      </h3>
      {reclamo.reclamo && <Aporte a={reclamo.reclamo} moneda={pedido.moneda} />}
      {reclamo.respuesta ? (
        <Aporte a={reclamo.respuesta} moneda={pedido.moneda} />
      ) : reclamo.puedeResponder ? (
        <ResponderReclamo pedido={pedido} />
      ) : (
        pedido.estado === 'EN_RECLAMO' && (
          <p className="text-sm text-gray-600 dark:text-gray-400">El productor todavía no ha respondido.</p>
        )
      )}
    </section>
  );
}

// The producer's answer is one of the contract's two postures, each its own form.
const ImpugnaSchema = memberOf(RespuestaReclamoInputSchema, 'IMPUGNA');
const impugnaForm = formOf(ImpugnaSchema);
type Impugna = z.output<typeof ImpugnaSchema>;
const DescuentoMiembro = memberOf(RespuestaReclamoInputSchema, 'ACEPTA_DESCUENTO');
/**
 * The discount is typed in the order's currency ("150,50"); the contract counts it in minor units, and its own
 * rules (whole, more than zero) judge it once converted.
 */
const DescuentoSchema = DescuentoMiembro.extend({
  descuentoCentavos: z
    .number({ error: 'Indica el descuento.' })
    .multipleOf(0.01, 'Admite como máximo 2 decimales.')
    .transform((v) => Math.round(v * 100))
    .pipe(DescuentoMiembro.shape.descuentoCentavos),
});
const descuentoForm = formOf(DescuentoSchema);
type Descuento = z.output<typeof DescuentoSchema>;

function ResponderReclamo({ pedido }: { pedido: Pedido }) {
  const [postura, setPostura] = useState<'ACEPTA_DESCUENTO' | 'IMPUGNA'>('IMPUGNA');
  return (
    <div className="space-y-3 rounded border border-gray-200 p-3 dark:border-gray-700">
      <fieldset>
        <legend className="font-medium">Tu respuesta al reclamo</legend>
        <label className="mr-4 inline-flex min-h-11 items-center gap-2">
          <input type="radio" name="postura" checked={postura === 'IMPUGNA'} onChange={() => setPostura('IMPUGNA')} />
          Impugnar con mis evidencias
        </label>
        <label className="inline-flex min-h-11 items-center gap-2">
          <input
            type="radio"
            name="postura"
            checked={postura === 'ACEPTA_DESCUENTO'}
            onChange={() => setPostura('ACEPTA_DESCUENTO')}
          />
          Aceptar un descuento
        </label>
      </fieldset>
      {postura === 'IMPUGNA' ? <ImpugnarForm pedido={pedido} /> : <DescuentoForm pedido={pedido} />}
    </div>
  );
}

function ImpugnarForm({ pedido }: { pedido: Pedido }) {
  const [ocupado, setOcupado] = useState(false);
  // What the list shows of each upload; the form holds their references.
  const [evidencias, setEvidencias] = useState<Evidencia[]>([]);
  const responder = useResponderReclamo();
  const form = useForm<FormOf<Impugna>, unknown, Impugna>({
    defaultValues: impugnaForm.defaults(),
    resolver: impugnaForm.resolver,
  });
  const {
    register,
    setValue,
    formState: { errors },
  } = form;
  const idTexto = `respuesta-texto-${pedido.id}`;
  const idEvidencias = `respuesta-evidencias-${pedido.id}`;
  const {
    submit,
    alert: error,
    setAlert: setError,
  } = useFormSubmit(
    form,
    impugnaForm.paths,
    async (body) => toast.success((await responder.mutateAsync({ id: pedido.id, body })).message),
    { marked: 'Revisa los campos marcados.' },
  );
  const textoError = errors.texto?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id={idTexto} label="Tus argumentos" error={textoError}>
        <textarea
          className="input w-full"
          rows={3}
          maxLength={2000}
          {...fieldProps(idTexto, textoError)}
          {...register('texto')}
        />
      </Field>
      <EvidenciasInput
        id={idEvidencias}
        error={errors.evidencias?.message}
        value={evidencias}
        onChange={(v) => {
          setEvidencias(v);
          setValue(
            'evidencias',
            v.map((x) => x.ref),
          );
        }}
        onError={setError}
        onBusy={setOcupado}
      />
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={responder.isPending || ocupado}>
        Enviar respuesta
      </button>
    </form>
  );
}

function DescuentoForm({ pedido }: { pedido: Pedido }) {
  const responder = useResponderReclamo();
  const form = useForm<FormOf<Descuento>, unknown, Descuento>({
    defaultValues: descuentoForm.defaults(),
    resolver: descuentoForm.resolver,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  const idDescuento = `descuento-${pedido.id}`;
  const idTexto = `respuesta-texto-${pedido.id}`;
  const { submit, alert: error } = useFormSubmit(
    form,
    descuentoForm.paths,
    async (body) => toast.success((await responder.mutateAsync({ id: pedido.id, body })).message),
    { marked: 'Revisa los campos marcados.' },
  );
  const descuentoError = errors.descuentoCentavos?.message;
  const textoError = errors.texto?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id={idDescuento} label={`Descuento (${pedido.moneda})`} required error={descuentoError}>
        <Controller
          control={control}
          name="descuentoCentavos"
          render={({ field }) => (
            <NumeroInput
              id={idDescuento}
              className="input w-full"
              decimales={2}
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-invalid={descuentoError ? true : undefined}
              aria-describedby={[descuentoError ? `${idDescuento}-error` : '', `descuento-maximo-${pedido.id}`]
                .filter(Boolean)
                .join(' ')}
            />
          )}
        />
        <p id={`descuento-maximo-${pedido.id}`} className="text-sm text-gray-600 dark:text-gray-400">
          Como máximo {dinero(pedido.totalCentavos, pedido.moneda)}.
        </p>
      </Field>
      <Field id={idTexto} label="Comentario (opcional)" error={textoError}>
        <textarea
          className="input w-full"
          rows={3}
          maxLength={2000}
          {...fieldProps(idTexto, textoError)}
          {...register('texto')}
        />
      </Field>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={responder.isPending}>
        Enviar respuesta
      </button>
    </form>
  );
}
