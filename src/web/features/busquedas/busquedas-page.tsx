import { useId, useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { BellRing, Pencil, Search, Trash2 } from 'lucide-react';
import { BusquedaUpdateSchema, type Busqueda } from '../../../contract/busquedas';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { BusyButton } from '../../components/ui/busy-button';
import { formatDate } from '../../lib/format';
import { useUpdateBusqueda, useBusquedas, useDeleteBusqueda } from './api';

const plural = (n: number, uno: string, varios: string) => (n === 1 ? `1 ${uno}` : `${n} ${varios}`);

/** Renaming: the contract's name, required here (an empty box is refused, not sent as "no change"). */
const RenombrarSchema = BusquedaUpdateSchema.pick({ nombre: true }).required();
const renombrarForm = formOf(RenombrarSchema);
type Renombrar = z.output<typeof RenombrarSchema>;

function RenombrarForm({ busqueda, onDone }: { busqueda: Busqueda; onDone: () => void }) {
  const id = useId();
  const update = useUpdateBusqueda();
  const form = useForm<FormOf<Renombrar>, unknown, Renombrar>({
    resolver: renombrarForm.resolver,
    defaultValues: renombrarForm.defaults({ nombre: busqueda.nombre }),
  });
  const {
    register,
    formState: { errors },
  } = form;
  // A refusal naming no field is said by the update's own toast (the alert would say it twice).
  const { submit } = useFormSubmit(form, renombrarForm.paths, async ({ nombre }) => {
    await update.mutateAsync({ id: busqueda.id, patch: { nombre } });
    onDone();
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <Field id={id} label="Nombre de la búsqueda" error={errors.nombre?.message} required>
        <input
          className="input"
          autoFocus
          maxLength={80}
          {...register('nombre')}
          {...fieldProps(id, errors.nombre?.message)}
        />
      </Field>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancelar
        </button>
        <BusyButton type="submit" className="btn-primary" busy={update.isPending} busyLabel="Guardando…">
          Guardar nombre
        </BusyButton>
      </div>
    </form>
  );
}

function BusquedaItem({ busqueda }: { busqueda: Busqueda }) {
  const [renombrar, setRenombrar] = useState(false);
  const [erase, setBorrar] = useState(false);
  const update = useUpdateBusqueda();
  const deletion = useDeleteBusqueda();
  const emailId = useId();
  const enlace = `/lotes${busqueda.consulta ? `?${busqueda.consulta}` : ''}`;
  const nuevos = `/lotes?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(busqueda.consulta)), orden: 'recientes' })}`;
  return (
    <li className="card flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 className="text-lg font-semibold break-words">{busqueda.nombre}</h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">{busqueda.resumen}</p>
        </div>
        {busqueda.nuevos > 0 && (
          <Link
            to={nuevos}
            className="rounded-full bg-primary-100 px-3 py-1 text-sm font-medium text-primary-900 dark:bg-primary-900 dark:text-primary-100"
          >
            {plural(busqueda.nuevos, 'lote nuevo', 'lotes nuevos')}
          </Link>
        )}
      </div>
      <p className="text-xs text-gray-600 dark:text-gray-400">
        Guardada el {formatDate(busqueda.createdAt)}
        {busqueda.ultimoAvisoAt ? ` · último aviso el ${formatDate(busqueda.ultimoAvisoAt)}` : ' · aún sin avisos'}
      </p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <Link to={enlace} className="btn-primary">
          <Search aria-hidden className="size-4" />
          Ver lotes
        </Link>
        <label htmlFor={emailId} className="inline-flex items-center gap-2 text-sm">
          <input
            id={emailId}
            type="checkbox"
            className="size-4"
            checked={busqueda.avisarEmail}
            disabled={update.isPending}
            onChange={(e) => update.mutate({ id: busqueda.id, patch: { avisarEmail: e.target.checked } })}
          />
          Avisarme también por correo
        </label>
        <button type="button" className="btn-ghost" onClick={() => setRenombrar(true)}>
          <Pencil aria-hidden className="size-4" />
          Cambiar nombre
          <span className="sr-only"> de «{busqueda.nombre}»</span>
        </button>
        <button type="button" className="btn-ghost text-red-700 dark:text-red-400" onClick={() => setBorrar(true)}>
          <Trash2 aria-hidden className="size-4" />
          Eliminar
          <span className="sr-only"> «{busqueda.nombre}»</span>
        </button>
      </div>
      <Modal open={renombrar} onClose={() => setRenombrar(false)} title="Cambiar el nombre de la búsqueda">
        {renombrar && <RenombrarForm busqueda={busqueda} onDone={() => setRenombrar(false)} />}
      </Modal>
      <Modal open={erase} onClose={() => setBorrar(false)} title="¿Eliminar esta búsqueda?">
        <p className="text-gray-700 dark:text-gray-300">
          Dejarás de recibir avisos de «{busqueda.nombre}». Los lotes no cambian; puedes volver a guardarla desde el
          catálogo.
        </p>
        <div className="mt-4 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => setBorrar(false)}>
            Cancelar
          </button>
          <BusyButton
            type="button"
            className="btn-danger"
            busy={deletion.isPending}
            busyLabel="Eliminando…"
            onClick={() => deletion.mutate(busqueda.id, { onSuccess: () => setBorrar(false) })}
          >
            Eliminar búsqueda
          </BusyButton>
        </div>
      </Modal>
    </li>
  );
}

/** /Dashboard/comprador/busquedas: the buyer's saved searches, what is new in each, and their alerts. */
export function BusquedasPage() {
  const { data, isPending, isError, refetch } = useBusquedas();
  return (
    <div className="flex flex-col gap-4">
      <header>
        <h1 className="text-2xl font-semibold">Búsquedas guardadas</h1>
        <p className="mt-1 text-gray-700 dark:text-gray-300">
          Te avisamos, como mucho una vez al día por búsqueda, cuando se publican lotes nuevos que encajan. Guarda una
          búsqueda desde el catálogo con «Guardar búsqueda».
        </p>
      </header>
      {isError ? (
        <ErrorRetry message="No se pudieron cargar tus búsquedas." onRetry={() => void refetch()} />
      ) : isPending ? (
        <p className="text-gray-700 dark:text-gray-300">Cargando búsquedas…</p>
      ) : data.length === 0 ? (
        <div className="card flex flex-col items-start gap-3 p-6">
          <BellRing aria-hidden className="size-8 text-primary-700 dark:text-primary-400" />
          <p>Aún no tienes búsquedas guardadas.</p>
          <Link to="/lotes" className="btn-primary">
            Ir al catálogo
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((b) => (
            <BusquedaItem key={b.id} busqueda={b} />
          ))}
        </ul>
      )}
    </div>
  );
}
