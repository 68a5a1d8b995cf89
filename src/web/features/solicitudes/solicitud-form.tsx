import { useRef } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import {
  CERTIFICACIONES,
  CERTIFICACION_LABELS,
  INCOTERMS,
  MONEDAS,
  PAISES_ORIGEN,
  PESOS_SACO,
  PROCESOS,
  PROCESO_LABELS,
} from '../../../contract/lotes-codes';
import {
  SolicitudInputSchema,
  type Solicitud,
  type SolicitudInput,
  type SolicitudParsed,
} from '../../../contract/solicitudes';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { Field, fieldProps } from '../../components/ui/field';
import { useSaveSolicitud } from './api';
import { NumeroInput } from '../../components/ui/numero-input';
import type { OpcionesNumero } from '../../components/ui/numero';

/** Values a new request starts with (a planner line prefills them). */
export type SolicitudPrefill = Partial<SolicitudInput>;

/*
 * The request form is derived from the contract's SolicitudInputSchema (web/lib/form-schema): its values, defaults
 * and parsing, with the contract's Spanish messages. Only what the contract cannot know is written here: the
 * lists of varieties and tasting notes are typed as one text separated by commas.
 */
const solicitudForm = formOf(SolicitudInputSchema, { pesoSacoKg: '69' });
type Base = FormOf<SolicitudParsed>;
type Values = Omit<Base, 'variedades' | 'notasCata'> & { variedades: string; notasCata: string };
const lista = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
const resolver = zodResolver(
  z.preprocess((v) => {
    const x = v as Values;
    return { ...x, variedades: lista(x.variedades), notasCata: lista(x.notasCata) };
  }, solicitudForm.schema) as unknown as z.ZodType<SolicitudParsed, Values>,
);
/** How the request's numbers are shown while typed ("25.000" bags is twenty-five thousand, "8,25" a price). */
const NUMEROS = {
  puntajeMin: { decimales: 2, max: 100 },
  puntajeMax: { decimales: 2, max: 100 },
  sacos: { decimales: 0 },
  precioMin: { decimales: 2 },
  precioMax: { decimales: 2 },
} satisfies Record<string, OpcionesNumero>;
/** Every field the server may name in a refusal (the lists by their whole name). */
const CAMPOS = solicitudForm.paths as (keyof Values)[];
const enDias = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

function valoresDe(s: Solicitud | null, prefill?: SolicitudPrefill): Values {
  const stored = s
    ? ({
        ...s,
        precioMin: s.precioMinCentavos != null ? s.precioMinCentavos / 100 : null,
        precioMax: s.precioMaxCentavos != null ? s.precioMaxCentavos / 100 : null,
        cierre: s.cierraAt.slice(0, 10),
      } as Partial<SolicitudParsed>)
    : ({ pesoSacoKg: 69, cierre: enDias(21), ...prefill } as Partial<SolicitudParsed>);
  const base = solicitudForm.defaults(stored);
  return { ...base, variedades: (s?.variedades ?? []).join(', '), notasCata: (s?.notasCata ?? []).join(', ') };
}

/** Create or edit a draft request: every field of the brief, checked by the contract's schema here and on the server. */
export function SolicitudForm({
  solicitud,
  prefill,
  onDone,
}: {
  solicitud: Solicitud | null;
  prefill?: SolicitudPrefill;
  onDone: (s: Solicitud) => void;
}) {
  const s = solicitud;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values, unknown, SolicitudParsed>({ defaultValues: valoresDe(s, prefill), resolver });
  const save = useSaveSolicitud();
  const keys = useRef(idempotencyKeys()).current;
  const err = (k: keyof Values) => errors[k]?.message;

  const submit = handleSubmit(
    async (parsed) => {
      const body = { ...parsed, planLineaId: s?.planLineaId ?? prefill?.planLineaId };
      try {
        const r = await save.mutateAsync({ id: s?.id, body, idempotencyKey: s ? undefined : keys.keyFor(body) });
        keys.done();
        toast.success(r.message);
        onDone(r.data.solicitud);
      } catch (e) {
        if (showFieldErrors(e, CAMPOS, setError)) toast.error('Revisa los campos marcados.');
        else toast.error(errorMessage(e));
      }
    },
    () => toast.error('Revisa los campos marcados.'),
  );

  const input = (
    k: Exclude<keyof Values, 'origenes' | 'procesos' | 'certificaciones' | 'planLineaId'>,
    label: string,
    opts: { required?: boolean; type?: string; inputMode?: 'decimal' | 'numeric'; hint?: string } = {},
  ) => (
    <Field id={`sol-${k}`} label={label} error={err(k)} required={opts.required} hint={opts.hint}>
      {k in NUMEROS ? (
        <Controller
          control={control}
          name={k}
          render={({ field }) => (
            <NumeroInput
              {...field}
              value={String(field.value ?? '')}
              className="input w-full"
              {...NUMEROS[k as keyof typeof NUMEROS]}
              {...fieldProps(`sol-${k}`, err(k), !!opts.hint)}
            />
          )}
        />
      ) : (
        <input
          className="input w-full"
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          {...fieldProps(`sol-${k}`, err(k), !!opts.hint)}
          {...register(k)}
        />
      )}
    </Field>
  );
  const checks = (
    legend: string,
    id: 'origenes' | 'procesos' | 'certificaciones',
    opciones: readonly { v: string; label: string }[],
    scroll = false,
  ) => (
    <fieldset aria-describedby={err(id) ? `sol-${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div
        className={`mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm ${scroll ? 'max-h-32 overflow-y-auto rounded border border-gray-200 p-2 dark:border-gray-700' : ''}`}
      >
        {opciones.map((o) => (
          <label key={o.v} className="flex items-center gap-1">
            <input type="checkbox" value={o.v} {...register(id)} />
            {o.label}
          </label>
        ))}
      </div>
      {err(id) && (
        <p id={`sol-${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {err(id)}
        </p>
      )}
    </fieldset>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {input('titulo', 'Título', { required: true })}
      <Field id="sol-descripcion" label="Qué buscas" error={err('descripcion')}>
        <textarea
          className="input w-full"
          rows={3}
          {...fieldProps('sol-descripcion', err('descripcion'))}
          {...register('descripcion')}
        />
      </Field>
      {checks(
        'Orígenes *',
        'origenes',
        PAISES_ORIGEN.map((p) => ({ v: p.code, label: p.nombre })),
        true,
      )}
      {checks(
        'Procesos',
        'procesos',
        PROCESOS.map((p) => ({ v: p, label: PROCESO_LABELS[p] })),
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('puntajeMin', 'Puntaje mínimo', { inputMode: 'decimal' })}
        {input('puntajeMax', 'Puntaje máximo', { inputMode: 'decimal' })}
        {input('variedades', 'Variedades (separadas por comas)')}
        {input('notasCata', 'Notas de cata buscadas (separadas por comas)')}
        {input('sacos', 'Sacos', { required: true, inputMode: 'numeric' })}
        <Field id="sol-pesoSacoKg" label="Peso por saco (kg)" error={err('pesoSacoKg')} required>
          <select
            className="input w-full"
            {...fieldProps('sol-pesoSacoKg', err('pesoSacoKg'))}
            {...register('pesoSacoKg')}
          >
            {PESOS_SACO.map((p) => (
              <option key={p} value={p}>
                {p} kg
              </option>
            ))}
          </select>
        </Field>
        {input('precioMin', 'Precio mínimo por kg', { inputMode: 'decimal' })}
        {input('precioMax', 'Precio máximo por kg', { inputMode: 'decimal' })}
        <Field id="sol-moneda" label="Moneda" error={err('moneda')}>
          <select className="input w-full" {...fieldProps('sol-moneda', err('moneda'))} {...register('moneda')}>
            {MONEDAS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field id="sol-incoterm" label="Incoterm" error={err('incoterm')}>
          <select className="input w-full" {...fieldProps('sol-incoterm', err('incoterm'))} {...register('incoterm')}>
            {INCOTERMS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        {input('lugarEntrega', 'Lugar de entrega')}
        {input('preparacion', 'Preparación (p. ej. EP, zaranda 15+)')}
        {input('entregaDesde', 'Entrega desde', { type: 'month', hint: 'AAAA-MM' })}
        {input('entregaHasta', 'Entrega hasta', { type: 'month', hint: 'AAAA-MM' })}
        {input('cierre', 'Fecha de cierre', { required: true, type: 'date' })}
      </div>
      {checks(
        'Certificaciones',
        'certificaciones',
        CERTIFICACIONES.map((c) => ({ v: c, label: CERTIFICACION_LABELS[c] })),
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          {s ? 'Guardar cambios' : 'Guardar borrador'}
        </button>
      </div>
    </form>
  );
}
