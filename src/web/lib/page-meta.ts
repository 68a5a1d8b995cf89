import { createContext, useContext, useEffect } from 'react';

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

export const fullTitle = (title: string) => (title === SITE ? SITE : `${title} · ${SITE}`);

/**
 * Server rendering collects the page's meta here while it renders (effects do not run on the server); the
 * innermost page renders last, so its meta wins, as it does in the browser.
 */
export interface SsrPageInfo extends Partial<PageMeta> {
  /** Set by the 404 page, so that the server answers 404 too. */
  notFound?: boolean;
}
export const SsrMetaContext = createContext<SsrPageInfo | null>(null);

/** The 404 page marks the server's answer as a 404. */
export function useMarkNotFound() {
  const ssr = useContext(SsrMetaContext);
  if (ssr) ssr.notFound = true;
}

/** Title, description and Open Graph tags per page, for readers, search engines and sharing. */
export function usePageMeta({ title, description, image }: PageMeta) {
  const ssr = useContext(SsrMetaContext);
  if (ssr) {
    ssr.title = title;
    if (description) ssr.description = description;
    if (image) ssr.image = image;
  }
  useEffect(() => {
    const full = fullTitle(title);
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
