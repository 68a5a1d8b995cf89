import type { ReactNode } from 'react';
import { Award, CalendarDays, Globe, Mountain, Phone, Sprout } from 'lucide-react';
import type { PublicProductor } from '../../../../contract/productores';
import { Carrusel } from '../../../components/ui/carrusel';
import { staticPart } from '../../../components/static-part';
import { formatAltitud, certificacionLabel, formatHectareas, formatSitioWeb, telefonoHref } from '../labels';

function Fact({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // A <dl> group may hold only <dt> and <dd>: the icon sits inside the term.
  return (
    <div className="relative pl-8">
      <dt className="text-xs font-semibold tracking-wide text-gray-600 uppercase dark:text-gray-400">
        <span className="absolute top-0.5 left-0 text-primary-700 dark:text-primary-400">{icon}</span>
        {label}
      </dt>
      <dd className="text-base font-medium">{children}</dd>
    </div>
  );
}

function EmptyGallery() {
  return (
    <div className="flex aspect-[4/3] items-center justify-center bg-primary-50 text-primary-800 dark:bg-gray-800 dark:text-primary-200">
      <Sprout aria-hidden className="size-12" />
    </div>
  );
}

/** Key facts, certifications and contact. Read-only: a static part (components/static-part.tsx). */
const PerfilFacts = staticPart(function PerfilFacts({ productor: p }: { productor: PublicProductor }) {
  const hasData = p.altitud !== null || p.hectareas !== null || p.anioFundacion !== null;
  const hasContacto = !!(p.sitioWeb || p.telefono);
  return (
    <aside className="flex flex-col gap-6 lg:col-start-2 lg:row-start-1">
      {hasData && (
        <section aria-labelledby="datos" className="card p-5">
          <h2 id="datos" className="sr-only">
            Datos de la finca
          </h2>
          <dl className="grid grid-cols-2 gap-4 lg:grid-cols-1">
            {p.altitud !== null && (
              <Fact icon={<Mountain aria-hidden className="size-5" />} label="Altitud">
                {formatAltitud(p.altitud)}
              </Fact>
            )}
            {p.hectareas !== null && (
              <Fact icon={<Sprout aria-hidden className="size-5" />} label="Superficie">
                {formatHectareas(p.hectareas)}
              </Fact>
            )}
            {p.anioFundacion !== null && (
              <Fact icon={<CalendarDays aria-hidden className="size-5" />} label="Fundación">
                {p.anioFundacion}
              </Fact>
            )}
          </dl>
        </section>
      )}
      {p.certificaciones.length > 0 && (
        <section aria-labelledby="certificaciones" className="card p-5">
          <h2 id="certificaciones" className="flex items-center gap-2 text-base font-semibold">
            <Award aria-hidden className="size-5 text-primary-700 dark:text-primary-400" /> Certificaciones
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {p.certificaciones.map((c) => (
              <li
                key={c}
                className="rounded-full border border-primary-200 bg-primary-50 px-3 py-1 text-sm font-medium text-primary-900 dark:border-primary-800 dark:bg-primary-950 dark:text-primary-100"
              >
                {certificacionLabel(c)}
              </li>
            ))}
          </ul>
        </section>
      )}
      {hasContacto && (
        <section aria-labelledby="contacto" className="card p-5">
          <h2 id="contacto" className="text-base font-semibold">
            Contacto
          </h2>
          <ul className="mt-3 flex flex-col gap-2 text-sm">
            {p.sitioWeb && (
              <li>
                <a
                  href={p.sitioWeb}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex items-center gap-2 break-all text-primary-800 underline hover:no-underline dark:text-primary-300"
                >
                  <Globe aria-hidden className="size-4 shrink-0" />
                  {formatSitioWeb(p.sitioWeb)}
                  <span className="sr-only"> (se abre en otra pestaña)</span>
                </a>
              </li>
            )}
            {p.telefono && (
              <li>
                <a
                  href={telefonoHref(p.telefono)}
                  className="inline-flex items-center gap-2 text-primary-800 underline hover:no-underline dark:text-primary-300"
                >
                  <Phone aria-hidden className="size-4 shrink-0" />
                  {p.telefono}
                </a>
              </li>
            )}
          </ul>
        </section>
      )}
    </aside>
  );
});

/** The producer's story. Read-only: a static part. */
const PerfilStory = staticPart(function PerfilStory({ productor: p }: { productor: PublicProductor }) {
  return (
    <section aria-labelledby="historia" className="card p-5 sm:p-6">
      <h2 id="historia" className="text-xl font-semibold">
        Nuestra historia
      </h2>
      {p.descripcionHtml ? (
        // Rendered on the server from Markdown with raw HTML escaped and unsafe links removed.
        <div className="prose-cereza mt-2 break-words" dangerouslySetInnerHTML={{ __html: p.descripcionHtml }} />
      ) : (
        <p className="mt-3 text-gray-700 dark:text-gray-300">{p.nombre} todavía no ha contado su historia.</p>
      )}
    </section>
  );
});

/**
 * The public profile's body: key facts, certifications, contact, the story and the photo gallery. The
 * gallery is live; the rest are static parts. An action to come (write to the producer) goes here, beside them.
 */
export function PerfilDetail({ productor: p, escribir: write }: { productor: PublicProductor; escribir?: ReactNode }) {
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      {/* First in the document as on a phone's screen (a partly parsed page paints in document order, so a
          column moved up by CSS would push the story down once it arrived); beside the story from lg. */}
      <PerfilFacts productor={p} />
      <div className="flex min-w-0 flex-col gap-6 lg:col-start-1 lg:row-start-1">
        {write}
        <PerfilStory productor={p} />
        {p.imagenes.length > 0 && (
          <section aria-labelledby="galeria" className="card p-5 sm:p-6">
            <h2 id="galeria" className="mb-4 text-xl font-semibold">
              Fotos
            </h2>
            <Carrusel
              label={`Fotos de ${p.nombre}`}
              sizes="(min-width: 1024px) 880px, 100vw"
              imagenes={p.imagenes.map((src, i) => ({ src, alt: `${p.nombre}: foto ${i + 1}` }))}
              fallback={<EmptyGallery />}
            />
          </section>
        )}
      </div>
    </div>
  );
}
