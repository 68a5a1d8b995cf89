import { useLoaderData, type LoaderFunctionArgs } from 'react-router';
import { NotFound } from '../components/not-found';
import { GuideArticle } from '../features/content/components/guide-article';
import { loadGuide } from '../features/content/guides/index';
import { isGuideSlug } from '../features/content/guides/types';

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
