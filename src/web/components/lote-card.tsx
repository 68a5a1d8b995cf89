import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { Lote, LoteTarjeta } from '../../contract/lotes';
import { formatDecimal, formatInt, formatPrecioKg } from '../lib/format';
import { paisName, PROCESO_LABELS } from '../lib/catalogo-lotes';
import { PuntajeBadge, VerifiedBadge, EudrBadge } from './badges';
import { LoteImage } from './lote-image';
import { Bandera } from './bandera';
import { staticPart } from './static-part';

/** The bags a buyer can still reserve (docs/TRADE.md "Principles"): what every page shows as available. */
export const sacosLibres = (l: Pick<Lote, 'sacosDisponibles'> & { sacosReservados?: number }) =>
  Math.max(0, l.sacosDisponibles - (l.sacosReservados ?? 0));

/** "12,40 USD/kg FOB" */
export const precioWithIncoterm = (l: Pick<Lote, 'precioKg' | 'moneda' | 'incoterm'>) =>
  `${formatPrecioKg(l.precioKg, l.moneda)} ${l.incoterm}`;

/** "12 sacos disponibles"; a lot with no bag left is "Agotado". */
export const formatSacos = (n: number) =>
  n === 0 ? 'Agotado' : n === 1 ? '1 saco disponible' : `${formatInt(n)} sacos disponibles`;

/** What a card shows: its photo and its facts. Read-only, so a static part (no hydration; see static-part.tsx). */
export function LoteCardContent({ lote, eager, coincide }: { lote: LoteTarjeta; eager?: boolean; coincide?: string }) {
  const cover = lote.galeriaLote[0];
  const src = cover?.thumb ?? cover?.url;
  return (
    <>
      <div className="relative aspect-[4/3] overflow-hidden bg-primary-50 dark:bg-gray-800">
        <LoteImage
          src={src}
          alt={cover?.alt || `Fotografía del lote ${lote.nombre}`}
          width={400}
          height={300}
          eager={eager}
          className="size-full object-cover transition group-hover:scale-[1.02]"
        />
      </div>
      <div className="flex flex-1 flex-col gap-2 p-4">
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <Bandera pais={lote.pais} className="mr-1" />
          {paisName(lote.pais)} · {lote.region}
        </p>
        <h3 className="text-lg leading-snug font-semibold">
          <Link to={`/lote/${lote.id}`} className="after:absolute after:inset-0 hover:underline">
            {lote.nombre}
          </Link>
        </h3>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-gray-700 dark:text-gray-300">{PROCESO_LABELS[lote.proceso]}</span>
          <PuntajeBadge puntaje={lote.puntaje} />
          {lote.status === 'VERIFICADO' && <VerifiedBadge />}
          {lote.eudrListo && <EudrBadge />}
        </div>
        {coincide && <p className="text-sm text-gray-700 dark:text-gray-300">Coincide con {coincide}</p>}
        {lote.status === 'VERIFICADO' && (
          <p className="text-xs text-primary-800 dark:text-primary-300">
            Catado por el laboratorio de Cereza{lote.puntaje != null ? `: ${formatDecimal(lote.puntaje)} pts` : ''}
          </p>
        )}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-3 gap-y-1 pt-2">
          <p className="text-base font-semibold text-primary-800 dark:text-primary-300">{precioWithIncoterm(lote)}</p>
          <p
            className={
              sacosLibres(lote) === 0
                ? 'text-sm font-semibold text-gray-700 dark:text-gray-300'
                : 'text-sm text-gray-600 dark:text-gray-400'
            }
          >
            {formatSacos(sacosLibres(lote))}
          </p>
        </div>
      </div>
    </>
  );
}
const StaticLoteCardContent = staticPart(LoteCardContent);

/**
 * The photography-led lot card (docs/product.md §1). `action` (the favourite heart) sits on the photo, outside the
 * link, so that both stay separate controls for keyboards and screen readers. The card's content is a static
 * part; the action is live, beside it (positioned over the photo), and comes first, as it did inside it.
 */
/**
 * `eager`: the first cards of a list are above the fold; their photo is the page's largest paint. `coincide`:
 * what the lot matched of a search's words, as the server said it ("país Etiopía").
 */
export function LoteCard(props: { lote: LoteTarjeta; action?: ReactNode; eager?: boolean; coincide?: string }) {
  const { action, ...content } = props;
  return (
    <article className="card group relative flex flex-col overflow-hidden">
      {action && <div className="absolute top-2 right-2 z-10">{action}</div>}
      <StaticLoteCardContent {...content} />
    </article>
  );
}

export function LoteCardSkeleton() {
  return (
    <div aria-hidden className="card flex animate-pulse flex-col overflow-hidden">
      <div className="aspect-[4/3] bg-gray-200 dark:bg-gray-800" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-3 w-1/2 rounded bg-gray-200 dark:bg-gray-800" />
        <div className="h-5 w-3/4 rounded bg-gray-200 dark:bg-gray-800" />
        <div className="h-3 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
        <div className="mt-2 flex justify-between">
          <div className="h-4 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="h-4 w-1/4 rounded bg-gray-200 dark:bg-gray-800" />
        </div>
      </div>
    </div>
  );
}

/** Cards past the first row or two are laid out only when they come near the screen (see cv-auto). */
export function LoteGrid({ children }: { children: ReactNode }) {
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3 [&>:nth-child(n+4)]:cv-auto-card">
      {children}
    </div>
  );
}
