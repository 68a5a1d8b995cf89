import { useId, useRef, useState, type ReactNode } from 'react';
import { ImagePlus, Loader2 } from 'lucide-react';
import type { UploadResult } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { uploadImage } from '../../lib/upload';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * A button that picks one or more images, uploads them one after another and hands each stored result
 * back. The server checks type and size; its Spanish message is shown beside the button.
 */
export function ImageUpload({
  label,
  onUploaded,
  multiple = false,
  disabled = false,
  className = 'btn-secondary',
  children,
}: {
  label: string;
  onUploaded: (r: UploadResult) => void | Promise<void>;
  multiple?: boolean;
  disabled?: boolean;
  className?: string;
  children?: ReactNode;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
        accept={ACCEPT}
        multiple={multiple}
        className="sr-only"
        disabled={disabled || busy}
        onChange={(e) => onFiles(e.currentTarget.files)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label
        htmlFor={id}
        className={`${className} cursor-pointer ${disabled || busy ? 'pointer-events-none opacity-60' : ''}`}
      >
        {busy ? <Loader2 aria-hidden className="size-4 animate-spin" /> : <ImagePlus aria-hidden className="size-4" />}
        {busy ? 'Subiendo…' : (children ?? label)}
      </label>
      {error && (
        <p id={`${id}-error`} role="alert" className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
