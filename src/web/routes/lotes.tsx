import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { LoteTarjeta } from '../../contract/lotes';
import { Catalogo } from '../features/lotes/components/catalogo';
import { FavoritoButton } from '../features/favoritos/favorito-button';
import { CajaButton } from '../features/muestras/caja-button';
import { rolOf, useSession } from '../lib/session';
import { usePageMeta } from '../lib/page-meta';

// Buyers only: a visitor's first load of the catalogue carries none of its code (the public JS budget).
const SaveBusqueda = lazy(() =>
  import('../features/busquedas/save-busqueda').then((m) => ({ default: m.SaveBusqueda })),
);

/** The actions on each card: the box of samples and the favourite heart. */
const renderAction = (lote: LoteTarjeta) => (
  <div className="flex gap-2">
    <CajaButton lote={lote} />
    <FavoritoButton lote={lote} />
  </div>
);

function Toolbar({ qs }: { qs: string }) {
  const { user, token } = useSession();
  if (!token || rolOf(user) !== 'comprador') return null;
  return (
    <Suspense fallback={null}>
      <SaveBusqueda qs={qs} />
    </Suspense>
  );
}
const toolbar = (qs: string) => <Toolbar qs={qs} />;

/** /lotes, /lotes/Filters (opens the filter panel on entry) and /lotes/oldIndex: one catalogue. */
export function Component() {
  const { pathname } = useLocation();
  usePageMeta({
    title: 'Lotes de café verde',
    description: 'Busca lotes de café verde de especialidad por origen, proceso, puntaje, precio y certificaciones.',
  });
  return <Catalogo openFilters={/\/filters\/?$/i.test(pathname)} renderAction={renderAction} toolbar={toolbar} />;
}
