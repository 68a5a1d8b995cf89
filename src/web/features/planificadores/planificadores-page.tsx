import { NumeroInput } from '../../components/ui/numero-input';
import { formatoEs, readNumero, type OpcionesNumero } from '../../components/ui/numero';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link } from 'react-router';
import { PAISES_ORIGEN, PROCESOS, PROCESO_LABELS, type Proceso } from '../../../contract/lotes-codes';
import {
  LineaInputSchema,
  LinkPedidoSchema,
  PlanInputSchema,
  semanasTotales,
  type Linea,
  type LineaParsed,
  type Plan,
  type PlanInput,
  type Plazo,
} from '../../../contract/planificadores';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { paisName } from '../../lib/catalogo-lotes';
import { formatDate, formatKg, formatMoney } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import {
  useCreatePlan,
  useDeleteLinea,
  useSaveLinea,
  useSavePlazos,
  usePedidosParaVincular,
  usePlanificadores,
  useVincularPedido,
} from './api';
import { GraficoAnual } from './grafico-anual';
import { PAGINAS } from '../../../contract/paginas';

const periodoLabel = (p: string) => {
  const [y, x] = p.split('-');
  if (x.startsWith('Q')) return `T${x.slice(1)} ${y}`;
  return formatDate(`${p}-01T00:00:00Z`).replace(/^\d+ de /, '');
};

/** /Dashboard/comprador/planificadores: the year's plan, its lines and figures, the lead times, the chart. */
export function PlanificadoresPage() {
  const { data, isPending, isError, error, refetch } = usePlanificadores();
  const [anio, setAnio] = useState<number | null>(null);
  const [linea, setLinea] = useState<Linea | 'nueva' | null>(null);
  const [vincular, setVincular] = useState<Linea | null>(null);
  const plan = data?.planes.find((p) => p.anio === anio) ?? data?.planes.at(-1) ?? null;

  if (isPending) return <div className="card h-40 animate-pulse" aria-hidden />;
  if (isError) return <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />;
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Planificador de compras</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Tu plan del año por componente y origen. Cada línea suma los pedidos que le vinculas y te dice hasta cuándo
        puedes contratar, según el plazo del origen (muestras, pre-embarque y tránsito).
      </p>
      <div className="flex flex-wrap items-end gap-2">
        {data.planes.map((p) => (
          <button
            key={p.id}
            type="button"
            aria-pressed={plan?.id === p.id}
            className={plan?.id === p.id ? 'btn-primary' : 'btn-secondary'}
            onClick={() => setAnio(p.anio)}
          >
            {p.nombre}
          </button>
        ))}
        <NuevoPlan onCreado={setAnio} />
      </div>
      {plan && (
        <>
          <GraficoAnual lineas={plan.lineas} anio={plan.anio} />
          {plan.totales.length > 0 && (
            <section aria-labelledby="totales-plan" className="card p-4">
              <h2 id="totales-plan" className="text-lg font-semibold">
                Gasto del plan por moneda
              </h2>
              <ul className="mt-1 text-sm">
                {plan.totales.map((t) => (
                  <li key={t.moneda}>
                    {t.moneda}: {formatMoney(t.gastoCentavos / 100, t.moneda)} gastados
                    {t.presupuestoCentavos > 0 ? ` de ${formatMoney(t.presupuestoCentavos / 100, t.moneda)}` : ''}
                  </li>
                ))}
              </ul>
            </section>
          )}
          <div className="flex justify-between">
            <h2 className="text-lg font-semibold">Líneas</h2>
            <button type="button" className="btn-primary" onClick={() => setLinea('nueva')}>
              Añadir línea
            </button>
          </div>
          {plan.lineas.length === 0 && <p className="card p-4">Este plan aún no tiene líneas.</p>}
          <ul className="space-y-3">
            {plan.lineas.map((l) => (
              <LineaItem key={l.id} l={l} onEditar={() => setLinea(l)} onVincular={() => setVincular(l)} />
            ))}
          </ul>
          <Plazos plazos={data.plazos} />
          <Modal
            open={!!linea}
            onClose={() => setLinea(null)}
            title={linea === 'nueva' ? 'Nueva línea' : 'Editar línea'}
            size="max-w-2xl"
          >
            {linea && <LineaForm plan={plan} linea={linea === 'nueva' ? null : linea} onDone={() => setLinea(null)} />}
          </Modal>
          <Modal open={!!vincular} onClose={() => setVincular(null)} title="Vincular un pedido">
            {vincular && <VincularPedido linea={vincular} onDone={() => setVincular(null)} />}
          </Modal>
        </>
      )}
    </div>
  );
}

/** A new plan asks only its year (the contract's PlanInputSchema); its name is made from it. */
const planForm = formOf(PlanInputSchema.pick({ anio: true }));
type PlanValues = FormOf<Pick<PlanInput, 'anio'>>;

function NuevoPlan({ onCreado }: { onCreado: (anio: number) => void }) {
  const create = useCreatePlan();
  // Read the Spanish way like every typed number (issue 25): " 2028 " and "2.028" are 2028, "2027,5" is refused.
  const form = useForm<PlanValues, unknown, Pick<PlanInput, 'anio'>>({
    defaultValues: { anio: String(new Date().getFullYear() + 1) },
    resolver: planForm.resolver,
  });
  const { submit, alert } = useFormSubmit(form, planForm.paths, async ({ anio }) => {
    try {
      const r = await create.mutateAsync({ anio, nombre: `Compras ${anio}` });
      toast.success(r.message);
      onCreado(anio);
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
  });
  const error = form.formState.errors.anio?.message ?? alert;
  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
      <div>
        <label htmlFor="nuevo-plan-anio" className="block text-sm">
          Año
        </label>
        <input
          id="nuevo-plan-anio"
          className="input w-24"
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'nuevo-plan-anio-error' : undefined}
          {...form.register('anio')}
        />
      </div>
      <button type="submit" className="btn-secondary" disabled={create.isPending}>
        Crear plan
      </button>
      {error && (
        <p id="nuevo-plan-anio-error" role="alert" className="field-error basis-full">
          {error}
        </p>
      )}
    </form>
  );
}

function LineaItem({ l, onEditar, onVincular }: { l: Linea; onEditar: () => void; onVincular: () => void }) {
  const deletion = useDeleteLinea();
  const desvincular = useVincularPedido();
  const solicitud = new URLSearchParams({
    nueva: '1',
    titulo: `${l.componente}: ${paisName(l.origen)}`,
    origen: l.origen,
    kg: String(l.brechaKg || l.kgObjetivo),
    mes: l.periodo.includes('Q') ? '' : l.periodo,
    linea: l.id,
  });
  if (l.proceso) solicitud.set('proceso', l.proceso);
  if (l.puntajeMin != null) solicitud.set('puntajeMin', String(l.puntajeMin));
  if (l.precioObjetivoCentavos != null) solicitud.set('precio', String(l.precioObjetivoCentavos / 100));
  const catalogo = new URLSearchParams({ pais: l.origen });
  if (l.proceso) catalogo.set('proceso', l.proceso);
  if (l.puntajeMin != null) catalogo.set('puntajeMin', String(l.puntajeMin));
  const pct = Math.min(100, Math.round((l.contratadoKg / l.kgObjetivo) * 100));
  return (
    <li className="card space-y-2 p-4" data-testid="plan-linea">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{l.componente}</h3>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {paisName(l.origen)}
            {l.proceso ? ` · ${PROCESO_LABELS[l.proceso as Proceso] ?? l.proceso}` : ''}
            {l.puntajeMin != null ? ` · ${l.puntajeMin}+ puntos` : ''} · para {periodoLabel(l.periodo)}
          </p>
        </div>
        <p className={`text-sm ${l.atrasada ? 'font-semibold text-red-700 dark:text-red-400' : ''}`}>
          {l.atrasada ? 'Contratar ya: la fecha límite era' : 'Contratar antes del'}{' '}
          {formatDate(`${l.fechaLimite}T00:00:00Z`)}
        </p>
      </div>
      <div
        className="h-2 rounded bg-gray-200 dark:bg-gray-700"
        role="progressbar"
        aria-valuenow={pct}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-label={`Contratado ${pct} %`}
      >
        <div className="h-2 rounded bg-emerald-600 dark:bg-emerald-400" style={{ width: `${pct}%` }} />
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-gray-600 dark:text-gray-400">Objetivo</dt>
          <dd>{formatKg(l.kgObjetivo)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">Contratado</dt>
          <dd data-testid="contratado">{formatKg(l.contratadoKg)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">En tránsito</dt>
          <dd>{formatKg(l.enTransitoKg)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">Recibido</dt>
          <dd>{formatKg(l.recibidoKg)}</dd>
        </div>
        <div>
          <dt className="text-gray-600 dark:text-gray-400">Falta</dt>
          <dd>{formatKg(l.brechaKg)}</dd>
        </div>
        <div className="col-span-2">
          <dt className="text-gray-600 dark:text-gray-400">Gasto / presupuesto</dt>
          <dd data-testid="gasto">
            {formatMoney((l.gastos.find((g) => g.moneda === l.moneda)?.centavos ?? 0) / 100, l.moneda)}
            {l.presupuestoCentavos != null ? ` de ${formatMoney(l.presupuestoCentavos / 100, l.moneda)}` : ''}
            {l.gastos
              .filter((g) => g.moneda !== l.moneda)
              .map((g) => (
                <span key={g.moneda} className="block">
                  y {formatMoney(g.centavos / 100, g.moneda)} en pedidos en {g.moneda}
                </span>
              ))}
          </dd>
        </div>
      </dl>
      {l.pedidos.length > 0 && (
        <ul className="text-sm">
          {l.pedidos.map((p) => (
            <li key={p.id} className="flex flex-wrap items-center gap-2">
              <Link to={PAGINAS.comprador.pedidos(p.id)} className="underline">
                {p.numero}
              </Link>
              {formatKg(p.kg)} · {p.estado.toLowerCase().replace('_', ' ')}
              <button
                type="button"
                className="text-xs underline"
                onClick={() => void desvincular.mutateAsync({ lineaId: l.id, pedidoId: p.id, quitar: true })}
              >
                Desvincular
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-wrap gap-2">
        <Link className="btn-primary" to={`${PAGINAS.comprador.solicitudes()}?${solicitud}`}>
          Crear solicitud
        </Link>
        <Link className="btn-secondary" to={`/lotes?${catalogo}`}>
          Ver lotes
        </Link>
        <button type="button" className="btn-secondary" onClick={onVincular}>
          Vincular pedido
        </button>
        <button type="button" className="btn-secondary" onClick={onEditar}>
          Editar
        </button>
        <button
          type="button"
          className="btn-secondary"
          onClick={async () => {
            if (!window.confirm(`¿Eliminar la línea «${l.componente}»?`)) return;
            try {
              toast.success((await deletion.mutateAsync(l.id)).message);
            } catch (err) {
              toast.error(errorMessage(err));
            }
          }}
        >
          Eliminar
        </button>
      </div>
    </li>
  );
}

/*
 * A plan line's form is derived from the contract's LineaInputSchema (web/lib/form-schema): its values, parsing and
 * Spanish messages. A stored line answers its money in cents, the form edits it in the currency's units.
 */
const lineaForm = formOf(LineaInputSchema);
type LineaValues = FormOf<LineaParsed>;
// Numbers typed the Spanish way ("2.100" kg, "41.000" of budget, "87,5" points), read as the fields show them.
const NUMEROS = {
  puntajeMin: { decimales: 2, max: 100 },
  kgObjetivo: { decimales: 3 },
  precioObjetivo: { decimales: 2 },
  presupuesto: { decimales: 2 },
} satisfies Partial<Record<keyof LineaValues, OpcionesNumero>>;
const esNumero = (k: keyof LineaValues): k is keyof typeof NUMEROS => k in NUMEROS;

function valoresLinea(plan: Plan, l: Linea | null): LineaValues {
  const nuevo = { ...lineaForm.defaults(), origen: 'CO', periodo: `${plan.anio}-Q1` };
  if (!l) return nuevo;
  return {
    ...nuevo,
    componente: l.componente,
    origen: l.origen,
    proceso: l.proceso ?? '',
    puntajeMin: l.puntajeMin != null ? formatoEs(l.puntajeMin) : '',
    periodo: l.periodo,
    kgObjetivo: formatoEs(l.kgObjetivo, 3),
    precioObjetivo: l.precioObjetivoCentavos != null ? formatoEs(l.precioObjetivoCentavos / 100) : '',
    presupuesto: l.presupuestoCentavos != null ? formatoEs(l.presupuestoCentavos / 100) : '',
    moneda: l.moneda,
  };
}

function LineaForm({ plan, linea: l, onDone }: { plan: Plan; linea: Linea | null; onDone: () => void }) {
  const save = useSaveLinea();
  const form = useForm<LineaValues, unknown, LineaParsed>({
    defaultValues: valoresLinea(plan, l),
    resolver: lineaForm.resolver,
  });
  const {
    register,
    control,
    formState: { errors },
  } = form;
  // Refusals (the contract's or the server's) are shown beside their fields, and focus goes to the first (issue 32).
  const { submit } = useFormSubmit(form, lineaForm.paths, async (body) => {
    toast.success((await save.mutateAsync({ planId: plan.id, id: l?.id, body })).message);
    onDone();
  });
  const periodos = [
    ...[1, 2, 3, 4].map((q) => ({ v: `${plan.anio}-Q${q}`, label: `Trimestre ${q}` })),
    ...Array.from({ length: 12 }, (_, i) => {
      const v = `${plan.anio}-${String(i + 1).padStart(2, '0')}`;
      return { v, label: periodoLabel(v) };
    }),
  ];
  const input = (k: 'componente' | keyof typeof NUMEROS, label: string, required = false) => (
    <Field id={`linea-${k}`} label={label} error={errors[k]?.message} required={required}>
      {esNumero(k) ? (
        <Controller
          control={control}
          name={k}
          render={({ field }) => (
            <NumeroInput
              className="input w-full"
              ref={field.ref}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              aria-required={required || undefined}
              {...NUMEROS[k]}
              {...fieldProps(`linea-${k}`, errors[k]?.message)}
            />
          )}
        />
      ) : (
        <input className="input w-full" {...fieldProps(`linea-${k}`, errors[k]?.message)} {...register(k)} />
      )}
    </Field>
  );
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate>
      {input('componente', 'Componente (p. ej. base de espresso)', true)}
      <Field id="linea-origen" label="Origen" error={errors.origen?.message} required>
        <select
          className="input w-full"
          {...fieldProps('linea-origen', errors.origen?.message)}
          {...register('origen')}
        >
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {p.nombre}
            </option>
          ))}
        </select>
      </Field>
      <Field id="linea-proceso" label="Proceso" error={errors.proceso?.message}>
        <select
          className="input w-full"
          {...fieldProps('linea-proceso', errors.proceso?.message)}
          {...register('proceso')}
        >
          <option value="">Cualquiera</option>
          {PROCESOS.map((p) => (
            <option key={p} value={p}>
              {PROCESO_LABELS[p]}
            </option>
          ))}
        </select>
      </Field>
      {input('puntajeMin', 'Puntaje mínimo')}
      <Field id="linea-periodo" label="Se necesita en" error={errors.periodo?.message} required>
        <select
          className="input w-full"
          {...fieldProps('linea-periodo', errors.periodo?.message)}
          {...register('periodo')}
        >
          {periodos.map((p) => (
            <option key={p.v} value={p.v}>
              {p.label}
            </option>
          ))}
        </select>
      </Field>
      {input('kgObjetivo', 'Kg objetivo', true)}
      {input('precioObjetivo', 'Precio objetivo por kg')}
      {input('presupuesto', 'Presupuesto')}
      <div className="flex justify-end sm:col-span-2">
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Guardar línea
        </button>
      </div>
    </form>
  );
}

/** Offers the buyer's orders not yet in this line (issue 32: a linked one was offered and did nothing); closes when done. */
const vinculoForm = formOf(LinkPedidoSchema);
type Vinculo = z.output<typeof LinkPedidoSchema>;

function VincularPedido({ linea, onDone }: { linea: Linea; onDone: () => void }) {
  const { data: todos, isPending } = usePedidosParaVincular(true);
  const vincular = useVincularPedido();
  const form = useForm<FormOf<Vinculo>, unknown, Vinculo>({
    defaultValues: vinculoForm.defaults(),
    resolver: vinculoForm.resolver,
  });
  const { register, setValue, watch, formState } = form;
  const sel = watch('pedidoId');
  const pedidos = todos?.filter((p) => !linea.pedidos.some((v) => v.id === p.id));
  useEffect(() => {
    if (pedidos?.[0] && !pedidos.some((p) => p.id === sel)) setValue('pedidoId', pedidos[0].id);
  }, [pedidos, sel, setValue]);
  // A refusal the form cannot place (the order was linked meanwhile) is a toast, as the page's other actions.
  const { submit } = useFormSubmit(form, vinculoForm.paths, async ({ pedidoId }) => {
    try {
      toast.success((await vincular.mutateAsync({ lineaId: linea.id, pedidoId })).message);
      onDone();
    } catch (err) {
      toast.error(errorMessage(err));
      throw err;
    }
  });
  if (isPending) return <p role="status">Cargando tus pedidos…</p>;
  if (!todos?.length) return <p>Aún no tienes pedidos.</p>;
  if (!pedidos?.length) return <p>Todos tus pedidos ya están vinculados a esta línea.</p>;
  const error = formState.errors.pedidoId?.message;
  return (
    <form className="space-y-3" onSubmit={submit} noValidate>
      <Field id="vincular-pedido" label={`Pedido para «${linea.componente}»`} error={error}>
        <select className="input w-full" {...fieldProps('vincular-pedido', error)} {...register('pedidoId')}>
          {pedidos.map((p) => (
            <option key={p.id} value={p.id}>
              {p.numero} · {p.lote.nombre} · {formatKg(p.kg)}
            </option>
          ))}
        </select>
      </Field>
      <button type="submit" className="btn-primary" disabled={vincular.isPending}>
        Vincular
      </button>
    </form>
  );
}

// Weeks as typed, read the Spanish way (whole weeks: "6,5" is refused, never silently 0).
const comoTexto = (ps: Plazo[]) =>
  ps.map((p) => ({
    pais: p.pais,
    semanasMuestras: String(p.semanasMuestras),
    semanasPss: String(p.semanasPss),
    semanasTransito: String(p.semanasTransito),
  }));

function Plazos({ plazos }: { plazos: (Plazo & { porDefecto: boolean })[] }) {
  const save = useSavePlazos();
  const [filas, setFilas] = useState(() => comoTexto(plazos));
  useEffect(() => setFilas(comoTexto(plazos)), [plazos]);
  const set = (i: number, k: keyof Omit<Plazo, 'pais'>, v: string) =>
    setFilas(filas.map((f, j) => (j === i ? { ...f, [k]: v } : f)));
  const SEMANAS = { decimales: 0, max: 52 };
  const leidas = filas.map((f) => {
    const lee = (t: string) => readNumero(t, SEMANAS);
    const r = { m: lee(f.semanasMuestras), p: lee(f.semanasPss), t: lee(f.semanasTransito) };
    const error = [r.m, r.p, r.t].find((x) => !x.ok);
    return r.m.ok && r.p.ok && r.t.ok
      ? {
          ok: true as const,
          plazo: { pais: f.pais, semanasMuestras: r.m.valor, semanasPss: r.p.valor, semanasTransito: r.t.valor },
        }
      : { ok: false as const, error: error && !error.ok ? error.error : '' };
  });
  if (!filas.length) return null;
  return (
    <section className="card space-y-2 p-4" aria-labelledby="plazos-titulo">
      <h2 id="plazos-titulo" className="text-lg font-semibold">
        Plazos por origen (semanas)
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Muestras 6–10 semanas, muestra de pre-embarque y tránsito 4–8 semanas según el origen. Cámbialos si tu
        experiencia es otra.
      </p>
      <div className="relative overflow-x-auto">
        <table className="w-full min-w-[28rem] text-sm">
          <thead>
            <tr className="text-left">
              <th scope="col">Origen</th>
              <th scope="col">Muestras</th>
              <th scope="col">Pre-embarque</th>
              <th scope="col">Tránsito</th>
              <th scope="col">Total</th>
            </tr>
          </thead>
          <tbody>
            {filas.map((f, i) => (
              <tr key={f.pais}>
                <th scope="row" className="py-1 text-left font-normal">
                  {paisName(f.pais)}
                </th>
                {(['semanasMuestras', 'semanasPss', 'semanasTransito'] as const).map((k) => (
                  <td key={k}>
                    <input
                      className="input w-16"
                      inputMode="numeric"
                      autoComplete="off"
                      aria-label={`${paisName(f.pais)}: ${k === 'semanasMuestras' ? 'muestras' : k === 'semanasPss' ? 'pre-embarque' : 'tránsito'}`}
                      value={f[k]}
                      aria-invalid={readNumero(f[k], SEMANAS).ok ? undefined : true}
                      aria-describedby={leidas[i].ok ? undefined : `plazo-${f.pais}-error`}
                      onChange={(e) => set(i, k, e.target.value)}
                    />
                  </td>
                ))}
                <td>
                  {leidas[i].ok ? (
                    semanasTotales(leidas[i].plazo)
                  ) : (
                    <span id={`plazo-${f.pais}-error`} className="field-error">
                      {leidas[i].error}
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <button
        type="button"
        className="btn-secondary"
        disabled={save.isPending}
        onClick={async () => {
          const mal = leidas.findIndex((l) => !l.ok);
          if (mal >= 0) {
            const l = leidas[mal];
            toast.error(`${paisName(filas[mal].pais)}: ${l.ok ? '' : l.error}`);
            return;
          }
          try {
            toast.success((await save.mutateAsync(leidas.flatMap((l) => (l.ok ? [l.plazo] : [])))).message);
          } catch (err) {
            toast.error(errorMessage(err));
          }
        }}
      >
        Guardar plazos
      </button>
    </section>
  );
}
