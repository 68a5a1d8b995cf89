import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useForm } from 'react-hook-form';
import { FileText, ImagePlus, Send, X } from 'lucide-react';
import { MENSAJE_LIMITS, MensajeInputSchema, type MensajeInput } from '../../../contract/mensajes';
import type { DocumentoResult, UploadResult } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { idempotencyKeys } from '../../lib/idempotency';
import { DOCUMENTO_ACCEPT, UPLOAD_ACCEPT, uploadDocumento, uploadImage } from '../../lib/upload';

export interface ComposerMessage {
  texto: string;
  imagenId?: string;
  documentoId?: string;
}

/** The message is the contract's MensajeInputSchema (web/lib/form-schema): its parsing and Spanish messages. */
const mensajeForm = formOf(MensajeInputSchema);
const resolver = mensajeForm.resolver;
type Values = FormOf<MensajeInput>;

const draftKey = (id: string) => `cereza.borrador.${id}`;

function readDraft(id: string): string {
  try {
    return localStorage.getItem(draftKey(id)) ?? '';
  } catch {
    return '';
  }
}

function writeDraft(id: string, texto: string) {
  try {
    if (texto) localStorage.setItem(draftKey(id), texto);
    else localStorage.removeItem(draftKey(id));
  } catch {
    // storage full or blocked: the draft just is not kept
  }
}

/**
 * The composer: Enter sends, Shift+Enter adds a line; the draft is kept per conversation (in this browser)
 * until it is sent. A retried send reuses its Idempotency-Key, so it never arrives twice.
 */
export function Composer({
  draftId,
  onSend,
  disabled,
  label = 'Escribe tu mensaje',
  autoFocus,
  allowImage,
}: {
  draftId: string;
  onSend: (message: ComposerMessage, idempotencyKey: string) => Promise<unknown>;
  disabled?: boolean;
  label?: string;
  autoFocus?: boolean;
  /**
   * Offer "Adjuntar imagen" (an upload through POST /api/uploads) and "Adjuntar PDF" (POST
   * /api/uploads/documentos), sent by its id.
   */
  allowImage?: boolean;
}) {
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    reset,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, MensajeInput>({
    defaultValues: { ...mensajeForm.defaults(), texto: readDraft(draftId) },
    resolver,
  });
  /** A refusal that is not about the text (an upload, the conversation): the form's alert. */
  const [formError, setFormError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [imagen, setImagen] = useState<UploadResult | null>(null);
  const [documento, setDocumento] = useState<DocumentoResult | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileId = useId();
  const pdfId = useId();
  const keys = useRef(idempotencyKeys()).current;
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const texto = watch('texto');

  useEffect(() => writeDraft(draftId, texto), [draftId, texto]);
  const attach = (img: UploadResult | null, doc: DocumentoResult | null) => {
    // One attachment per message: the new one replaces the other.
    setImagen(img);
    setDocumento(doc);
    setValue('imagenId', img?.id ?? '');
    setValue('documentoId', doc?.id ?? '');
  };

  const send = handleSubmit(async (parsed) => {
    const body: ComposerMessage = {
      texto: parsed.texto,
      ...(parsed.imagenId ? { imagenId: parsed.imagenId } : {}),
      ...(parsed.documentoId ? { documentoId: parsed.documentoId } : {}),
    };
    setSending(true);
    setFormError(null);
    try {
      await onSend(body, keys.keyFor(body));
      keys.done();
      reset(mensajeForm.defaults());
      attach(null, null);
    } catch (err) {
      // A refusal of the text names it (issue 32: every form names the field and puts the focus on it).
      if (!showFieldErrors(err, ['texto'], setError)) setFormError(errorMessage(err));
    } finally {
      setSending(false);
    }
  });
  const submit = () => {
    // Nothing to send: Enter in an empty box does nothing (the button is disabled then).
    if ((!texto.trim() && !imagen && !documento) || sending || uploading || disabled) return;
    clearErrors();
    void send();
  };
  const error = errors.texto?.message ?? errors.imagenId?.message ?? errors.documentoId?.message ?? formError;
  const errorDelTexto = Boolean(errors.texto);

  const onFile = async (file: File | undefined, pdf = false) => {
    if (!file) return;
    setUploading(true);
    setFormError(null);
    clearErrors();
    try {
      if (pdf) attach(null, await uploadDocumento(file));
      else attach(await uploadImage(file), null);
    } catch (err) {
      setFormError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      className="flex flex-col gap-1.5"
    >
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {imagen && (
        <div className="flex items-center gap-2">
          <img src={imagen.urls.sm} alt="Imagen para adjuntar" className="h-16 w-auto rounded-lg" />
          <button type="button" className="btn-ghost" onClick={() => attach(null, null)}>
            <X aria-hidden className="size-4" /> Quitar imagen
          </button>
        </div>
      )}
      {documento && (
        <div className="flex items-center gap-2 text-sm">
          <FileText aria-hidden className="size-5" />
          <span className="truncate">{documento.nombre}</span>
          <button type="button" className="btn-ghost" onClick={() => attach(null, null)}>
            <X aria-hidden className="size-4" /> Quitar PDF
          </button>
        </div>
      )}
      <div className="flex items-end gap-2">
        {allowImage && (
          <>
            <input
              id={fileId}
              type="file"
              accept={UPLOAD_ACCEPT}
              className="sr-only"
              disabled={disabled || uploading}
              onChange={(e) => {
                void onFile(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            <label htmlFor={fileId} className="btn-ghost cursor-pointer" title="Adjuntar imagen">
              <ImagePlus aria-hidden className="size-5" />
              <span className="sr-only">{uploading ? 'Subiendo imagen…' : 'Adjuntar imagen'}</span>
            </label>
            <input
              id={pdfId}
              type="file"
              accept={DOCUMENTO_ACCEPT}
              className="sr-only"
              disabled={disabled || uploading}
              onChange={(e) => {
                void onFile(e.target.files?.[0], true);
                e.target.value = '';
              }}
            />
            <label htmlFor={pdfId} className="btn-ghost cursor-pointer" title="Adjuntar PDF">
              <FileText aria-hidden className="size-5" />
              <span className="sr-only">{uploading ? 'Subiendo archivo…' : 'Adjuntar PDF'}</span>
            </label>
          </>
        )}
        <textarea
          id={inputId}
          className="input min-h-11 flex-1 resize-y"
          rows={2}
          maxLength={MENSAJE_LIMITS.textoMax}
          placeholder={label}
          aria-describedby={errorDelTexto ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errorDelTexto || undefined}
          {...register('texto')}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autoFocus={autoFocus}
        />
        <button
          type="submit"
          className="btn-primary"
          disabled={disabled || sending || uploading || (!texto.trim() && !imagen && !documento)}
        >
          <Send aria-hidden className="size-4" /> Enviar
        </button>
      </div>
      <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
        Intro para enviar · Mayúsculas + Intro para una línea nueva
      </p>
      {error && (
        <p id={errorId} role="alert" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
