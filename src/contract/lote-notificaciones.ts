import { paisName } from './lotes-codes';
import { TIPO_COMPRADOR_LABELS, type TipoComprador } from './perfiles-codes';
import { defineTipo } from './notificaciones-tipo';

/** How a producer hears of a buyer who saved a lot: kind of business and country, not the company. */
export function describeComprador(perfil: { tipoComprador: string; pais: string } | null | undefined): string {
  if (!perfil) return 'Un comprador';
  const tipo = TIPO_COMPRADOR_LABELS[perfil.tipoComprador as TipoComprador];
  const pais = paisName(perfil.pais);
  return tipo && perfil.tipoComprador !== 'OTRO'
    ? `Un comprador de ${pais} (${tipo.toLowerCase()})`
    : `Un comprador de ${pais}`;
}

/** Notifications about lots and producers that exist before the trade: new lots, news, favourites. */
export const LOTE_NOTIFICACIONES = {
  LOTE_NUEVO: defineTipo({
    group: 'lotes',
    roles: ['COMPRADOR'],
    label: 'Lotes nuevos de productores cuyos lotes guardaste',
    email: true,
    accion: 'Ver el lote',
    titulo: (p: { productor: string; lote: string }) => `${p.productor} ha publicado «${p.lote}»`,
    texto: (p) =>
      `${p.productor} tiene un lote nuevo en el catálogo: «${p.lote}». Te avisamos porque guardaste alguno de sus lotes en favoritos.`,
  }),
  NOTICIA_NUEVA: defineTipo({
    group: 'lotes',
    roles: ['COMPRADOR'],
    label: 'Noticias de productores cuyos lotes guardaste',
    email: false,
    accion: 'Leer la noticia',
    titulo: (p: { productor: string; noticia: string; resumen: string }) => `Noticia de ${p.productor}: ${p.noticia}`,
    texto: (p) => `${p.productor} ha publicado «${p.noticia}». ${p.resumen}`,
  }),
  LOTE_FAVORITO: defineTipo({
    group: 'lotes',
    roles: ['PRODUCTOR'],
    label: 'Compradores que guardan tus lotes',
    email: false,
    accion: 'Ver el lote',
    titulo: (p: { lote: string; quien: string }) => `Han guardado «${p.lote}» en favoritos`,
    texto: (p) =>
      `${p.quien} ha guardado «${p.lote}» en sus favoritos. Es un buen momento para tener al día su ficha, sus fotos y la disponibilidad de muestras.`,
  }),
};
