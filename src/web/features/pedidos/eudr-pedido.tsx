import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DdsResponseSchema } from '../../../contract/eudr-api';
import type { Pedido } from '../../../contract/pedidos';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { api, errorMessage, type Answer } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { FieldError, fieldProps } from '../../components/ui/field';
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
      api<Answer<typeof DdsResponseSchema>>(`/api/pedidos/${p.id}/dds`, {
        method: 'PUT',
        body: { referencia, verificacion },
      }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
  const puede = (p.rol === 'comprador' || lugarDelComprador(p.incoterm)) && !SIN_CONFIRMAR.has(p.estado) && !p.dds;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    try {
      toast.success((await registrar.mutateAsync()).message);
    } catch (err) {
      // The refused number says why beside it and gets the focus (issue 32); otherwise the server's message.
      const { errors: found, first } = fieldErrorsById(err, { referencia: `${id}-r`, verificacion: `${id}-v` });
      setErrors(found);
      if (first) focusField(first);
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
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-r`}>Número de referencia</label>
            <input
              className="input"
              value={referencia}
              onChange={(e) => setReferencia(e.target.value)}
              placeholder="25ESXK3Z9AB123"
              {...fieldProps(`${id}-r`, errors[`${id}-r`])}
            />
            <FieldError id={`${id}-r`} error={errors[`${id}-r`]} />
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-v`}>Número de verificación</label>
            <input
              className="input"
              value={verificacion}
              onChange={(e) => setVerificacion(e.target.value)}
              {...fieldProps(`${id}-v`, errors[`${id}-v`])}
            />
            <FieldError id={`${id}-v`} error={errors[`${id}-v`]} />
          </div>
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
