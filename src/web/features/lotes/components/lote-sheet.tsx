import type { ReactNode } from 'react';
import { Bandera } from '../../../components/bandera';
import { Link } from 'react-router';
import { BadgeCheck, FlaskConical, MapPin } from 'lucide-react';
import type { DesglosePrecio, Lote, Ubicacion } from '../../../../contract/lotes';
import { Avatar } from '../../../components/ui/avatar';
import {
  formatDate,
  formatDecimal,
  formatInt,
  formatKg,
  formatMesYear,
  formatMoney,
  formatPrecioKg,
} from '../../../lib/format';
import {
  CERTIFICACION_LABELS,
  INCOTERM_LABELS,
  LOTE_STATUS_LABELS,
  paisName,
  POSICION_LABELS,
  PROCESO_LABELS,
} from '../../../lib/catalogo-lotes';
import { PuntajeBadge, VerifiedBadge } from '../../../components/badges';
import { precioWithIncoterm, formatSacos, sacosLibres } from '../../../components/lote-card';
import { srcSetOf } from '../../../lib/image';

/*
 * The read-only parts of a lot's page: static parts of LoteDetail (lote-detail.tsx, components/static-part.tsx).
 * This module is not loaded with the page: the server's HTML stands in for it until the page is idle.
 */

type Item = [string, ReactNode | null | undefined];

/** A titled group of attributes; absent values are left out, and an empty group says so. */
function Section({ titulo, items, children }: { titulo: string; items?: Item[]; children?: ReactNode }) {
  const shown = (items ?? []).filter(([, v]) => v !== null && v !== undefined && v !== '');
  return (
    <section className="card p-5" aria-labelledby={`seccion-${titulo}`}>
      <h2 id={`seccion-${titulo}`} className="mb-3 text-lg font-semibold">
        {titulo}
      </h2>
      {shown.length > 0 && (
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_minmax(0,1fr)] [&_dd]:break-words">
          {shown.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-gray-600 dark:text-gray-400">{k}</dt>
              <dd className="mb-2 text-gray-900 sm:mb-0 dark:text-gray-100">{v}</dd>
            </div>
          ))}
        </dl>
      )}
      {children}
      {!shown.length && !children && <p className="text-sm text-gray-600 dark:text-gray-400">Sin información.</p>}
    </section>
  );
}

const formatAltitud = (min: number | null, max: number | null) => {
  if (min != null && max != null)
    return min === max ? `${formatInt(min)} m s. n. m.` : `${formatInt(min)}–${formatInt(max)} m s. n. m.`;
  if (min != null) return `Desde ${formatInt(min)} m s. n. m.`;
  if (max != null) return `Hasta ${formatInt(max)} m s. n. m.`;
  return null;
};

const coord = (n: number) => n.toFixed(5).replace('.', ',');

function UbicacionText({ ubicacion }: { ubicacion: Ubicacion }) {
  const [lon, lat] = ubicacion.type === 'Point' ? ubicacion.coordinates : ubicacion.coordinates[0][0];
  const osm = `https://www.openstreetmap.org/?mlat=${lat}&mlon=${lon}#map=14/${lat}/${lon}`;
  return (
    <span className="inline-flex flex-wrap items-center gap-x-2">
      <span>
        {ubicacion.type === 'Point'
          ? 'Punto'
          : `Polígono de ${formatInt(ubicacion.coordinates[0].length - 1)} vértices, desde`}{' '}
        latitud {coord(lat)}, longitud {coord(lon)}
      </span>
      <a
        href={osm}
        target="_blank"
        rel="noopener noreferrer"
        className="inline-flex items-center gap-1 text-primary-800 underline dark:text-primary-300"
      >
        <MapPin aria-hidden className="size-3.5" /> Ver en el mapa
        <span className="sr-only"> (se abre en una pestaña nueva)</span>
      </a>
    </span>
  );
}

export function DesglosePrecioTable({
  desglose,
  moneda,
  precioKg,
}: {
  desglose: DesglosePrecio;
  moneda: string;
  precioKg: number;
}) {
  const parts = [
    ['Precio en finca', desglose.precioFinca, 'bg-primary-600'],
    ['Costos de exportación', desglose.costosExportacion, 'bg-amber-500'],
    ['Comisión de la plataforma', desglose.comisionPlataforma, 'bg-gray-500'],
  ] as const;
  return (
    <div className="mt-4">
      <h2 className="mb-2 text-base font-semibold">Desglose del precio por kg</h2>
      <div className="mb-3 flex h-3 overflow-hidden rounded-full" aria-hidden>
        {parts.map(([k, v, color]) => (
          <span key={k} className={color} style={{ width: `${precioKg > 0 ? (v / precioKg) * 100 : 0}%` }} />
        ))}
      </div>
      <table className="w-full text-sm">
        <caption className="sr-only">Desglose del precio por kg</caption>
        <tbody>
          {parts.map(([k, v, color]) => (
            <tr key={k} className="border-b border-gray-100 dark:border-gray-800">
              <th scope="row" className="py-1.5 text-left font-normal">
                <span aria-hidden className={`mr-2 inline-block size-2.5 rounded-full ${color}`} />
                {k}
              </th>
              <td className="py-1.5 pl-2 text-right whitespace-nowrap tabular-nums">{formatPrecioKg(v, moneda)}</td>
              <td className="py-1.5 pl-2 text-right whitespace-nowrap text-gray-600 tabular-nums dark:text-gray-400">
                {precioKg > 0 ? `${formatDecimal((v / precioKg) * 100)} %` : ''}
              </td>
            </tr>
          ))}
          <tr>
            <th scope="row" className="py-1.5 text-left font-semibold">
              Total
            </th>
            <td className="py-1.5 pl-2 text-right font-semibold whitespace-nowrap tabular-nums">
              {formatPrecioKg(precioKg, moneda)}
            </td>
            <td />
          </tr>
        </tbody>
      </table>
    </div>
  );
}

export function ProductorCard({ lote }: { lote: Lote }) {
  const p = lote.perfilProductor;
  if (!p) return null;
  return (
    <section aria-labelledby="productor-titulo" className="card flex items-center gap-4 p-4">
      <Avatar src={p.avatar} name={p.nombre} size={56} />
      <div className="min-w-0 flex-1">
        <h2
          id="productor-titulo"
          className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400"
        >
          Productor
        </h2>
        <p className="truncate font-semibold">{p.nombre}</p>
        <p className="text-sm text-gray-700 dark:text-gray-300">
          <Bandera pais={p.pais} className="mr-1" />
          {paisName(p.pais)} · {p.region}
        </p>
        {p.verificado && (
          <p className="mt-1 inline-flex items-center gap-1 text-xs font-medium text-primary-800 dark:text-primary-300">
            <BadgeCheck aria-hidden className="size-3.5" /> Productor verificado
          </p>
        )}
      </div>
      <Link to={`/perfil/${lote.productorId}`} className="btn-secondary shrink-0">
        Ver perfil<span className="sr-only"> de {p.nombre}</span>
      </Link>
    </section>
  );
}

export function MuestraOferta({ lote }: { lote: Lote }) {
  const m = lote.muestra;
  return (
    <section aria-labelledby="muestra-titulo" className="card flex gap-4 p-4">
      {m.disponible && m.imagen ? (
        <img
          src={m.imagen}
          srcSet={srcSetOf(m.imagen)}
          sizes="80px"
          alt="Muestra del lote"
          width={80}
          height={80}
          loading="lazy"
          className="size-20 shrink-0 rounded-lg object-cover"
        />
      ) : (
        <FlaskConical aria-hidden className="size-8 shrink-0 text-primary-700 dark:text-primary-400" />
      )}
      <div>
        <h2 id="muestra-titulo" className="font-semibold">
          Muestra
        </h2>
        {m.disponible ? (
          <p className="text-sm text-gray-700 dark:text-gray-300">
            Disponible{m.gramos ? `: ${formatInt(m.gramos)} g` : ''}
            {m.precio != null && (m.precio > 0 ? ` por ${formatMoney(m.precio, lote.moneda)}` : ', sin costo')}.
          </p>
        ) : (
          <p className="text-sm text-gray-700 dark:text-gray-300">Este lote no ofrece muestra por ahora.</p>
        )}
      </div>
    </section>
  );
}

/** Origin, name, code and badges, above the price. */
export function LoteHeading({ lote }: { lote: Lote }) {
  return (
    <div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        <Bandera pais={lote.pais} className="mr-1" />
        {paisName(lote.pais)} · {lote.region}
        {lote.finca ? ` · ${lote.finca}` : ''}
      </p>
      <h1 className="mt-1 text-3xl font-semibold">{lote.nombre}</h1>
      <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">Lote {lote.codigo}</p>
      <div className="mt-3 flex flex-wrap items-center gap-2 text-sm">
        <span className="rounded-full bg-gray-100 px-2 py-0.5 dark:bg-gray-800">{PROCESO_LABELS[lote.proceso]}</span>
        <PuntajeBadge puntaje={lote.puntaje} />
        {lote.status === 'VERIFICADO' && <VerifiedBadge />}
        {lote.ocultar && (
          <span className="rounded-full bg-gray-800 px-2 py-0.5 text-xs font-semibold text-white dark:bg-gray-200 dark:text-gray-900">
            Oculto al público
          </span>
        )}
      </div>
    </div>
  );
}

/** The price with its incoterm, the bags on offer and the price breakdown. */
export function PrecioSummary({ lote }: { lote: Lote }) {
  return (
    <>
      <p className="text-2xl font-semibold text-primary-800 dark:text-primary-300">{precioWithIncoterm(lote)}</p>
      <p className="text-sm text-gray-600 dark:text-gray-400">{INCOTERM_LABELS[lote.incoterm]}</p>
      {sacosLibres(lote) === 0 ? (
        <p className="mt-2 text-sm font-semibold">{formatSacos(0)}</p>
      ) : (
        <p className="mt-2 text-sm">
          {formatSacos(sacosLibres(lote))} de {formatInt(lote.pesoSacoKg)} kg (
          {formatKg(sacosLibres(lote) * lote.pesoSacoKg)}) · pedido mínimo{' '}
          {lote.loteMinimoSacos === 1 ? '1 saco' : `${formatInt(lote.loteMinimoSacos)} sacos`}
        </p>
      )}
      {lote.desglosePrecio && (
        <DesglosePrecioTable desglose={lote.desglosePrecio} moneda={lote.moneda} precioKg={lote.precioKg} />
      )}
    </>
  );
}

/** The description and every attribute, grouped. */
export function LoteSheet({ lote }: { lote: Lote }) {
  return (
    <>
      {lote.descripcion && (
        <section aria-labelledby="descripcion-titulo" className="card p-5">
          <h2 id="descripcion-titulo" className="mb-2 text-lg font-semibold">
            Descripción
          </h2>
          <p className="whitespace-pre-line text-gray-800 dark:text-gray-200">{lote.descripcion}</p>
        </section>
      )}

      <div className="cv-auto grid grid-cols-1 gap-4 md:grid-cols-2">
        <Section
          titulo="Origen"
          items={[
            ['País', paisName(lote.pais)],
            ['Región', lote.region],
            ['Municipio', lote.municipio],
            ['Finca', lote.finca],
            ['Altitud', formatAltitud(lote.altitudMin, lote.altitudMax)],
          ]}
        />
        <Section
          titulo="Café"
          items={[
            ['Variedades', lote.variedades.join(', ')],
            ['Proceso', PROCESO_LABELS[lote.proceso]],
            ['Secado', lote.secado],
            ['Cosecha', lote.cosecha ? formatMesYear(lote.cosecha) : null],
          ]}
        />
        <Section
          titulo="Taza"
          items={[['Puntaje SCA', lote.puntaje != null ? `${formatDecimal(lote.puntaje)} puntos` : null]]}
        >
          {lote.notasCata.length > 0 && (
            <div className="mt-2">
              <h3 className="mb-2 text-sm font-medium text-gray-600 dark:text-gray-400">Notas de cata</h3>
              <ul className="flex flex-wrap gap-2">
                {lote.notasCata.map((n) => (
                  <li
                    key={n}
                    className="rounded-full bg-amber-50 px-3 py-1 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
                  >
                    {n}
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Section>
        <Section
          titulo="Físico"
          items={[
            ['Humedad', lote.humedad != null ? `${formatDecimal(lote.humedad)} %` : null],
            ['Actividad de agua', lote.actividadAgua != null ? `${formatDecimal(lote.actividadAgua)} aw` : null],
            ['Densidad', lote.densidad != null ? `${formatInt(lote.densidad)} g/L` : null],
            ['Zaranda', lote.zaranda],
          ]}
        />
        <Section
          titulo="Oferta"
          items={[
            ['Sacos disponibles', formatInt(sacosLibres(lote))],
            ['Peso por saco', `${formatInt(lote.pesoSacoKg)} kg`],
            ['Pedido mínimo', lote.loteMinimoSacos === 1 ? '1 saco' : `${formatInt(lote.loteMinimoSacos)} sacos`],
            ['Precio', formatPrecioKg(lote.precioKg, lote.moneda)],
            ['Incoterm', INCOTERM_LABELS[lote.incoterm]],
            ['Posición', POSICION_LABELS[lote.posicion]],
            ['Ventana de embarque', lote.ventanaEmbarque],
          ]}
        />
        <Section titulo="Certificaciones">
          {lote.certificaciones.length ? (
            <ul className="flex flex-wrap gap-2">
              {lote.certificaciones.map((c) => (
                <li
                  key={c}
                  className="rounded-full bg-primary-50 px-3 py-1 text-sm text-primary-900 dark:bg-primary-950 dark:text-primary-100"
                >
                  {CERTIFICACION_LABELS[c]}
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-gray-600 dark:text-gray-400">Sin certificaciones declaradas.</p>
          )}
        </Section>
        <Section
          titulo="Trazabilidad"
          items={[
            ['Código de lote', lote.codigo],
            ['Ubicación de la parcela', lote.ubicacion ? <UbicacionText ubicacion={lote.ubicacion} /> : null],
            ['Control de calidad', LOTE_STATUS_LABELS[lote.status]],
            ['Motivo del rechazo', lote.motivoRechazo],
            ['Publicado', formatDate(lote.createdAt)],
            ['Actualizado', formatDate(lote.updatedAt)],
          ]}
        />
      </div>
    </>
  );
}
