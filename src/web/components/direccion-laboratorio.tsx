import { useQuery } from '@tanstack/react-query';
import { lineasDireccionLaboratorio } from '../../contract/ajustes';
import { AJUSTES_API } from '../../contract/ajustes-endpoints';
import { call } from '../lib/api';

/** The lab's address, an operator setting (GET /api/ajustes/direccion-laboratorio, issue 25 §3). */
export const useDireccionLaboratorio = () =>
  useQuery({
    queryKey: ['ajustes', 'direccion-laboratorio'],
    queryFn: ({ signal }) => call(AJUSTES_API.direccionLaboratorio, { signal }).then((r) => r.data.direccion),
    staleTime: 5 * 60_000,
  });

/** Where producers send a lot's reference sample: the address block of the send dialog and the guide. */
export function DireccionLaboratorio({ className = '' }: { className?: string }) {
  const { data, isPending, isError } = useDireccionLaboratorio();
  if (isPending) return <p role="status">Cargando la dirección del laboratorio…</p>;
  if (isError || !data) {
    return <p>No pudimos cargar la dirección del laboratorio. Vuelve a intentarlo en unos minutos.</p>;
  }
  return (
    <div className={className}>
      <address
        className="not-italic"
        aria-label="Dirección del laboratorio de Cereza"
        data-testid="direccion-laboratorio"
      >
        {lineasDireccionLaboratorio(data).map((l) => (
          <span key={l} className="block">
            {l}
          </span>
        ))}
      </address>
      {data.indicaciones && <p className="mt-1 text-sm">{data.indicaciones}</p>}
    </div>
  );
}
