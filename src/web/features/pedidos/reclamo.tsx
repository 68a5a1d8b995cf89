import { useState, type FormEvent } from 'react';
import { FileText } from 'lucide-react';
import { POSTURA_LABELS, type AporteReclamo, type Reclamo } from '../../../contract/reclamos';
import type { Pedido } from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { DOCUMENTO_ACCEPT, UPLOAD_ACCEPT, uploadDocumento, uploadImage } from '../../lib/upload';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { NumeroInput, numeroDe, primerError } from '../../components/ui/numero-input';
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
  id,
  value,
  onChange,
  onError,
  onBusy,
  error,
}: {
  id: string;
  /** The server's refusal of the list (too many, a file not one's own), shown beside it. */
  error?: string;
  value: Evidencia[];
  onChange: (v: Evidencia[]) => void;
  onError: (m: string) => void;
  onBusy: (b: boolean) => void;
}) {
  const [subiendo, setSubiendo] = useState(false);
  const subir = (file: File) => {
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
        type="file"
        accept={`${UPLOAD_ACCEPT},${DOCUMENTO_ACCEPT}`}
        className="block text-sm"
        disabled={subiendo || value.length >= 6}
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) subir(file);
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

/** An amount typed the Spanish way ("1.234,56", "150") in minor units; null when empty or refused. */
function centavosDe(texto: string): number | null {
  const r = numeroDe(texto, { decimales: 2 });
  return r == null || Number.isNaN(r) ? null : Math.round(r * 100);
}

function ResponderReclamo({ pedido }: { pedido: Pedido }) {
  const [postura, setPostura] = useState<'ACEPTA_DESCUENTO' | 'IMPUGNA'>('IMPUGNA');
  const [texto, setTexto] = useState('');
  const [importe, setImporte] = useState('');
  const [evidencias, setEvidencias] = useState<Evidencia[]>([]);
  const [ocupado, setOcupado] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The server's refusals by the id of the input that shows each field (issue 32).
  const [campos, setCampos] = useState<Record<string, string>>({});
  const responder = useResponderReclamo();
  const idDescuento = `descuento-${pedido.id}`;
  const idTexto = `respuesta-texto-${pedido.id}`;
  const idEvidencias = `respuesta-evidencias-${pedido.id}`;
  const centavos = centavosDe(importe);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setCampos({});
    if (postura === 'ACEPTA_DESCUENTO' && !centavos) {
      setCampos({
        [idDescuento]: primerError([[importe, { decimales: 2 }]]) ?? 'Escribe el descuento, por ejemplo 1.234,56.',
      });
      focusField(idDescuento);
      return;
    }
    try {
      const r = await responder.mutateAsync({
        id: pedido.id,
        body:
          postura === 'ACEPTA_DESCUENTO'
            ? { postura, descuentoCentavos: centavos!, texto }
            : { postura, texto, evidencias: evidencias.map((x) => x.ref) },
      });
      toast.success(r.message);
    } catch (err) {
      // Each refused field says why beside it and the first gets the focus; otherwise the server's message.
      const { errors, first } = fieldErrorsById(err, {
        descuentoCentavos: idDescuento,
        texto: idTexto,
        evidencias: idEvidencias,
      });
      setCampos(errors);
      setError(first ? 'Revisa los campos marcados.' : errorMessage(err));
      focusField(first);
    }
  };

  return (
    <form onSubmit={submit} className="space-y-3 rounded border border-gray-200 p-3 dark:border-gray-700">
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
      {postura === 'ACEPTA_DESCUENTO' && (
        <Field id={idDescuento} label={`Descuento (${pedido.moneda})`} required error={campos[idDescuento]}>
          <NumeroInput
            id={idDescuento}
            className="input w-full"
            decimales={2}
            value={importe}
            onChange={setImporte}
            aria-invalid={campos[idDescuento] ? true : undefined}
            aria-describedby={[campos[idDescuento] ? `${idDescuento}-error` : '', `descuento-maximo-${pedido.id}`]
              .filter(Boolean)
              .join(' ')}
          />
          <p id={`descuento-maximo-${pedido.id}`} className="text-sm text-gray-600 dark:text-gray-400">
            Como máximo {dinero(pedido.totalCentavos, pedido.moneda)}.
          </p>
        </Field>
      )}
      <Field
        id={idTexto}
        label={postura === 'IMPUGNA' ? 'Tus argumentos' : 'Comentario (opcional)'}
        error={campos[idTexto]}
      >
        <textarea
          {...fieldProps(idTexto, campos[idTexto])}
          className="input w-full"
          rows={3}
          maxLength={2000}
          value={texto}
          onChange={(e) => setTexto(e.target.value)}
        />
      </Field>
      {postura === 'IMPUGNA' && (
        <EvidenciasInput
          id={idEvidencias}
          error={campos[idEvidencias]}
          value={evidencias}
          onChange={setEvidencias}
          onError={setError}
          onBusy={setOcupado}
        />
      )}
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={responder.isPending || ocupado}>
        Enviar respuesta
      </button>
    </form>
  );
}
