import { useId, useRef, useState, type ReactNode } from 'react';
import { ImagePlus, Loader2 } from 'lucide-react';
import type { UploadResult } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { UPLOAD_ACCEPT, uploadImage } from '../../lib/upload';

/**
 * A button that picks one or more images, uploads them one after another (so they arrive in the order chosen)
 * and hands each stored result back. A failure (the server's Spanish message, or the one `onUploaded` throws)
 * is shown beside the button, or handed to `onError` when the caller shows it somewhere more readable (over a
 * photo, red text is not).
 */
export function ImageUpload({
  label,
  onUploaded,
  onError,
  multiple = false,
  disabled = false,
  className = 'btn-secondary',
  children,
}: {
  label: string;
  onUploaded: (r: UploadResult) => void | Promise<void>;
  onError?: (message: string | null) => void;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [ownError, setOwnError] = useState<string | null>(null);
  const setError = (message: string | null) => (onError ? onError(message) : setOwnError(message));

  async function onFiles(files: FileList | null) {
    if (!files?.length) return;
    setBusy(true);
    setError(null);
    try {
      for (const file of Array.from(files)) {
        const result = await uploadImage(file);
        await onUploaded(result);
      }
    } catch (err) {
      setError(errorMessage(err, 'No se pudo subir la imagen.'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  }

  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={UPLOAD_ACCEPT}
        multiple={multiple}
        className="sr-only"
        disabled={disabled || busy}
        onChange={(e) => onFiles(e.currentTarget.files)}
        aria-describedby={ownError ? `${id}-error` : undefined}
      />
      <label
        htmlFor={id}
        className={`${className} cursor-pointer ${disabled || busy ? 'pointer-events-none opacity-60' : ''}`}
      >
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4" />}
        {busy ? 'Subiendo…' : (children ?? label)}
      </label>
      {ownError && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {ownError}
        </p>
      )}
    </div>
  );
}
