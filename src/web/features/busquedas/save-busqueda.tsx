import { BellPlus } from 'lucide-react';
import { rolOf, useSession } from '../../lib/session';
import { useSaveBusqueda } from './api';

/**
 * "Guardar búsqueda" on the catalogue: one click keeps the current filters (named by what they look for; the buyer
 * renames it in his dashboard) and turns on its daily alert. Buyers only: visitors and producers see nothing.
 */
export function SaveBusqueda({ qs }: { qs: string }) {
  const { user, token } = useSession();
  const save = useSaveBusqueda();
  if (!token || rolOf(user) !== 'comprador') return null;
  return (
    <button
      type="button"
      className="btn-secondary"
      disabled={save.isPending}
      onClick={() => save.mutate(qs)}
      title="Guarda estos filtros y te avisaremos cuando haya lotes nuevos que encajen"
    >
      <BellPlus aria-hidden className="size-4" />
      Guardar búsqueda
    </button>
  );
}
