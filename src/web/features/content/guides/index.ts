import type { Guide, GuideSlug } from './types';

export { GUIDES, guideMeta } from './list';

/** One chunk per guide: a visitor reading one guide does not download the other six. */
const LOADERS: Record<GuideSlug, () => Promise<{ guide: Guide }>> = {
  'compra-de-cafe': () => import('./compra-de-cafe'),
  verificados: () => import('./verificados'),
  transparencia: () => import('./transparencia'),
  'logistica-para-compradores': () => import('./logistica-para-compradores'),
  'vende-sus-cafes': () => import('./vende-sus-cafes'),
  'control-de-calidad': () => import('./control-de-calidad'),
  'modelo-comercio-directo': () => import('./modelo-comercio-directo'),
};

export async function loadGuide(slug: GuideSlug): Promise<Guide> {
  return (await LOADERS[slug]()).guide;
}
