import type { Noticia } from '../../../../contract/noticias';
import { formatDate } from '../../../lib/format';

/** One news item as readers see it; the body is HTML rendered safely on the server. */
export function NoticiaArticle({ noticia, headingLevel = 2 }: { noticia: Noticia; headingLevel?: 2 | 3 }) {
  const H = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card overflow-hidden" aria-labelledby={`noticia-${noticia.id}`}>
      {noticia.imagen && (
        <img
          src={noticia.imagen}
          alt=""
          width={1200}
          height={630}
          loading="lazy"
          decoding="async"
          className="aspect-[1200/630] w-full object-cover"
        />
      )}
      <div className="p-5 sm:p-6">
        <p className="text-sm text-gray-600 dark:text-gray-400">
          <time dateTime={noticia.fecha}>{formatDate(noticia.fecha)}</time>
        </p>
        <H id={`noticia-${noticia.id}`} className="mt-1 scroll-mt-4 text-xl font-semibold break-words sm:text-2xl">
          {noticia.titulo}
        </H>
        {/* Server-rendered Markdown: raw HTML escaped, only safe links kept. */}
        <div className="prose-cereza mt-2 break-words" dangerouslySetInnerHTML={{ __html: noticia.cuerpoHtml }} />
      </div>
    </article>
  );
}
