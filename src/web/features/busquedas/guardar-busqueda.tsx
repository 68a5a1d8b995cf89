import { BellPlus } from 'lucide-react';
import { rolOf, useSession } from '../../lib/session';
import { useGuardarBusqueda } from './api';

/**
 * "Guardar búsqueda" on the catalogue: one click keeps the current filters (named by what they look for; the buyer
 * renames it in his dashboard) and turns on its daily alert. Buyers only: visitors and producers see nothing.
 */
export function GuardarBusqueda({ qs }: { qs: string }) {
  const { user, token } = useSession();
  const guardar = useGuardarBusqueda();
  if (!token || rolOf(user) !== 'comprador') return null;
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={guardar.isPending}
      onClick={() => guardar.mutate(qs)}
      title="Guarda estos filtros y te avisaremos cuando haya lotes nuevos que encajen"
    >
      <BellPlus aria-hidden className="size-4" />
      Guardar búsqueda
    </button>
  );
}
