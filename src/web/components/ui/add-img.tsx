import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import type { UploadResponse } from '../../../contract/lotes';
import { API } from '../../../contract/paths';
import { ERRORS } from '../../../contract/errors';
import { ApiError, errorMessage, type ApiEnvelope } from '../../lib/api';
import { session } from '../../lib/session';

export type UploadedImage = UploadResponse['data'];

export interface AddImgItem {
  url: string;
  thumb?: string;
  alt?: string | null;
  width?: number;
  height?: number;
}

const ACCEPTED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * POST /api/uploads (multipart field "file") with XMLHttpRequest rather than fetch: only XHR reports upload
 * progress. Sends the Bearer token like api() and keeps a refreshed one.
 */
export function uploadWithProgress(file: File, onProgress: (fraction: number) => void): Promise<UploadedImage> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API.uploads);
    xhr.setRequestHeader('accept', 'application/json');
    const token = session.get().token;
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let data: ApiEnvelope = null;
      try {
        data = JSON.parse(xhr.responseText) as ApiEnvelope;
      } catch {
        reject(new ApiError(xhr.status, 'INVALID_RESPONSE', ERRORS.INVALID_RESPONSE));
        return;
      }
      const refreshed = data?.refreshedToken;
      if (typeof refreshed === 'string' && refreshed) session.setToken(refreshed);
      if (xhr.status >= 200 && xhr.status < 300 && data?.success) {
        onProgress(1);
        resolve(data.data as UploadedImage);
      } else {
        const error = data?.error ?? {};
        reject(
          new ApiError(
            xhr.status,
            String(error.code ?? 'INVALID_RESPONSE'),
            String(error.message ?? ERRORS.INVALID_RESPONSE),
          ),
        );
      }
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', ERRORS.NETWORK_ERROR));
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

interface PendingUpload {
  key: number;
  nombre: string;
  progress: number;
  error?: string;
}

export interface AddImgProps {
  value: AddImgItem[];
  onChange: (value: AddImgItem[]) => void;
  label: string;
  max?: number;
  error?: string;
  /** Replaceable for other stores or tests; defaults to POST /api/uploads. */
  upload?: typeof uploadWithProgress;
  /** Turns an uploaded image into an item (which sizes to keep). */
  toItem?: (img: UploadedImage) => AddImgItem;
  /** Told when uploads start and end, so that a form can wait for them before saving. */
  onBusyChange?: (busy: boolean) => void;
}

const defaultToItem = (img: UploadedImage): AddImgItem => ({
  url: img.urls.lg,
  thumb: img.urls.sm,
  width: img.width,
  height: img.height,
});

const move = <T,>(xs: T[], from: number, to: number) => {
  const next = [...xs];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/**
 * The spec's AddImg: choose or drop images, see each upload's progress, reorder them (buttons or drag), pick
 * the cover (the first image) and remove them. At most `max` images.
 */
export function AddImg({
  value,
  onChange,
  label,
  max = 12,
  error,
  upload = uploadWithProgress,
  toItem = defaultToItem,
  onBusyChange,
}: AddImgProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const current = useRef(value);
  current.current = value;
  const nextKey = useRef(1);
  const [pendingUploads, setUploads] = useState<PendingUpload[]>([]);
  const [dragging, setDragging] = useState(false);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const commit = (next: AddImgItem[]) => {
    current.current = next;
    onChange(next);
  };

  const inProgress = pendingUploads.filter((s) => !s.error).length;
  const busy = inProgress > 0;
  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;
  useEffect(() => busyRef.current?.(busy), [busy]);
  useEffect(() => () => busyRef.current?.(false), []);
  const freeSlots = max - value.length - inProgress;

  const uploadFiles = (files: File[]) => {
    setNotice(null);
    const acceptedFiles = files.slice(0, Math.max(0, freeSlots));
    if (files.length > acceptedFiles.length)
      setNotice(`Solo se admiten ${max} imágenes; se han descartado ${files.length - acceptedFiles.length}.`);
    for (const file of acceptedFiles) {
      const key = nextKey.current++;
      const update = (patch: Partial<PendingUpload>) =>
        setUploads((s) => s.map((x) => (x.key === key ? { ...x, ...patch } : x)));
      setUploads((s) => [...s, { key, nombre: file.name, progress: 0 }]);
      if (!ACCEPTED_TYPES.includes(file.type)) {
        update({ error: 'Solo se admiten imágenes JPEG, PNG o WebP.' });
        continue;
      }
      if (file.size > MAX_BYTES) {
        update({ error: 'La imagen supera el máximo de 10 MB.' });
        continue;
      }
      upload(file, (p) => update({ progress: p }))
        .then((img) => {
          setUploads((s) => s.filter((x) => x.key !== key));
          commit([...current.current, toItem(img)].slice(0, max));
        })
        .catch((err) => update({ error: errorMessage(err, 'No se pudo subir la imagen.') }));
    }
  };

  const onDropZone = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) uploadFiles([...e.dataTransfer.files]);
  };

  return (
    <fieldset aria-describedby={`${id}-ayuda`}>
      <legend className="label">{label}</legend>
      <p id={`${id}-ayuda`} className="mb-2 text-sm text-gray-600 dark:text-gray-400">
        JPEG, PNG o WebP de hasta 10 MB; como máximo {max} {max === 1 ? 'imagen' : 'imágenes'}.
        {max > 1 ? ' La primera es la portada.' : ''}
      </p>

      {value.length > 0 && (
        <ul className="mb-3 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          {value.map((img, i) => (
            <li
              key={img.url}
              draggable
              onDragStart={(e) => {
                setDragIndex(i);
                e.dataTransfer.effectAllowed = 'move';
              }}
              onDragOver={(e) => {
                if (dragIndex !== null) e.preventDefault();
              }}
              onDrop={(e) => {
                if (dragIndex === null) return;
                e.preventDefault();
                e.stopPropagation();
                if (dragIndex !== i) commit(move(value, dragIndex, i));
                setDragIndex(null);
              }}
              onDragEnd={() => setDragIndex(null)}
              className={`overflow-hidden rounded-lg border bg-white dark:bg-gray-900 ${
                i === 0 && max > 1
                  ? 'border-primary-600 ring-2 ring-primary-600/40'
                  : 'border-gray-200 dark:border-gray-700'
              } ${dragIndex === i ? 'opacity-50' : ''}`}
            >
              <div className="relative aspect-[4/3] cursor-move bg-gray-100 dark:bg-gray-800">
                <img
                  src={img.thumb ?? img.url}
                  alt={img.alt || `Imagen ${i + 1}`}
                  width={200}
                  height={150}
                  className="size-full object-cover"
                  draggable={false}
                />
                {i === 0 && max > 1 && (
                  <span className="absolute top-1 left-1 rounded-full bg-primary-700 px-2 py-0.5 text-xs font-semibold text-white">
                    Portada
                  </span>
                )}
              </div>
              <div className="flex items-center justify-between gap-1 p-1">
                {max > 1 ? (
                  <div className="flex gap-0.5">
                    <button
                      type="button"
                      className="btn-ghost p-1.5"
                      disabled={i === 0}
                      aria-label={`Mover la imagen ${i + 1} antes`}
                      onClick={() => commit(move(value, i, i - 1))}
                    >
                      <ArrowLeft aria-hidden className="size-4" />
                    </button>
                    <button
                      type="button"
                      className="btn-ghost p-1.5"
                      disabled={i === value.length - 1}
                      aria-label={`Mover la imagen ${i + 1} después`}
                      onClick={() => commit(move(value, i, i + 1))}
                    >
                      <ArrowRight aria-hidden className="size-4" />
                    </button>
                    {i > 0 && (
                      <button
                        type="button"
                        className="btn-ghost p-1.5"
                        aria-label={`Usar la imagen ${i + 1} como portada`}
                        onClick={() => commit(move(value, i, 0))}
                      >
                        <Star aria-hidden className="size-4" />
                      </button>
                    )}
                  </div>
                ) : (
                  <span />
                )}
                <button
                  type="button"
                  className="btn-ghost p-1.5 text-red-700 dark:text-red-400"
                  aria-label={`Quitar la imagen ${i + 1}`}
                  onClick={() => commit(value.filter((_, j) => j !== i))}
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}

      {pendingUploads.length > 0 && (
        <ul className="mb-3 flex flex-col gap-2" aria-label="Subidas">
          {pendingUploads.map((s) => (
            <li key={s.key} className="text-sm">
              <div className="flex items-center justify-between gap-2">
                <span className="truncate">{s.nombre}</span>
                {s.error ? (
                  <button
                    type="button"
                    className="text-xs underline"
                    onClick={() => setUploads((xs) => xs.filter((x) => x.key !== s.key))}
                  >
                    Descartar
                  </button>
                ) : (
                  <span className="tabular-nums">{Math.round(s.progress * 100)} %</span>
                )}
              </div>
              {s.error ? (
                <p className="field-error" role="alert">
                  {s.error}
                </p>
              ) : (
                <progress
                  className="h-2 w-full accent-primary-600"
                  max={1}
                  value={s.progress}
                  aria-label={`Subiendo ${s.nombre}`}
                />
              )}
            </li>
          ))}
        </ul>
      )}

      {freeSlots > 0 && (
        <div
          onDragOver={(e) => {
            if (dragIndex !== null) return;
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDropZone}
          className={`flex flex-col items-center gap-2 rounded-xl border-2 border-dashed p-6 text-center text-sm ${
            dragging ? 'border-primary-600 bg-primary-50 dark:bg-primary-950' : 'border-gray-300 dark:border-gray-700'
          }`}
        >
          <ImagePlus aria-hidden className="size-8 text-gray-500" />
          <p className="text-gray-700 dark:text-gray-300">Arrastra aquí tus imágenes o</p>
          <button type="button" className="btn-secondary" onClick={() => inputRef.current?.click()}>
            Elegir imágenes
          </button>
          <input
            ref={inputRef}
            id={`${id}-file`}
            type="file"
            accept={ACCEPTED_TYPES.join(',')}
            multiple={max > 1}
            className="sr-only"
            tabIndex={-1}
            aria-label={`${label}: elegir archivos`}
            onChange={(e) => {
              uploadFiles([...(e.target.files ?? [])]);
              e.target.value = '';
            }}
          />
        </div>
      )}
      {notice && (
        <p className="field-error" role="alert">
          {notice}
        </p>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
