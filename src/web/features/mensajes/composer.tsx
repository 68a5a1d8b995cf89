import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { FileText, ImagePlus, Send, X } from 'lucide-react';
import { MENSAJE_LIMITS } from '../../../contract/mensajes';
import type { DocumentoResult, UploadResult } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { idempotencyKeys } from '../../lib/idempotency';
import { DOCUMENTO_ACCEPT, UPLOAD_ACCEPT, uploadDocumento, uploadImage } from '../../lib/upload';

export interface ComposerMessage {
  texto: string;
  imagenId?: string;
  documentoId?: string;
}

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
  const [texto, setTexto] = useState(() => readDraft(draftId));
  const [error, setError] = useState<string | null>(null);
  /** The error is about the text (the server refused what was typed): tied to the box, which takes the focus. */
  const [errorDelTexto, setErrorDelTexto] = useState(false);
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

  useEffect(() => writeDraft(draftId, texto), [draftId, texto]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body: ComposerMessage = {
      texto: texto.trim(),
      ...(imagen ? { imagenId: imagen.id } : {}),
      ...(documento ? { documentoId: documento.id } : {}),
    };
    if ((!body.texto && !body.imagenId && !body.documentoId) || sending || uploading || disabled) return;
    setSending(true);
    setError(null);
    setErrorDelTexto(false);
    try {
      await onSend(body, keys.keyFor(body));
      keys.done();
      setTexto('');
      setImagen(null);
      setDocumento(null);
    } catch (err) {
      // A refusal of the text names it (issue 32: every form names the field and puts the focus on it).
      const { errors } = fieldErrorsById(err, { texto: inputId });
      setError(errors[inputId] ?? errorMessage(err));
      setErrorDelTexto(Boolean(errors[inputId]));
      focusField(errors[inputId] ? inputId : undefined);
    } finally {
      setSending(false);
    }
  };

  const onFile = async (file: File | undefined, pdf = false) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    setErrorDelTexto(false);
    try {
      // One attachment per message: the new one replaces the other.
      if (pdf) {
        setDocumento(await uploadDocumento(file));
        setImagen(null);
      } else {
        setImagen(await uploadImage(file));
        setDocumento(null);
      }
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setUploading(false);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void submit();
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="sr-only">
        {label}
      </label>
      {imagen && (
        <div className="flex items-center gap-2">
          <img src={imagen.urls.sm} alt="Imagen para adjuntar" className="h-16 w-auto rounded-lg" />
          <button type="button" className="btn-ghost" onClick={() => setImagen(null)}>
            <X aria-hidden className="size-4" /> Quitar imagen
          </button>
        </div>
      )}
      {documento && (
        <div className="flex items-center gap-2 text-sm">
          <FileText aria-hidden className="size-5" />
          <span className="truncate">{documento.nombre}</span>
          <button type="button" className="btn-ghost" onClick={() => setDocumento(null)}>
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
          value={texto}
          maxLength={MENSAJE_LIMITS.textoMax}
          placeholder={label}
          aria-describedby={errorDelTexto ? `${hintId} ${errorId}` : hintId}
          aria-invalid={errorDelTexto || undefined}
          onChange={(e) => setTexto(e.target.value)}
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
