import type { ReactNode } from 'react';
import type { Lote } from '../../../../contract/lotes';
import { Carrusel } from '../../../components/ui/carrusel';
import { LoteIllustration } from '../../../components/lote-image';
import { staticPart } from '../../../components/static-part';

// The read-only parts, kept as the server's HTML on a first visit; their code arrives once the page is idle.
const sheet = () => import('./lote-sheet');
const LoteHeading = staticPart({ load: () => sheet().then((m) => m.LoteHeading) });
const PrecioSummary = staticPart({ load: () => sheet().then((m) => m.PrecioSummary) });
const MuestraOferta = staticPart({ load: () => sheet().then((m) => m.MuestraOferta) });
const ProductorCard = staticPart({ load: () => sheet().then((m) => m.ProductorCard) });
const LoteSheet = staticPart({ load: () => sheet().then((m) => m.LoteSheet) });

/**
 * The lot detail: gallery, key offer, producer, sample, then every attribute grouped. The page's live
 * skeleton: the gallery and the actions (the favourite heart) are hydrated; the rest are static parts. An
 * action to come (ask for a sample, buy, write to the producer) goes next to the part it belongs to, here.
 */
export function LoteDetail({
  lote,
  favorito,
  escribir: write,
  laboratorio,
}: {
  lote: Lote;
  favorito?: ReactNode;
  escribir?: ReactNode;
  /** The lab's sheet of a verified lot. */
  laboratorio?: ReactNode;
}) {
  const imagenes = lote.galeriaLote.map((img, i) => ({
    src: img.url,
    thumb: img.thumb,
    alt: img.alt || `Foto ${i + 1} del lote ${lote.nombre}`,
    width: img.width,
    height: img.height,
  }));
  return (
    <article className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <Carrusel
          imagenes={imagenes}
          label={`Fotos del lote ${lote.nombre}`}
          sizes="(min-width: 1024px) 740px, 100vw"
          fallback={<LoteIllustration className="aspect-[4/3] size-full" />}
        />
        <div className="flex flex-col gap-4">
          <LoteHeading lote={lote} />
          <div className="card p-4">
            <PrecioSummary lote={lote} />
            {favorito && <div className="mt-4">{favorito}</div>}
          </div>
          <MuestraOferta lote={lote} />
          <ProductorCard lote={lote} />
          {write}
        </div>
      </div>
      {laboratorio}
      <LoteSheet lote={lote} />
    </article>
  );
}

export function LoteDetailSkeleton() {
  return (
    <div className="grid animate-pulse grid-cols-1 gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]" aria-hidden>
      <div className="aspect-[4/3] rounded-2xl bg-gray-200 dark:bg-gray-800" />
      <div className="flex flex-col gap-4">
        <div className="h-4 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
        <div className="h-8 w-3/4 rounded bg-gray-200 dark:bg-gray-800" />
        <div className="h-32 rounded-2xl bg-gray-200 dark:bg-gray-800" />
        <div className="h-20 rounded-2xl bg-gray-200 dark:bg-gray-800" />
      </div>
    </div>
  );
}
