/*
 * Guides are text kept in TypeScript so that every word can be reviewed in one place. Paragraphs accept two
 * inline marks only: [texto](/ruta) for links and **texto** for emphasis (see components/rich-text.tsx).
 */

export const GUIDE_SLUGS = [
  'compra-de-cafe',
  'verificados',
  'transparencia',
  'logistica-para-compradores',
  'vende-sus-cafes',
  'control-de-calidad',
  'modelo-comercio-directo',
] as const;
export type GuideSlug = (typeof GUIDE_SLUGS)[number];

export const isGuideSlug = (slug: string | undefined): slug is GuideSlug =>
  !!slug && (GUIDE_SLUGS as readonly string[]).includes(slug);

export type GuideAudience = 'Compradores' | 'Productores' | 'Compradores y productores';

export interface GuideMeta {
  slug: GuideSlug;
  title: string;
  /** One sentence for search results and link previews. */
  description: string;
  audience: GuideAudience;
}

/**
 * A paragraph, a bulleted list, a numbered list, a highlighted note, or the lab's address (an operator setting read
 * when the page shows, introduced by its text).
 */
export type GuideBlock =
  string | { ul: string[] } | { ol: string[] } | { note: string } | { direccionLaboratorio: string };

export interface GuideSection {
  /** The anchor of the section: lower-case words joined by hyphens. */
  id: string;
  title: string;
  blocks: GuideBlock[];
}

export interface Guide extends GuideMeta {
  lead: string;
  sections: GuideSection[];
  /** Guides suggested at the end, besides the links inside the text. */
  related: GuideSlug[];
  cta: { label: string; to: string };
}
