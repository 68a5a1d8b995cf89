import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Send } from 'lucide-react';
import { MENSAJE_LIMITS } from '../../../contract/mensajes';
import { errorMessage } from '../../lib/api';
import { idempotencyKeys } from '../../lib/idempotency';

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
}: {
  draftId: string;
  onSend: (texto: string, idempotencyKey: string) => Promise<unknown>;
  disabled?: boolean;
  label?: string;
  autoFocus?: boolean;
}) {
  const [texto, setTexto] = useState(() => readDraft(draftId));
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const keys = useRef(idempotencyKeys()).current;
  const inputId = useId();
  const hintId = useId();

  useEffect(() => writeDraft(draftId, texto), [draftId, texto]);

  const submit = async (e?: FormEvent) => {
    e?.preventDefault();
    const body = texto.trim();
    if (!body || sending || disabled) return;
    setSending(true);
    setError(null);
    try {
      await onSend(body, keys.keyFor(body));
      keys.done();
      setTexto('');
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setSending(false);
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
      <div className="flex items-end gap-2">
        <textarea
          id={inputId}
          className="input min-h-11 flex-1 resize-y"
          rows={2}
          value={texto}
          maxLength={MENSAJE_LIMITS.textoMax}
          placeholder={label}
          aria-describedby={hintId}
          onChange={(e) => setTexto(e.target.value)}
          onKeyDown={onKeyDown}
          disabled={disabled}
          autoFocus={autoFocus}
        />
        <button type="submit" className="btn-primary" disabled={disabled || sending || !texto.trim()}>
          <Send aria-hidden className="size-4" /> Enviar
        </button>
      </div>
      <p id={hintId} className="text-xs text-gray-500 dark:text-gray-400">
        Intro para enviar · Mayúsculas + Intro para una línea nueva
      </p>
      {error && (
        <p role="alert" className="field-error">
          {error}
        </p>
      )}
    </form>
  );
}
