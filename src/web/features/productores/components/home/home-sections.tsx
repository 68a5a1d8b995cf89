import { Link } from 'react-router';
import { ArrowRight, BadgeCheck, Check, Coffee, Newspaper, Sprout } from 'lucide-react';
import { Avatar } from '../../../../components/ui/avatar';
import { formatDate, formatInt } from '../../../../lib/format';
import { paisName } from '../../../../lib/catalogo-lotes';
import { Bandera } from '../../../../components/bandera';
import { LoteCard, LoteCardSkeleton, LoteGrid } from '../../../../components/lote-card';
import type { HomeData } from '../../api';
import { excerptOfHtml } from '../../page';
import { HERO, FOR_COMPRADORES, FOR_PRODUCTORES, PURCHASE_STEPS } from './texts';

function Hero() {
  return (
    <section
      aria-labelledby="hero"
      className="relative overflow-hidden rounded-3xl bg-primary-900 px-6 py-12 text-white sm:px-10 sm:py-16 dark:bg-primary-950"
    >
      <div aria-hidden className="absolute -top-24 -right-24 size-72 rounded-full bg-primary-700/40 blur-2xl" />
      <div aria-hidden className="absolute -bottom-32 left-1/3 size-72 rounded-full bg-cereza-600/20 blur-3xl" />
      <div className="relative max-w-3xl">
        <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium">
          <Coffee aria-hidden className="size-4" /> Mercado de lotes de café verde
        </p>
        <h1 id="hero" className="mt-4 text-3xl leading-tight font-semibold sm:text-5xl">
          {HERO.titulo}
        </h1>
        <p className="mt-4 text-base text-primary-50 sm:text-lg">{HERO.text}</p>
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Link to="/lotes" className="btn bg-white px-5 py-3 text-base text-primary-900 hover:bg-primary-50">
            Ver lotes disponibles <ArrowRight aria-hidden className="size-4" />
          </Link>
          <Link
            to="/Auth/Registro"
            className="btn border border-white/60 px-5 py-3 text-base text-white hover:bg-white/10"
          >
            Crear una cuenta gratis
          </Link>
        </div>
      </div>
    </section>
  );
}

function Totals({ totales }: { totales: HomeData['totales'] }) {
  const items = [
    { n: totales.lotes, label: totales.lotes === 1 ? 'lote publicado' : 'lotes publicados' },
    { n: totales.productores, label: totales.productores === 1 ? 'productor' : 'productores' },
    { n: totales.paises, label: totales.paises === 1 ? 'país de origen' : 'países de origen' },
  ];
  return (
    <dl className="grid grid-cols-3 gap-3 text-center">
      {items.map((i) => (
        <div key={i.label} className="card flex flex-col px-2 py-4">
          <dt className="order-2 text-xs text-gray-700 sm:text-sm dark:text-gray-300">{i.label}</dt>
          <dd className="text-2xl font-semibold text-primary-800 sm:text-3xl dark:text-primary-300">
            {formatInt(i.n)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Audience({
  titulo,
  points,
  cta,
  tipo,
}: {
  titulo: string;
  points: readonly string[];
  cta: string;
  tipo: 'productor' | 'comprador';
}) {
  const Icon = tipo === 'productor' ? Sprout : Coffee;
  return (
    <section aria-labelledby={`para-${tipo}`} className="card flex flex-col p-6">
      <h2 id={`para-${tipo}`} className="flex items-center gap-2 text-2xl font-semibold">
        <Icon aria-hidden className="size-6 text-primary-700 dark:text-primary-400" /> {titulo}
      </h2>
      <ul className="mt-4 flex flex-1 flex-col gap-3">
        {points.map((p) => (
          <li key={p} className="flex gap-2 text-gray-800 dark:text-gray-200">
            <Check aria-hidden className="mt-0.5 size-5 shrink-0 text-primary-700 dark:text-primary-400" />
            <span>{p}</span>
          </li>
        ))}
      </ul>
      <Link to={`/Auth/Registro?tipo=${tipo}`} className="btn-primary mt-6 self-start">
        {cta}
      </Link>
    </section>
  );
}

function SectionTitle({
  id,
  titulo,
  text,
  link,
}: {
  id: string;
  titulo: string;
  text?: string;
  link?: { to: string; label: string };
}) {
  return (
    <div className="mb-5 flex flex-col gap-2 sm:flex-row sm:items-end sm:justify-between">
      <div>
        <h2 id={id} className="text-2xl font-semibold sm:text-3xl">
          {titulo}
        </h2>
        {text && <p className="mt-1 max-w-2xl text-gray-700 dark:text-gray-300">{text}</p>}
      </div>
      {link && (
        <Link
          to={link.to}
          className="inline-flex shrink-0 items-center gap-1 font-semibold text-primary-800 hover:underline dark:text-primary-300"
        >
          {link.label} <ArrowRight aria-hidden className="size-4" />
        </Link>
      )}
    </div>
  );
}

function Featured({ data, pending }: { data?: HomeData; pending: boolean }) {
  return (
    <section aria-labelledby="destacados">
      <SectionTitle
        id="destacados"
        titulo="Lotes verificados"
        text="Su muestra de referencia pasó por nuestro laboratorio de calidad: el puntaje que ves es el que se catará."
        link={{ to: '/lotes', label: 'Ver el catálogo completo' }}
      />
      {pending ? (
        <LoteGrid>
          {[0, 1, 2].map((i) => (
            <LoteCardSkeleton key={i} />
          ))}
        </LoteGrid>
      ) : data && data.lotesDestacados.length > 0 ? (
        <LoteGrid>
          {data.lotesDestacados.map((l) => (
            <LoteCard key={l.id} lote={l} />
          ))}
        </LoteGrid>
      ) : (
        <div className="card flex flex-col items-start gap-3 p-6 sm:flex-row sm:items-center">
          <BadgeCheck aria-hidden className="size-8 text-primary-700 dark:text-primary-400" />
          <p className="flex-1 text-gray-700 dark:text-gray-300">
            Todavía no hay lotes verificados por el laboratorio. Mientras tanto, puedes ver todos los lotes publicados y
            pedir muestras.
          </p>
          <Link to="/lotes" className="btn-secondary">
            Ver lotes
          </Link>
        </div>
      )}
    </section>
  );
}

function Origenes({ origenes }: { origenes: HomeData['origenes'] }) {
  if (!origenes.length) return null;
  return (
    <section aria-labelledby="origenes" className="cv-auto">
      <SectionTitle
        id="origenes"
        titulo="Orígenes"
        text="Productores de estos países publican sus lotes en Cereza. Elige uno para ver su café."
      />
      <ul className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 lg:grid-cols-4">
        {origenes.map((o) => (
          <li key={o.pais}>
            <Link
              to={`/lotes?pais=${o.pais}`}
              className="card flex items-center gap-3 p-4 transition hover:border-primary-400 dark:hover:border-primary-600"
            >
              <Bandera pais={o.pais} className="text-3xl" />
              <span className="min-w-0">
                <span className="block font-semibold">{paisName(o.pais)}</span>
                <span className="block text-sm text-gray-700 dark:text-gray-300">
                  {o.lotes === 1 ? '1 lote' : `${formatInt(o.lotes)} lotes`} ·{' '}
                  {o.productores === 1 ? '1 productor' : `${formatInt(o.productores)} productores`}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function HowItWorks() {
  return (
    <section aria-labelledby="como-funciona" className="cv-auto">
      <SectionTitle
        id="como-funciona"
        titulo="Cómo funciona una compra"
        text="De la muestra a la entrega, cada paso queda registrado y ambas partes saben en qué punto está el pedido."
        link={{ to: '/Guia/compra-de-cafe', label: 'Leer la guía de compra' }}
      />
      <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {PURCHASE_STEPS.map((p, i) => (
          <li key={p.titulo} className="card flex gap-4 p-5">
            <span
              aria-hidden
              className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary-100 text-lg font-semibold text-primary-900 dark:bg-primary-900 dark:text-primary-100"
            >
              {i + 1}
            </span>
            <div>
              <h3 className="font-semibold">
                <span className="sr-only">Paso {i + 1}: </span>
                {p.titulo}
              </h3>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{p.text}</p>
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Noticias({ noticias }: { noticias: HomeData['noticias'] }) {
  if (!noticias.length) return null;
  return (
    <section aria-labelledby="noticias" className="cv-auto">
      <SectionTitle
        id="noticias"
        titulo="Noticias de los productores"
        text="Cosechas, procesos y novedades contadas desde las fincas."
      />
      <ul className="grid grid-cols-1 gap-4 md:grid-cols-3">
        {noticias.map((n) => (
          <li key={n.id} className="card flex flex-col p-5">
            <div className="flex items-center gap-3">
              <Avatar src={n.productor.avatar} name={n.productor.nombre} size={40} />
              <div className="min-w-0 text-sm">
                <Link to={`/perfil/${n.productor.id}`} className="block truncate font-semibold hover:underline">
                  {n.productor.nombre}
                </Link>
                <time dateTime={n.fecha} className="text-gray-600 dark:text-gray-400">
                  {formatDate(n.fecha)}
                </time>
              </div>
            </div>
            <h3 className="mt-3 text-lg leading-snug font-semibold break-words">{n.titulo}</h3>
            <p className="mt-2 flex-1 text-sm text-gray-700 dark:text-gray-300">{excerptOfHtml(n.cuerpoHtml, 160)}</p>
            <Link
              to={`/perfil/${n.productor.id}/Noticias#noticia-${n.id}`}
              aria-label={`Leer la noticia: ${n.titulo}`}
              className="mt-4 inline-flex items-center gap-1 text-sm font-semibold text-primary-800 hover:underline dark:text-primary-300"
            >
              Leer la noticia <ArrowRight aria-hidden className="size-4" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function ClosingCallToAction() {
  return (
    <section
      aria-labelledby="empieza"
      className="card flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:p-8"
    >
      <Newspaper aria-hidden className="hidden size-10 text-primary-700 sm:block dark:text-primary-400" />
      <div className="flex-1">
        <h2 id="empieza" className="text-2xl font-semibold">
          ¿Primera vez en Cereza?
        </h2>
        <p className="mt-1 text-gray-700 dark:text-gray-300">
          Lee cómo verificamos los lotes y cómo se forma el precio antes de crear tu cuenta.
        </p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/Guia/verificados" className="btn-secondary">
          Cómo verificamos los lotes
        </Link>
        <Link to="/Guia/transparencia" className="btn-secondary">
          Transparencia de precios
        </Link>
      </div>
    </section>
  );
}

/*
 * The home page's sections: read-only, so static parts (see home.tsx and components/static-part.tsx). Their
 * code is not loaded with the page; the server's HTML stands in for it until the page is idle.
 */

/** The hero with the totals, and the two audiences. */
export function HomeIntro({ data }: { data?: HomeData }) {
  return (
    <>
      <div className="flex flex-col gap-4">
        <Hero />
        {data && <Totals totales={data.totales} />}
      </div>
      <div className="grid gap-6 md:grid-cols-2">
        <Audience {...FOR_PRODUCTORES} tipo="productor" />
        <Audience {...FOR_COMPRADORES} tipo="comprador" />
      </div>
    </>
  );
}

export { Featured };

/** Origins, how a purchase works, the producers' news and the closing call. */
export function HomeRest({ data }: { data?: HomeData }) {
  return (
    <>
      {data && <Origenes origenes={data.origenes} />}
      <HowItWorks />
      {data && <Noticias noticias={data.noticias} />}
      <ClosingCallToAction />
    </>
  );
}
