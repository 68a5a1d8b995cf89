import { useId, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AccionConMotivoSchema } from '../../../contract/operador';
import { errorMessage } from '../../lib/api';
import { FieldError, FormAlert, fieldProps } from '../../components/ui/field';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { BusyButton } from '../../components/ui/busy-button';

/** Shared pieces of the operator's pages: a search box, the reason form of every action, tables. */

export const fecha = (iso: string) =>
  new Intl.DateTimeFormat('es-ES', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
export const diasTexto = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : n === 1 ? '1 día' : `${n} días`;

export function PageTitle({ children, intro }: { children: ReactNode; intro?: ReactNode }) {
  return (
    <header className="mb-4">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {intro && <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">{intro}</p>}
    </header>
  );
}

export function SearchBox({ label, onSearch }: { label: string; onSearch: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useState('');
  return (
    <form
      role="search"
      className="mb-4 flex flex-wrap items-end gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(value.trim());
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="mb-1 block text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type="search"
          className="input w-full"
          value={value}
          onChange={(e) => setValue(e.target.value)}
        />
      </div>
      <button type="submit" className="btn-primary">
        Buscar
      </button>
    </form>
  );
}

/** The reason of every operator action: the contract's AccionConMotivoSchema, its parsing and Spanish messages. */
const motivoForm = formOf(AccionConMotivoSchema);
const motivoResolver = motivoForm.resolver;
type AccionConMotivo = z.output<typeof AccionConMotivoSchema>;
type MotivoValues = FormOf<AccionConMotivo>;

/**
 * The form of an operator action: the reason (required, it goes to the audit log) and the button. A 409 (another
 * operator acted first) shows the server's words.
 */
export function MotivoForm({
  label,
  boton,
  onSubmit,
  extra,
  danger,
  onDone,
}: {
  label: string;
  boton: string;
  onSubmit: (motivo: string) => Promise<{ message?: string } | unknown>;
  extra?: ReactNode;
  danger?: boolean;
  /** Told the server's words when the action succeeded, for a page whose answer replaces this form. */
  onDone?: (message: string) => void;
}) {
  const id = useId();
  const form = useForm<MotivoValues, unknown, AccionConMotivo>({
    defaultValues: motivoForm.defaults(),
    resolver: motivoResolver,
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const [ok, setOk] = useState<string | null>(null);
  /** A refusal of the reason itself (the contract's or the server's): shown under the box, which takes the focus. */
  const errorMotivo = errors.motivo?.message;
  const { submit, alert: error } = useFormSubmit(form, motivoForm.paths, async ({ motivo }) => {
    const res = (await onSubmit(motivo)) as { message?: string } | undefined;
    if (onDone) onDone(res?.message ?? 'Hecho.');
    else setOk(res?.message ?? 'Hecho.');
    reset(motivoForm.defaults());
  });
  return (
    <form
      className="mt-3 flex flex-col gap-2 rounded border border-gray-200 p-3 dark:border-gray-700"
      noValidate
      onSubmit={(e) => {
        setOk(null);
        void submit(e);
      }}
    >
      {extra}
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <textarea className="input min-h-20" {...fieldProps(id, errorMotivo)} {...register('motivo')} />
      <FieldError id={id} error={errorMotivo} />
      <FormAlert message={error} />
      {ok && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {ok}
        </p>
      )}
      <BusyButton
        busy={isSubmitting}
        busyLabel="Guardando…"
        className={danger ? 'btn-danger self-start' : 'btn-primary self-start'}
      >
        {boton}
      </BusyButton>
    </form>
  );
}

/** What the last action did, announced (it outlives the form the action replaced). */
export function Aviso({ message }: { message: string | null }) {
  return (
    <p role="status" className="mt-2 text-sm text-green-800 empty:hidden dark:text-green-300">
      {message}
    </p>
  );
}

export function Tabla({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    // `relative`: the buttons' screen-reader-only words (absolutely positioned) stay inside the scrolling box instead
    // of widening the whole page on a phone. A named, focusable region: a keyboard scrolls a wide table sideways.
    <div
      role="region"
      aria-label={caption}
      tabIndex={0}
      className="relative overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600"
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-700">
            {head.map((h) => (
              <th key={h} scope="col" className="px-2 py-2 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export const td = 'px-2 py-2 align-top border-b border-gray-100 dark:border-gray-800';

export function Estado({
  q,
  children,
}: {
  q: { isPending: boolean; isError: boolean; error: unknown };
  children: ReactNode;
}) {
  if (q.isPending) return <p role="status">Cargando…</p>;
  if (q.isError) return <FormAlert message={errorMessage(q.error)} />;
  return <>{children}</>;
}
