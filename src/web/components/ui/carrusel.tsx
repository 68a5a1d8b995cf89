import { lazy, Suspense, useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { ChevronLeft, ChevronRight, Expand } from 'lucide-react';
import { srcSetOf } from '../../lib/image';

export interface CarruselImagen {
  src: string;
  thumb?: string;
  alt: string;
  width?: number;
  height?: number;
}

export interface CarruselProps {
  imagenes: CarruselImagen[];
  /** Accessible name of the gallery, e.g. "Fotos del lote Finca El Paraíso". */
  label: string;
  /** Shown when there is no image or one fails to load (never a broken image). */
  fallback: ReactNode;
  className?: string;
  /** The photo's displayed width (the `sizes` attribute), so the browser picks the right stored copy. */
  sizes?: string;
}

const SWIPE_PX = 40;

// The full-screen viewer is loaded when someone opens it: the public lot page's first load does not carry it.
const PhotoViewer = lazy(() => import('./photo-viewer').then((m) => ({ default: m.PhotoViewer })));

/**
 * Carrusel (docs/product.md §1): one photo at a time with previous/next buttons, arrow keys (and Home/End) when the
 * gallery has focus, touch swipe, and a row of thumbnails. The position is announced politely.
 */
export function Carrusel({ imagenes, label, fallback, className = '', sizes = '100vw' }: CarruselProps) {
  const [index, setIndex] = useState(0);
  const [failed, setFailed] = useState<Set<string>>(() => new Set());
  const [fullScreen, setFullScreen] = useState(false);
  const touchX = useRef<number | null>(null);
  const id = useId();
  const total = imagenes.length;
  const current = imagenes[Math.min(index, total - 1)];

  useEffect(() => {
    if (index > total - 1) setIndex(Math.max(0, total - 1));
  }, [index, total]);

  if (total === 0) return <div className={`overflow-hidden rounded-2xl ${className}`}>{fallback}</div>;

  const go = (i: number) => setIndex(((i % total) + total) % total);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') go(index + 1);
    else if (e.key === 'ArrowLeft') go(index - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(total - 1);
    else return;
    e.preventDefault();
  };
  const navBtn =
    'absolute top-1/2 -translate-y-1/2 inline-flex size-10 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white dark:bg-gray-900/90 dark:text-gray-100';

  return (
    <section aria-roledescription="carrusel" aria-label={label} className={`flex min-w-0 flex-col gap-3 ${className}`}>
      <div
        className="relative overflow-hidden rounded-2xl bg-gray-100 dark:bg-gray-800"
        tabIndex={0}
        role="group"
        aria-label={total > 1 ? `${label}. Usa las flechas para cambiar de foto.` : label}
        onKeyDown={onKeyDown}
        aria-describedby={`${id}-pos`}
        onTouchStart={(e) => {
          touchX.current = e.touches[0].clientX;
        }}
        onTouchEnd={(e) => {
          if (touchX.current === null) return;
          const dx = e.changedTouches[0].clientX - touchX.current;
          touchX.current = null;
          if (Math.abs(dx) > SWIPE_PX) go(dx < 0 ? index + 1 : index - 1);
        }}
      >
        <div
          aria-roledescription="diapositiva"
          role="group"
          aria-label={`${index + 1} de ${total}`}
          className="aspect-[4/3]"
        >
          {failed.has(current.src) ? (
            fallback
          ) : (
            <img
              key={current.src}
              src={current.src}
              srcSet={srcSetOf(current.src)}
              sizes={sizes}
              alt={current.alt}
              width={current.width ?? 1600}
              height={current.height ?? 1200}
              loading={index === 0 ? 'eager' : 'lazy'}
              fetchPriority={index === 0 ? 'high' : undefined}
              decoding={index === 0 ? 'auto' : 'async'}
              className="size-full object-cover"
              onError={() => setFailed((s) => new Set(s).add(current.src))}
              draggable={false}
            />
          )}
        </div>
        {total > 1 && (
          <>
            <button
              type="button"
              className={`${navBtn} left-2`}
              aria-label="Foto anterior"
              onClick={() => go(index - 1)}
            >
              <ChevronLeft aria-hidden className="size-5" />
            </button>
            <button
              type="button"
              className={`${navBtn} right-2`}
              aria-label="Foto siguiente"
              onClick={() => go(index + 1)}
            >
              <ChevronRight aria-hidden className="size-5" />
            </button>
          </>
        )}
        {!failed.has(current.src) && (
          <button
            type="button"
            className={`${navBtn.replace('top-1/2 -translate-y-1/2 ', '')} top-2 right-2`}
            aria-label={`Ver la foto ${index + 1} a pantalla completa`}
            aria-haspopup="dialog"
            onClick={() => setFullScreen(true)}
          >
            <Expand aria-hidden className="size-5" />
          </button>
        )}
        <p
          id={`${id}-pos`}
          aria-live="polite"
          className="absolute bottom-2 left-2 rounded-full bg-gray-950/70 px-2 py-0.5 text-xs text-white"
        >
          Foto {index + 1} de {total}
        </p>
      </div>
      {fullScreen && (
        <Suspense fallback={null}>
          <PhotoViewer
            imagenes={imagenes}
            start={index}
            onClose={(i) => {
              setFullScreen(false);
              go(i);
            }}
          />
        </Suspense>
      )}
      {total > 1 && (
        <ul className="flex gap-2 overflow-x-auto pb-1" aria-label="Miniaturas">
          {imagenes.map((img, i) => (
            <li key={img.src} className="shrink-0">
              <button
                type="button"
                onClick={() => go(i)}
                aria-label={`Ver foto ${i + 1} de ${total}`}
                aria-current={i === index ? 'true' : undefined}
                className={`block overflow-hidden rounded-lg ring-2 ${i === index ? 'ring-primary-600' : 'ring-transparent opacity-80 hover:opacity-100'}`}
              >
                {failed.has(img.thumb ?? img.src) ? (
                  <span className="block h-12 w-16 bg-primary-100 dark:bg-primary-900" />
                ) : (
                  <img
                    src={img.thumb ?? img.src}
                    alt=""
                    width={64}
                    height={48}
                    loading="lazy"
                    decoding="async"
                    className="h-12 w-16 object-cover"
                    onError={() => setFailed((s) => new Set(s).add(img.thumb ?? img.src))}
                  />
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
