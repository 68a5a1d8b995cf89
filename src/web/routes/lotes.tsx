import { useLocation } from 'react-router';
import type { LoteTarjeta } from '../../contract/lotes';
import { Catalogo } from '../features/lotes/components/catalogo';
import { FavoritoButton } from '../features/favoritos/favorito-button';
import { GuardarBusqueda } from '../features/busquedas/guardar-busqueda';
import { usePageMeta } from '../lib/page-meta';

const renderAction = (lote: LoteTarjeta) => <FavoritoButton lote={lote} />;
const toolbar = (qs: string) => <GuardarBusqueda qs={qs} />;

/** /lotes, /lotes/Filters (opens the filter panel on entry) and /lotes/oldIndex: one catalogue. */
export function Component() {
  const { pathname } = useLocation();
  usePageMeta({
    title: 'Lotes de café verde',
    description: 'Busca lotes de café verde de especialidad por origen, proceso, puntaje, precio y certificaciones.',
  });
  return <Catalogo openFilters={/\/filters\/?$/i.test(pathname)} renderAction={renderAction} toolbar={toolbar} />;
}
