import { lazy, Suspense, useEffect, useState } from 'react';
import type { LoteTarjeta } from '../../../contract/lotes';
import { rolOf, useSession } from '../../lib/session';

/*
 * Only this wrapper is in the public pages' chunk (the JS budget): the button itself, its icons and the box's store
 * load after hydration, for lots that offer samples, for visitors and buyers (decision 070).
 */
const Live = lazy(() => import('./caja-button-live').then((m) => ({ default: m.CajaButtonLive })));

/** "Añadir a la caja de muestras" on a card (`icon`) and on the lot page (`full`); other roles see nothing. */
export function CajaButton({ lote, variant = 'icon' }: { lote: LoteTarjeta; variant?: 'icon' | 'full' }) {
  const { user, token } = useSession();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rol = token ? rolOf(user) : null;
  if (!mounted || !lote.muestra?.disponible || (rol && rol !== 'comprador')) return null;
  return (
    <Suspense fallback={null}>
      <Live lote={lote} variant={variant} />
    </Suspense>
  );
}
