import { NavLink } from 'react-router';
import { BadgeCheck, MapPin } from 'lucide-react';
import type { PublicProductor } from '../../../../contract/productores';
import { Avatar } from '../../../components/ui/avatar';
import { paisName } from '../../../lib/catalogo-lotes';
import { Bandera } from '../../../components/bandera';
import { tipoProductorLabel } from '../labels';
import { srcSetOf } from '../../../lib/image';
import { staticPart } from '../../../components/static-part';

export function formatOrigen(p: Pick<PublicProductor, 'municipio' | 'region' | 'pais'>): string {
  return [p.municipio, p.region, paisName(p.pais)].filter(Boolean).join(', ');
}

export function VerifiedProductor({ className = '' }: { className?: string }) {
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-primary-100 px-2.5 py-0.5 text-xs font-semibold text-primary-900 dark:bg-primary-900/60 dark:text-primary-100 ${className}`}
    >
      <BadgeCheck aria-hidden className="size-4" /> Productor verificado
    </span>
  );
}

function Cover({ src, nombre }: { src: string | null; nombre: string }) {
  return (
    <div className="relative aspect-[3/1] max-h-72 w-full overflow-hidden rounded-2xl bg-gradient-to-br from-primary-700 via-primary-800 to-gray-900 sm:aspect-[4/1]">
      {src && (
        <img
          src={src}
          srcSet={srcSetOf(src)}
          sizes="(min-width: 1280px) 1232px, 100vw"
          alt={`Portada de ${nombre}`}
          width={1200}
          height={300}
          fetchPriority="high"
          decoding="async"
          className="size-full object-cover"
        />
      )}
    </div>
  );
}

const tabClass = ({ isActive }: { isActive: boolean }) =>
  `-mb-px inline-flex items-center border-b-2 px-3 py-2.5 text-sm font-semibold whitespace-nowrap sm:px-4 ${
    isActive
      ? 'border-primary-700 text-primary-800 dark:border-primary-400 dark:text-primary-300'
      : 'border-transparent text-gray-700 hover:border-gray-300 hover:text-gray-900 dark:text-gray-300 dark:hover:border-gray-600 dark:hover:text-white'
  }`;

/** Cover, avatar, name, type and origin: read-only, so a static part (components/static-part.tsx). */
const PerfilIdentity = staticPart(function PerfilIdentity({ productor: p }: { productor: PublicProductor }) {
  return (
    <>
      <Cover src={p.portada} nombre={p.nombre} />
      <div className="flex flex-col gap-3 px-2 sm:flex-row sm:items-end sm:gap-5 sm:px-6">
        <Avatar
          src={p.avatar}
          name={p.nombre}
          size={112}
          loading="eager"
          className="relative -mt-14 ring-4 sm:-mt-16"
        />
        <div className="min-w-0 flex-1 pb-1">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <h1 className="text-2xl leading-tight font-semibold break-words sm:text-3xl">{p.nombre}</h1>
            {p.verificado && <VerifiedProductor />}
          </div>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-gray-700 dark:text-gray-300">
            <span className="font-medium">{tipoProductorLabel(p.tipoProductor)}</span>
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-4 text-gray-500 dark:text-gray-400" />
              <Bandera pais={p.pais} />
              {formatOrigen(p)}
            </span>
          </p>
        </div>
      </div>
    </>
  );
});

/**
 * The header of a producer's public pages: who they are (a static part) and the three tabs, live, since
 * the tab shown changes without the header being rendered again.
 */
export function PerfilHeader({ productor: p }: { productor: PublicProductor }) {
  const base = `/perfil/${p.id}`;
  return (
    <header className="mb-6">
      <PerfilIdentity productor={p} />
      <nav
        aria-label="Secciones del perfil"
        className="mt-5 overflow-x-auto border-b border-gray-200 dark:border-gray-800"
      >
        <ul className="flex gap-1">
          <li>
            <NavLink to={base} end className={tabClass}>
              Perfil
            </NavLink>
          </li>
          <li>
            <NavLink to={`${base}/Lotes`} className={tabClass}>
              Lotes
              <span className="ml-1.5 rounded-full bg-gray-100 px-2 text-xs text-gray-700 dark:bg-gray-800 dark:text-gray-300">
                {p.lotesPublicos}
              </span>
            </NavLink>
          </li>
          <li>
            <NavLink to={`${base}/Noticias`} className={tabClass}>
              Noticias
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

export function PerfilHeaderSkeleton() {
  return (
    <div aria-hidden className="mb-6 animate-pulse">
      <div className="aspect-[3/1] max-h-72 w-full rounded-2xl bg-gray-200 sm:aspect-[4/1] dark:bg-gray-800" />
      <div className="flex items-end gap-5 px-2 sm:px-6">
        <div className="-mt-14 size-28 rounded-full bg-gray-300 ring-4 ring-white sm:-mt-16 dark:bg-gray-700 dark:ring-gray-900" />
        <div className="flex-1 space-y-2 pb-2">
          <div className="h-7 w-1/2 rounded bg-gray-200 dark:bg-gray-800" />
          <div className="h-4 w-1/3 rounded bg-gray-200 dark:bg-gray-800" />
        </div>
      </div>
      <div className="mt-5 h-11 border-b border-gray-200 dark:border-gray-800" />
    </div>
  );
}
