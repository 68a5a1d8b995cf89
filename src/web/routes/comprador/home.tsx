import { perfilModal } from '../../features/auth/profile-modals';
import { ResumenComprador } from '../../features/cuenta/resumen-comprador';
import { useFavoritos } from '../../features/favoritos/api';
import { useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  const favoritos = useFavoritos();
  if (!user) return null;
  return (
    <ResumenComprador
      user={user}
      favoritos={favoritos.data}
      isPending={favoritos.isPending}
      isError={favoritos.isError}
      onRetry={() => void favoritos.refetch()}
      onCompletarPerfil={perfilModal.open}
    />
  );
}
