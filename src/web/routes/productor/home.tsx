import { useQuery } from '@tanstack/react-query';
import { perfilModal } from '../../features/auth/profile-modals';
import { ResumenProductor } from '../../features/cuenta/resumen-productor';
import { misLotesQuery } from '../../features/lotes/api';
import { useSession } from '../../lib/session';

export function Component() {
  const { user } = useSession();
  // The lot calls need a producer with a profile (spec §6): ask only then.
  const lotes = useQuery({ ...misLotesQuery(), enabled: !!user?.perfilBase });
  if (!user) return null;
  return (
    <ResumenProductor
      user={user}
      lotes={lotes.data}
      isPending={lotes.isPending}
      isError={lotes.isError}
      onRetry={() => void lotes.refetch()}
      onCompletarPerfil={perfilModal.open}
    />
  );
}
