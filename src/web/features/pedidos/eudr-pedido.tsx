import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { DdsInputSchema } from '../../../contract/eudr-api';
import type { Pedido } from '../../../contract/pedidos';
import { lugarDelComprador } from '../../../contract/lotes-codes';
import { PEDIDOS_API } from '../../../contract/pedidos-endpoints';
import { call, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { FieldError, fieldProps } from '../../components/ui/field';
import { toast } from '../../lib/toast';
import { pedidosKeys } from './api';

const ddsForm = formOf(DdsInputSchema);
const resolver = ddsForm.resolver;
type Dds = z.output<typeof DdsInputSchema>;

const SIN_CONFIRMAR = new Set(['RESERVADO', 'CANCELADO', 'EXPIRADO']);
const download = (path: string, nombre: string) =>
  import('../../lib/download')
    .then((m) => m.download(path, nombre))
    .catch((err: unknown) => toast.error(errorMessage(err)));

/**
 * The order's EUDR side (issue 30, decision 059): the due-diligence pack and the plots' GeoJSON for both parties,
 * and the statement's numbers, recorded by whoever places the coffee on the EU market.
 */
export function EudrDelPedido({ pedido: p }: { pedido: Pedido }) {
  const id = useId();
  const qc = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<FormOf<Dds>, unknown, Dds>({ defaultValues: ddsForm.defaults(), resolver });
  const registrar = useMutation({
    mutationFn: (body: Dds) => call(PEDIDOS_API.dds, { params: { id: p.id }, body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: pedidosKeys.all }),
  });
  const puede = (p.rol === 'comprador' || lugarDelComprador(p.incoterm)) && !SIN_CONFIRMAR.has(p.estado) && !p.dds;
  const submit = handleSubmit(async (body) => {
    try {
      toast.success((await registrar.mutateAsync(body)).message);
    } catch (err) {
      // The refused number says why beside it and gets the focus (issue 32); otherwise the server's message.
      if (!showFieldErrors(err, ddsForm.paths, setError)) toast.error(errorMessage(err));
    }
  });
  return (
    <section aria-labelledby={`${id}-t`} className="md:col-span-2">
      <h3 id={`${id}-t`} className="mb-2 font-semibold">
        Diligencia debida (EUDR)
      </h3>
      <div className="flex flex-wrap gap-3 text-sm">
        <button
          type="button"
          className="underline"
          onClick={() => void download(`/api/pedidos/${p.id}/diligencia.pdf`, `diligencia-debida-${p.numero}.pdf`)}
        >
          Descargar el paquete de diligencia debida (PDF)
        </button>
        <button
          type="button"
          className="underline"
          onClick={() => void download(`/api/pedidos/${p.id}/eudr.geojson`, `eudr-${p.numero}.geojson`)}
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
              placeholder="25ESXK3Z9AB123"
              {...fieldProps(`${id}-r`, errors.referencia?.message)}
              {...register('referencia')}
            />
            <FieldError id={`${id}-r`} error={errors.referencia?.message} />
          </div>
          <div className="flex flex-col gap-1 text-sm">
            <label htmlFor={`${id}-v`}>Número de verificación</label>
            <input
              className="input"
              {...fieldProps(`${id}-v`, errors.verificacion?.message)}
              {...register('verificacion')}
            />
            <FieldError id={`${id}-v`} error={errors.verificacion?.message} />
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
