import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Star, Trash2 } from 'lucide-react';
import { COVER_MIN, IMAGE_MESSAGES, isCoverTooSmall } from '../../../contract/images';
import { UPLOAD_MAX_BYTES, type ImagenLote, type UploadResult } from '../../../contract/lotes';
import { errorMessage } from '../../lib/api';
import { UPLOAD_ACCEPT, uploadImage, uploadProblem } from '../../lib/upload';

const MAX_MB = UPLOAD_MAX_BYTES / (1024 * 1024);

/** One chosen file on its way: its place in the order chosen, its progress, then its result or its error. */
interface PendingUpload {
  key: number;
  nombre: string;
  progress: number;
  error?: string;
  done?: ImagenLote;
}

export interface AddImgProps {
  value: ImagenLote[];
  onChange: (value: ImagenLote[]) => void;
  label: string;
  max?: number;
  error?: string;
  /** Replaceable for tests; defaults to POST /api/uploads. */
  upload?: typeof uploadImage;
  /** Turns an uploaded image into an item (which sizes to keep). */
  toItem?: (img: UploadResult) => ImagenLote;
  /** Told when uploads start and end, so that a form can wait for them before saving. */
  onBusyChange?: (busy: boolean) => void;
}

const defaultToItem = (img: UploadResult): ImagenLote => ({
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
 * AddImg (docs/product.md §1): choose or drop images, see each upload's progress, reorder them (buttons or drag), pick
 * the cover (the first image) and remove them. At most `max` images. Photos join the list in the order they
 * were chosen, whichever finishes uploading first; a gallery's cover smaller than COVER_MIN is pointed out
 * at once (the server refuses it on save).
 */
export function AddImg({
  value,
  onChange,
  label,
  max = 12,
  error,
  upload = uploadImage,
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

  const commit = (next: ImagenLote[]) => {
    current.current = next;
    onChange(next);
  };

  const pendingRef = useRef(pendingUploads);
  pendingRef.current = pendingUploads;
  const inProgress = pendingUploads.filter((s) => !s.error).length;
  const busy = inProgress > 0;
  const busyRef = useRef(onBusyChange);
  busyRef.current = onBusyChange;
  useEffect(() => busyRef.current?.(busy), [busy]);
  useEffect(() => () => busyRef.current?.(false), []);
  const freeSlots = max - value.length - inProgress;

  /** Moves finished uploads into the list in the order chosen: up to the first one still on its way. */
  const flush = (pending: PendingUpload[]) => {
    const next = [...current.current];
    let i = 0;
    for (; i < pending.length && (pending[i].done || pending[i].error); i++) {
      const done = pending[i].done;
      if (done) next.push(done);
    }
    // Failed ones stay on screen (with "Descartar") where they were.
    const kept = pending.filter((p, j) => j >= i || p.error);
    if (next.length !== current.current.length) commit(next.slice(0, max));
    return kept;
  };
  const update = (key: number, patch: Partial<PendingUpload>) => {
    const next = flush(pendingRef.current.map((x) => (x.key === key ? { ...x, ...patch } : x)));
    pendingRef.current = next;
    setUploads(next);
  };

  const uploadFiles = (files: File[]) => {
    setNotice(null);
    const acceptedFiles = files.slice(0, Math.max(0, freeSlots));
    if (files.length > acceptedFiles.length)
      setNotice(`Solo se admiten ${max} imágenes; se han descartado ${files.length - acceptedFiles.length}.`);
    const added = acceptedFiles.map((file) => ({
      file,
      entry: { key: nextKey.current++, nombre: file.name, progress: 0, error: uploadProblem(file) ?? undefined },
    }));
    pendingRef.current = [...pendingRef.current, ...added.map((a) => a.entry)];
    setUploads(pendingRef.current);
    for (const { file, entry } of added) {
      if (entry.error) continue;
      upload(file, { onProgress: (p) => update(entry.key, { progress: p }) })
        .then((img) => update(entry.key, { done: toItem(img) }))
        .catch((err) => update(entry.key, { error: errorMessage(err, 'No se pudo subir la imagen.') }));
    }
  };

  const cover = max > 1 ? value[0] : undefined;
  const coverTooSmall =
    cover && isCoverTooSmall(cover)
      ? IMAGE_MESSAGES.coverTooSmall({ width: cover.width!, height: cover.height! })
      : null;

  const onDropZone = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (e.dataTransfer.files.length) uploadFiles([...e.dataTransfer.files]);
  };

  return (
    <fieldset aria-describedby={`${id}-ayuda`}>
      <legend className="label">{label}</legend>
      <p id={`${id}-ayuda`} className="mb-2 text-sm text-gray-600 dark:text-gray-400">
        JPEG, PNG o WebP de hasta {MAX_MB} MB; como máximo {max} {max === 1 ? 'imagen' : 'imágenes'}.
        {max > 1 ? ` La primera es la portada: al menos ${COVER_MIN.width} × ${COVER_MIN.height} píxeles.` : ''}
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
          {pendingUploads
            .filter((s) => !s.done)
            .map((s) => (
              <li key={s.key} className="text-sm">
                <div className="flex items-center justify-between gap-2">
                  <span className="truncate">{s.nombre}</span>
                  {s.error ? (
                    <button
                      type="button"
                      className="text-xs underline"
                      onClick={() => {
                        pendingRef.current = pendingRef.current.filter((x) => x.key !== s.key);
                        setUploads(pendingRef.current);
                      }}
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
            accept={UPLOAD_ACCEPT}
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
      {coverTooSmall && (
        <p className="field-error" role="alert">
          {coverTooSmall}
        </p>
      )}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}
