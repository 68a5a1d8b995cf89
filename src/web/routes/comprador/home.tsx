import { perfilModal } from '../../features/auth/profile-modals';
import { CompradorOverview } from '../../features/account/comprador-overview';
import { useFavoritos } from '../../features/favoritos/api';
import { useSession } from '../../lib/session';
import { ResumenPedidos } from '../../features/pedidos/resumen-pedidos';

export function Component() {
  const { user } = useSession();
  const favoritos = useFavoritos();
  if (!user) return null;
  return (
    <CompradorOverview
      user={user}
      favoritos={favoritos.data}
      isPending={favoritos.isPending}
      isError={favoritos.isError}
      onRetry={() => void favoritos.refetch()}
      onCompletePerfil={perfilModal.open}
      pedidos={user.perfilBase ? <ResumenPedidos rol="comprador" /> : null}
    />
  );
}
