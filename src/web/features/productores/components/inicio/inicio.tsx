import { errorMessage } from '../../../../lib/api';
import { staticPart } from '../../../../components/static-part';
import { ErrorReintento } from '../../../../components/ui/error-reintento';
import { useInicio } from '../../api';

// Read-only sections, kept as the server's HTML on a first visit; their code arrives once the page is idle.
const secciones = () => import('./inicio-secciones');
const InicioCabecera = staticPart({ load: () => secciones().then((m) => m.InicioCabecera) });
const InicioDestacados = staticPart({ load: () => secciones().then((m) => m.InicioDestacados) });
const InicioResto = staticPart({ load: () => secciones().then((m) => m.InicioResto) });

/**
 * The home page: the hero draws at once; everything else comes from one call (GET /api/inicio). Nothing on
 * it is interactive but the retry of a failed load: the rest are static parts.
 */
export function Inicio() {
  const { data, error, isPending, refetch } = useInicio();
  return (
    <div className="flex flex-col gap-12 sm:gap-16">
      <InicioCabecera data={data} />
      {error ? <ErrorReintento message={errorMessage(error)} onRetry={() => void refetch()} /> : <InicioDestacados data={data} pending={isPending} />}
      <InicioResto data={data} />
    </div>
  );
}
