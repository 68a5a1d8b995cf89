import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Pedido } from '../../../contract/pedidos';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { ApiError, api, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { pedidosKeys } from './api';

const SIN_CONFIRMAR = new Set(['RESERVADO', 'CANCELADO', 'EXPIRADO']);
const descargar = (path: string, nombre: string) =>
  import('../../lib/download')
    .then((m) => m.descargar(path, nombre))
    .catch((err: unknown) => toast.error(errorMessage(err)));

/**
 * The order's EUDR side (issue 30, decision 059): the due-diligence pack and the plots' GeoJSON for both parties,
 * and the statement's numbers, recorded by whoever places the coffee on the EU market.
 */
export function EudrDelPedido({ pedido: p }: { pedido: Pedido }) {
  const id = useId();
  const qc = useQueryClient();
  const [referencia, setReferencia] = useState('');
  const [verificacion, setVerificacion] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const registrar = useMutation({
    mutationFn: () =>
      api<{ message: string }>(`/api/pedidos/${p.id}/dds`, { method: 'PUT', body: { referencia, verificacion } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
  const puede = (p.rol === 'comprador' || lugarDelComprador(p.incoterm)) && !SIN_CONFIRMAR.has(p.estado) && !p.dds;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    try {
      toast.success((await registrar.mutateAsync()).message);
      setErrors({});
    } catch (err) {
      if (err instanceof ApiError && err.fields) setErrors(err.fields);
      else toast.error(errorMessage(err));
    }
  };
  return (
    <section aria-labelledby={`${id}-t`} className="md:col-span-2">
      <h3 id={`${id}-t`} className="mb-2 font-semibold">
        Diligencia debida (EUDR)
      </h3>
      <div className="flex flex-wrap gap-3 text-sm">
        <button
          type="button"
          className="underline"
          onClick={() => void descargar(`/api/pedidos/${p.id}/diligencia.pdf`, `diligencia-debida-${p.numero}.pdf`)}
        >
          Descargar el paquete de diligencia debida (PDF)
        </button>
        <button
          type="button"
          className="underline"
          onClick={() => void descargar(`/api/pedidos/${p.id}/eudr.geojson`, `eudr-${p.numero}.geojson`)}
        >
          Descargar las parcelas (GeoJSON para el Sistema de Información de la UE)
        </button>
      </div>
      {p.dds ? (
        <p className="mt-2 text-sm">
          Declaración registrada: número de referencia <strong>{p.dds.referencia}</strong>, número de verificación{' '}
          <strong>{p.dds.verificacion}</strong>.
        </p>
      ) : (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">Aún no se ha registrado la declaración.</p>
      )}
      {puede && (
        <form onSubmit={submit} className="mt-2 grid gap-2 sm:grid-cols-3" noValidate>
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-r`}>
            Número de referencia
            <input
              id={`${id}-r`}
              className="input"
              value={referencia}
              onChange={(e) => setReferencia(e.target.value)}
              placeholder="25ESXK3Z9AB123"
              aria-invalid={!!errors.referencia}
              aria-describedby={errors.referencia ? `${id}-re` : undefined}
            />
            {errors.referencia && (
              <span id={`${id}-re`} className="text-red-700 dark:text-red-300">
                {errors.referencia}
              </span>
            )}
          </label>
          <label className="flex flex-col gap-1 text-sm" htmlFor={`${id}-v`}>
            Número de verificación
            <input
              id={`${id}-v`}
              className="input"
              value={verificacion}
              onChange={(e) => setVerificacion(e.target.value)}
              aria-invalid={!!errors.verificacion}
              aria-describedby={errors.verificacion ? `${id}-ve` : undefined}
            />
            {errors.verificacion && (
              <span id={`${id}-ve`} className="text-red-700 dark:text-red-300">
                {errors.verificacion}
              </span>
            )}
          </label>
          <div className="flex items-end">
            <button type="submit" className="btn-primary" disabled={registrar.isPending}>
              Registrar la declaración
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
