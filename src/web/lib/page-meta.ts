import { useEffect } from 'react';

const SITE = 'Cereza';

function setMeta(attr: 'name' | 'property', key: string, value: string) {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement('meta');
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = value;
}

export interface PageMeta {
  title: string;
  description?: string;
  image?: string;
}

/** Title, description and Open Graph tags per page, for readers, search engines and sharing. */
export function usePageMeta({ title, description, image }: PageMeta) {
  useEffect(() => {
    const full = title === SITE ? SITE : `${title} · ${SITE}`;
    document.title = full;
    setMeta('property', 'og:title', full);
    setMeta('property', 'og:url', location.href);
    if (description) {
      setMeta('name', 'description', description);
      setMeta('property', 'og:description', description);
    }
    if (image) setMeta('property', 'og:image', new URL(image, location.origin).toString());
  }, [title, description, image]);
}
