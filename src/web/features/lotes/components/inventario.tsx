import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { LoteFieldsSchema, type Lote, type LoteFields } from '../../../../contract/lotes';
import { ApiError, errorMessage } from '../../../lib/api';
import { useFormSubmit } from '../../../lib/form-errors';
import { formOf, type FormOf } from '../../../lib/form-schema';
import { formatInt, formatKg, formatMoney } from '../../../lib/format';
import { contar } from '../../../lib/palabras';
import { useOwnLotes, usePatchLote } from '../api';
import { PRODUCTOR_BASE } from './own-lotes';
import { ErrorRetry } from '../../../components/ui/error-retry';
import { formatoEs, readNumero } from '../../../components/ui/numero';

const kgOf = (l: Lote) => l.sacosDisponibles * l.pesoSacoKg;
const valueFor = (l: Lote) => kgOf(l) * l.precioKg;

/** The one field of the inventory row, from the lot's own fields (the contract's bounds and messages). */
const sacosForm = formOf(LoteFieldsSchema.pick({ sacosDisponibles: true }));
type SacosValues = FormOf<Pick<LoteFields, 'sacosDisponibles'>>;

/**
 * Available bags, adjusted in place: saved on submit, shown at once, put back if the server refuses without naming
 * the field; a refusal of the bags (the form's own check or the server's) stays beside the field with what was
 * typed, and the field gets the focus (issue 32).
 */
function SacosAdjustment({ lote }: { lote: Lote }) {
  const patch = usePatchLote();
  // Bags typed the Spanish way ("1.200" is twelve hundred), whole.
  const form = useForm<SacosValues, unknown, Pick<LoteFields, 'sacosDisponibles'>>({
    defaultValues: sacosForm.defaults({ sacosDisponibles: lote.sacosDisponibles }),
    resolver: sacosForm.resolver,
  });
  const { submit, alert } = useFormSubmit(form, sacosForm.paths, async (body) => {
    try {
      await patch.mutateAsync({ id: lote.id, patch: body });
    } catch (err) {
      if (!(err instanceof ApiError && err.fields))
        form.setValue('sacosDisponibles', formatoEs(lote.sacosDisponibles, 0));
      throw err;
    }
  });
  const tecleado = form.watch('sacosDisponibles');
  const lectura = readNumero(tecleado, { decimales: 0 });
  const leidos = lectura.ok ? lectura.valor : lote.sacosDisponibles;
  const error = form.formState.errors.sacosDisponibles?.message ?? alert;
  // The saved number, followed when it changes from outside (a save, a refetch) but not while a save is on its way
  // or a refusal is shown: remounting on each change lost the server's refusal (issue 32).
  const invalid = !!form.formState.errors.sacosDisponibles;
  useEffect(() => {
    if (!patch.isPending && !invalid) form.reset(sacosForm.defaults({ sacosDisponibles: lote.sacosDisponibles }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the saved number moves the field
  }, [lote.sacosDisponibles]);
  // useId: on a phone and on a wide screen the same lot is drawn twice (card and table row).
  const id = useId();
  const changed = !lectura.ok || leidos !== lote.sacosDisponibles;
  const set = (n: number) => form.setValue('sacosDisponibles', formatoEs(Math.max(0, n), 0), { shouldDirty: true });
  return (
    <form className="flex flex-col items-end gap-1" onSubmit={submit} noValidate>
      <div className="flex items-center gap-1">
        <button
          type="button"
          className="btn-secondary px-2 py-1"
          aria-label={`Quitar un saco de ${lote.nombre}`}
          onClick={() => set(leidos - 1)}
        >
          −
        </button>
        <label htmlFor={id} className="sr-only">
          Sacos disponibles de {lote.nombre}
        </label>
        <input
          id={id}
          type="text"
          inputMode="numeric"
          autoComplete="off"
          className="input w-24 text-right"
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          {...form.register('sacosDisponibles')}
        />
        <button
          type="button"
          className="btn-secondary px-2 py-1"
          aria-label={`Añadir un saco a ${lote.nombre}`}
          onClick={() => set(leidos + 1)}
        >
          +
        </button>
        <button
          type="submit"
          className="btn-primary px-3 py-1"
          disabled={!changed || patch.isPending}
          aria-label={`Guardar sacos de ${lote.nombre}`}
        >
          Guardar
        </button>
      </div>
      {lote.sacosReservados > 0 && (
        <p className="text-xs text-gray-600 dark:text-gray-400">
          {contar(lote.sacosReservados, 'reservado en un pedido', 'reservados en pedidos')} ·{' '}
          {contar(Math.max(0, lote.sacosDisponibles - lote.sacosReservados), 'libre', 'libres')}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

export function Inventario() {
  const { data, isPending, isError, error, refetch } = useOwnLotes();
  const header = <h1 className="mb-4 text-2xl font-semibold">Inventario</h1>;
  if (isPending)
    return (
      <>
        {header}
        <p role="status" className="sr-only">
          Cargando inventario…
        </p>
        <div className="card h-64 animate-pulse" aria-hidden />
      </>
    );
  if (isError)
    return (
      <>
        {header}
        <ErrorRetry
          message={errorMessage(error, 'Error al obtener lotes')}
          error={error}
          onRetry={() => void refetch()}
        />
      </>
    );
  if (data.length === 0)
    return (
      <>
        {header}
        <div className="card p-8 text-center">
          <p className="font-semibold">Todavía no tienes lotes en inventario.</p>
          <Link to={`${PRODUCTOR_BASE}/Lotes/Crear`} className="btn-primary mt-4">
            Crear lote
          </Link>
        </div>
      </>
    );

  const sacos = data.reduce((s, l) => s + l.sacosDisponibles, 0);
  const kg = data.reduce((s, l) => s + kgOf(l), 0);
  const formValues = new Map<string, number>();
  for (const l of data) formValues.set(l.moneda, (formValues.get(l.moneda) ?? 0) + valueFor(l));
  const valueText = [...formValues].map(([m, v]) => formatMoney(v, m)).join(' · ');

  return (
    <>
      {header}
      <dl className="mb-6 grid gap-3 sm:grid-cols-3">
        {[
          ['Sacos disponibles', formatInt(sacos)],
          ['Café disponible', formatKg(kg)],
          ['Valor a precio de lista', valueText],
        ].map(([k, v]) => (
          <div key={k} className="card p-4">
            <dt className="text-sm text-gray-600 dark:text-gray-400">{k}</dt>
            <dd className="mt-1 text-xl font-semibold tabular-nums">{v}</dd>
          </div>
        ))}
      </dl>
      {/* On a phone each lot is a card, its "−", "+" and "Guardar" in view; the table from md up. */}
      <ul className="flex flex-col gap-3 md:hidden">
        {data.map((l) => (
          <li key={l.id} className="card p-4">
            <Link to={`/lote/${l.id}`} className="font-medium break-words hover:underline">
              {l.nombre}
            </Link>
            <p className="text-xs text-gray-600 dark:text-gray-400">
              {l.codigo} · sacos de {formatInt(l.pesoSacoKg)} kg{l.ocultar ? ' · oculto' : ''}
            </p>
            <dl className="mt-3 grid grid-cols-2 gap-x-3 gap-y-1 text-sm">
              <dt className="text-gray-600 dark:text-gray-400">Kilos</dt>
              <dd className="text-right tabular-nums">{formatKg(kgOf(l))}</dd>
              <dt className="text-gray-600 dark:text-gray-400">Valor a precio de lista</dt>
              <dd className="text-right tabular-nums">{formatMoney(valueFor(l), l.moneda)}</dd>
            </dl>
            <div className="mt-3 border-t border-gray-100 pt-3 dark:border-gray-800">
              <p className="mb-1 text-sm text-gray-600 dark:text-gray-400">Sacos disponibles</p>
              <SacosAdjustment key={l.id} lote={l} />
            </div>
          </li>
        ))}
      </ul>
      <div className="card relative hidden overflow-x-auto md:block">
        <table className="w-full min-w-[44rem] text-sm">
          <caption className="sr-only">Existencias por lote</caption>
          <thead className="border-b border-gray-200 text-left text-gray-600 dark:border-gray-800 dark:text-gray-400">
            <tr>
              <th scope="col" className="p-3 font-medium">
                Lote
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Sacos disponibles
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Kilos
              </th>
              <th scope="col" className="p-3 text-right font-medium">
                Valor a precio de lista
              </th>
            </tr>
          </thead>
          <tbody>
            {data.map((l) => (
              <tr key={l.id} className="border-b border-gray-100 align-top last:border-0 dark:border-gray-800">
                <td className="p-3">
                  <Link to={`/lote/${l.id}`} className="font-medium hover:underline">
                    {l.nombre}
                  </Link>
                  <p className="text-xs text-gray-600 dark:text-gray-400">
                    {l.codigo} · sacos de {formatInt(l.pesoSacoKg)} kg{l.ocultar ? ' · oculto' : ''}
                  </p>
                </td>
                <td className="p-3">
                  <SacosAdjustment key={l.id} lote={l} />
                </td>
                <td className="p-3 text-right tabular-nums">{formatKg(kgOf(l))}</td>
                <td className="p-3 text-right tabular-nums">{formatMoney(valueFor(l), l.moneda)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t border-gray-200 font-semibold dark:border-gray-800">
            <tr>
              <th scope="row" className="p-3 text-left">
                Total
              </th>
              <td className="p-3 text-right tabular-nums">{contar(sacos, 'saco')}</td>
              <td className="p-3 text-right tabular-nums">{formatKg(kg)}</td>
              <td className="p-3 text-right tabular-nums">{valueText}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </>
  );
}
