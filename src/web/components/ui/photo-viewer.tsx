import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { ChevronLeft, ChevronRight, X, ZoomIn, ZoomOut } from 'lucide-react';
import type { CarruselImagen } from './carrusel';

const ZOOMS = [1, 2, 3] as const;

/**
 * A photo on the whole screen, with zoom: the buttons (or + and −) enlarge it up to three times and the
 * enlarged photo scrolls (a finger drags it); a phone's pinch zooms as on any page. Arrows change photo,
 * Escape closes (a native modal dialog: focus is kept inside and returns to the button that opened it).
 * Loaded on use: the lot page's first load does not carry it.
 */
export function PhotoViewer({
  imagenes,
  start,
  onClose,
}: {
  imagenes: CarruselImagen[];
  start: number;
  onClose: (index: number) => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(start);
  const [zoom, setZoom] = useState<(typeof ZOOMS)[number]>(1);
  const total = imagenes.length;
  const current = imagenes[index];

  useEffect(() => {
    const d = ref.current;
    if (d && !d.open) d.showModal();
  }, []);

  // close() before unmounting: the browser gives the focus back to the button that opened the viewer.
  const close = () => {
    ref.current?.close();
    onClose(index);
  };
  const go = (i: number) => {
    setIndex(((i % total) + total) % total);
    setZoom(1);
  };
  const zoomBy = (step: 1 | -1) => {
    const next = ZOOMS[Math.min(ZOOMS.length - 1, Math.max(0, ZOOMS.indexOf(zoom) + step))];
    setZoom(next);
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === '+' || e.key === '=') zoomBy(1);
    else if (e.key === '-') zoomBy(-1);
    else if (e.key === 'ArrowRight' && total > 1 && zoom === 1) go(index + 1);
    else if (e.key === 'ArrowLeft' && total > 1 && zoom === 1) go(index - 1);
    else return;
    e.preventDefault();
  };
  const btn =
    'inline-flex size-11 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white disabled:opacity-40 dark:bg-gray-900/90 dark:text-gray-100';

  return (
    <dialog
      ref={ref}
      aria-label={`${current.alt} (pantalla completa)`}
      onCancel={(e) => {
        e.preventDefault();
        close();
      }}
      onKeyDown={onKeyDown}
      className="m-0 h-dvh max-h-none w-screen max-w-none bg-gray-950 p-0 text-white backdrop:bg-gray-950"
    >
      <div className="relative flex h-full flex-col">
        <div className="flex items-center justify-between gap-2 p-3">
          <p aria-live="polite" className="text-sm">
            Foto {index + 1} de {total}
            {zoom > 1 && ` · ampliada ${zoom} veces`}
          </p>
          <div className="flex gap-2">
            <button type="button" className={btn} aria-label="Alejar" disabled={zoom === 1} onClick={() => zoomBy(-1)}>
              <ZoomOut aria-hidden className="size-5" />
            </button>
            <button type="button" className={btn} aria-label="Acercar" disabled={zoom === 3} onClick={() => zoomBy(1)}>
              <ZoomIn aria-hidden className="size-5" />
            </button>
            <button type="button" className={btn} aria-label="Cerrar pantalla completa" onClick={close}>
              <X aria-hidden className="size-5" />
            </button>
          </div>
        </div>
        <div
          className="relative min-h-0 flex-1 overflow-auto overscroll-contain"
          style={{ touchAction: zoom > 1 ? 'pan-x pan-y pinch-zoom' : 'pinch-zoom' }}
        >
          <img
            src={current.src}
            alt={current.alt}
            width={current.width}
            height={current.height}
            className={zoom === 1 ? 'size-full object-contain' : 'max-w-none'}
            style={zoom === 1 ? undefined : { width: `${zoom * 100}%`, height: 'auto' }}
            onDoubleClick={() => setZoom(zoom === 1 ? 2 : 1)}
          />
        </div>
        {total > 1 && (
          <div className="flex justify-center gap-3 p-3">
            <button type="button" className={btn} aria-label="Foto anterior" onClick={() => go(index - 1)}>
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button type="button" className={btn} aria-label="Foto siguiente" onClick={() => go(index + 1)}>
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </div>
        )}
      </div>
    </dialog>
  );
}
