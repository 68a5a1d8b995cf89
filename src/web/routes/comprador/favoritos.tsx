import type { Lote } from '../../../contract/lotes';
import { FavoritoButton } from '../../features/favoritos/favorito-button';
import { FavoritosLista } from '../../features/favoritos/favoritos-lista';
import { LoteCard } from '../../components/lote-card';
import { usePageMeta } from '../../lib/page-meta';

const renderLote = (lote: Lote) => <LoteCard lote={lote} action={<FavoritoButton lote={lote} />} />;

export function Component() {
  usePageMeta({ title: 'Favoritos' });
  return <FavoritosLista renderLote={renderLote} />;
}
