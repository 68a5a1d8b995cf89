import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NotFound } from '../components/not-found';
import { GuideArticle } from '../features/contenido/components/guide-article';
import { loadGuide } from '../features/contenido/guias/index';
import { isGuideSlug } from '../features/contenido/guias/types';

/** Each guide's text is its own chunk, fetched while the router navigates. */
export async function loader({ params }: LoaderFunctionArgs) {
  const slug = params.slug?.toLowerCase();
  return isGuideSlug(slug) ? loadGuide(slug) : null;
}

export function Component() {
  const guide = useLoaderData<typeof loader>();
  if (!guide) return <NotFound />;
  return <GuideArticle key={guide.slug} guide={guide} />;
}
