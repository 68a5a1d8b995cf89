import { useQuery } from '@tanstack/react-query';
import { perfilModal } from '../../features/auth/profile-modals';
import { ProductorOverview } from '../../features/account/productor-overview';
import { ownLotesQuery } from '../../features/lotes/api';
import { useSession } from '../../lib/session';
import { ResumenPedidos } from '../../features/pedidos/resumen-pedidos';

export function Component() {
  const { user } = useSession();
  // The lot calls need a producer with a profile (docs/product.md §6): ask only then.
  const lotes = useQuery({ ...ownLotesQuery(), enabled: !!user?.perfilBase });
  if (!user) return null;
  return (
    <ProductorOverview
      user={user}
      lotes={lotes.data}
      isPending={lotes.isPending}
      isError={lotes.isError}
      onRetry={() => void lotes.refetch()}
      onCompletePerfil={perfilModal.open}
      pedidos={user.perfilBase ? <ResumenPedidos rol="productor" /> : null}
    />
  );
}
