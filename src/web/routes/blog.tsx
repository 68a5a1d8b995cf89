import { Link } from 'react-router';
import { usePageMeta } from '../lib/page-meta';
import { errorMessage } from '../lib/api';
import { useBlogPosts } from '../features/content/api';
import { PostMeta, PostTags } from '../features/content/components/post-meta';

export function Component() {
  usePageMeta({
    title: 'Blog',
    description:
      'Artículos sobre la compra de café verde de especialidad: fichas de lote, incoterms, humedad y actividad de agua, EUDR, procesos, planificación por cosecha y cata de muestras.',
  });
  const { data: posts, isPending, isError, error, refetch } = useBlogPosts();
  return (
    <div className="mx-auto max-w-4xl">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-semibold sm:text-4xl">Blog</h1>
        <p className="mt-4 text-lg leading-relaxed text-gray-700 dark:text-gray-300">
          Lo que aprendemos comprando, catando y moviendo café verde de especialidad, escrito para tostadores,
          importadores y productores.
        </p>
      </header>

      {isPending && (
        <ul aria-busy="true" aria-label="Cargando artículos" className="mt-8 space-y-4">
          {[0, 1, 2].map((i) => (
            <li key={i} className="card h-40 animate-pulse" />
          ))}
        </ul>
      )}

      {isError && (
        <div role="alert" className="card mt-8 p-6">
          <p>No hemos podido cargar los artículos. {errorMessage(error)}</p>
          <button type="button" className="btn-secondary mt-4" onClick={() => refetch()}>
            Reintentar
          </button>
        </div>
      )}

      {posts && (
        <ul className="mt-8 space-y-4">
          {posts.map((post) => (
            <li key={post.slug}>
              <article className="card p-6">
                <h2 className="text-xl font-semibold sm:text-2xl">
                  <Link to={`/Blog/${post.slug}`} className="hover:underline">
                    {post.title}
                  </Link>
                </h2>
                <div className="mt-2">
                  <PostMeta post={post} />
                </div>
                <p className="mt-3 text-gray-700 dark:text-gray-300">{post.description}</p>
                <div className="mt-4">
                  <PostTags tags={post.tags} />
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
