import { lazy, Suspense, useEffect, useState } from 'react';
import type { Lote } from '../../../contract/lotes';
import { rolOf, useSession } from '../../lib/session';

/*
 * Only this wrapper is in the lot page's chunk: the dialog, its form and the samples contract (zod) load when a
 * signed-in buyer or a visitor is on a lot that offers samples, after hydration (docs/decisions/014).
 */
const SolicitarMuestra = lazy(() => import('./solicitar-muestra').then((m) => ({ default: m.SolicitarMuestra })));

/** "Solicitar muestra" on /lote/{id} when the lot offers one; producers see nothing. */
export function SolicitarMuestraButton({ lote }: { lote: Lote }) {
  const { user, token } = useSession();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rol = token ? rolOf(user) : null;
  if (!mounted || !lote.muestra.disponible || rol === 'productor') return null;
  return (
    <Suspense fallback={null}>
      <SolicitarMuestra lote={lote} comprador={rol === 'comprador'} />
    </Suspense>
  );
}
