import { errorMessage } from '../../../../lib/api';
import { staticPart } from '../../../../components/static-part';
import { ErrorRetry } from '../../../../components/ui/error-retry';
import { useHome } from '../../api';

// Read-only sections, kept as the server's HTML on a first visit; their code arrives once the page is idle.
const sections = () => import('./home-sections');
const HomeIntro = staticPart({ load: () => sections().then((m) => m.HomeIntro) });
const Featured = staticPart({ load: () => sections().then((m) => m.Featured) });
const HomeRest = staticPart({ load: () => sections().then((m) => m.HomeRest) });

/**
 * The home page: the hero draws at once; everything else comes from one call (GET /api/inicio). Nothing on
 * it is interactive but the retry of a failed load: the rest are static parts.
 */
export function Home() {
  const { data, error, isPending, refetch } = useHome();
  return (
    <div className="flex flex-col gap-12 sm:gap-16">
      <HomeIntro data={data} />
      {error ? (
        <ErrorRetry message={errorMessage(error)} error={error} onRetry={() => void refetch()} />
      ) : (
        <Featured data={data} pending={isPending} />
      )}
      <HomeRest data={data} />
    </div>
  );
}
