import type { MouseEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { NotFound } from '../components/not-found';
import { ApiError, errorMessage } from '../lib/api';
import { usePageMeta } from '../lib/page-meta';
import { useBlogPost } from '../features/content/api';
import { PostMeta, PostTags } from '../features/content/components/post-meta';

export function Component() {
  const { slug = '' } = useParams();
  const navigate = useNavigate();
  const { data: post, isPending, isError, error, refetch } = useBlogPost(slug);
  usePageMeta({ title: post?.title ?? 'Blog', description: post?.description, image: post?.cover });

  // Links inside the server-rendered article stay in the app instead of reloading the page.
  const onArticleClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href || !href.startsWith('/') || href.startsWith('//')) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };

  if (isError && error instanceof ApiError && error.status === 404) return <NotFound />;

  return (
    <div className="mx-auto max-w-3xl">
      <Link
        to="/Blog"
        className="inline-flex items-center gap-1 text-sm font-medium text-primary-800 hover:underline dark:text-primary-300"
      >
        <ArrowLeft aria-hidden className="size-4" />
        Todos los artículos
      </Link>

      {isPending && <div aria-busy="true" aria-label="Cargando artículo" className="card mt-4 h-96 animate-pulse" />}

      {isError && (
        <div role="alert" className="card mt-4 p-6">
          <p>No hemos podido cargar el artículo. {errorMessage(error)}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      )}

      {post && (
        <article className="card mt-4 p-5 sm:p-8">
          <header>
            <h1 className="text-3xl font-semibold sm:text-4xl">{post.title}</h1>
            <div className="mt-3">
              <PostMeta post={post} />
            </div>
            <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">{post.description}</p>
            <div className="mt-4">
              <PostTags tags={post.tags} />
            </div>
          </header>
          {post.cover && <img src={post.cover} alt="" className="mt-6 w-full rounded-xl object-cover" />}
          <div
            className="prose-cereza mt-6 [&_code]:rounded [&_code]:bg-gray-100 [&_code]:px-1 dark:[&_code]:bg-gray-800 [&_h2]:scroll-mt-6 [&_table]:block [&_table]:overflow-x-auto"
            onClick={onArticleClick}
            // Rendered by markdown-it on the server with raw HTML disabled (see src/server/modules/blog).
            dangerouslySetInnerHTML={{ __html: post.html }}
          />
        </article>
      )}
    </div>
  );
}
