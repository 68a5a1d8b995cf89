import { lazy, Suspense, useEffect, useState } from 'react';
import type { Lote } from '../../../contract/lotes';
import { rolOf, useSession } from '../../lib/session';

/*
 * Only this wrapper is in the lot page's chunk: the dialog, its stepper and the orders contract (zod) load after
 * hydration, for a signed-in buyer or a visitor on a lot with bags left (docs/decisions/014).
 */
const Comprar = lazy(() => import('./comprar').then((m) => ({ default: m.Comprar })));

/** "Comprar" on /lote/{id}, beside "Solicitar muestra"; producers see nothing. */
export function ComprarButton({ lote }: { lote: Lote }) {
  const { user, token } = useSession();
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const rol = token ? rolOf(user) : null;
  if (!mounted || rol === 'productor') return null;
  if (lote.sacosDisponibles - lote.sacosReservados <= 0) return null;
  return (
    <Suspense fallback={null}>
      <Comprar lote={lote} comprador={rol === 'comprador'} />
    </Suspense>
  );
}
