import type { LoteTarjeta } from '../../../contract/lotes';
import { FavoritoButton } from '../../features/favoritos/favorito-button';
import { FavoritosList } from '../../features/favoritos/favoritos-list';
import { LoteCard } from '../../components/lote-card';
import { usePageMeta } from '../../lib/page-meta';

const renderLote = (lote: LoteTarjeta) => <LoteCard lote={lote} action={<FavoritoButton lote={lote} />} />;

export function Component() {
  usePageMeta({ title: 'Favoritos' });
  return <FavoritosList renderLote={renderLote} />;
}
