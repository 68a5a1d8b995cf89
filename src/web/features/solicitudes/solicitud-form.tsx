import { useRef, useState, type FormEvent } from 'react';
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
import type { Solicitud, SolicitudInput } from '../../../contract/solicitudes';
import { ApiError, errorMessage } from '../../lib/api';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { Field } from '../../components/ui/field';
import { useGuardarSolicitud } from './api';
import { NumeroInput, numeroDe, primerError } from '../../components/ui/numero-input';
import { formatoEs, type OpcionesNumero } from '../../components/ui/numero';

/** Values a new request starts with (a planner line prefills them). */
export type SolicitudPrefill = Partial<SolicitudInput>;

const lista = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
/** The request's numbers, typed the Spanish way ("25.000" bags is twenty-five thousand, "8,25" a price). */
const NUMEROS: Record<string, OpcionesNumero> = {
  puntajeMin: { decimales: 2, max: 100 },
  puntajeMax: { decimales: 2, max: 100 },
  sacos: { decimales: 0 },
  precioMin: { decimales: 2 },
  precioMax: { decimales: 2 },
};
const num = (v: string, k: keyof typeof NUMEROS) => numeroDe(v, NUMEROS[k]);
const enDias = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

/** Create or edit a draft request: every field of the brief, checked by the shared schema on the server. */
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
  const [v, setV] = useState({
    titulo: s?.titulo ?? prefill?.titulo ?? '',
    descripcion: s?.descripcion ?? prefill?.descripcion ?? '',
    variedades: (s?.variedades ?? []).join(', '),
    puntajeMin:
      s?.puntajeMin != null
        ? formatoEs(s.puntajeMin)
        : prefill?.puntajeMin != null
          ? formatoEs(prefill.puntajeMin)
          : '',
    puntajeMax: s?.puntajeMax != null ? formatoEs(s.puntajeMax) : '',
    notasCata: (s?.notasCata ?? []).join(', '),
    sacos: s ? formatoEs(s.sacos, 0) : prefill?.sacos ? formatoEs(prefill.sacos, 0) : '',
    pesoSacoKg: String(s?.pesoSacoKg ?? prefill?.pesoSacoKg ?? 69),
    precioMin: s?.precioMinCentavos != null ? formatoEs(s.precioMinCentavos / 100) : '',
    precioMax:
      s?.precioMaxCentavos != null
        ? formatoEs(s.precioMaxCentavos / 100)
        : prefill?.precioMax != null
          ? formatoEs(prefill.precioMax)
          : '',
    moneda: s?.moneda ?? prefill?.moneda ?? 'USD',
    incoterm: s?.incoterm ?? 'FOB',
    lugarEntrega: s?.lugarEntrega ?? '',
    entregaDesde: s?.entregaDesde ?? prefill?.entregaDesde ?? '',
    entregaHasta: s?.entregaHasta ?? prefill?.entregaHasta ?? '',
    preparacion: s?.preparacion ?? '',
    cierre: s ? s.cierraAt.slice(0, 10) : enDias(21),
  });
  const [origenes, setOrigenes] = useState<string[]>(s?.origenes ?? prefill?.origenes ?? []);
  const [procesos, setProcesos] = useState<string[]>(s?.procesos ?? prefill?.procesos ?? []);
  const [certs, setCerts] = useState<string[]>(s?.certificaciones ?? []);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const guardar = useGuardarSolicitud();
  const keys = useRef(idempotencyKeys()).current;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const refusals = Object.fromEntries(
      Object.entries(NUMEROS).flatMap(([k, o]) => {
        const err = primerError([[v[k as keyof typeof v], o]]);
        return err ? [[k, err]] : [];
      }),
    );
    if (Object.keys(refusals).length) {
      setErrors(refusals);
      toast.error('Revisa los campos marcados.');
      return;
    }
    const body = {
      titulo: v.titulo,
      descripcion: v.descripcion,
      origenes,
      procesos,
      variedades: lista(v.variedades),
      puntajeMin: num(v.puntajeMin, 'puntajeMin'),
      puntajeMax: num(v.puntajeMax, 'puntajeMax'),
      notasCata: lista(v.notasCata),
      certificaciones: certs,
      sacos: num(v.sacos, 'sacos') ?? 0,
      pesoSacoKg: Number(v.pesoSacoKg),
      precioMin: num(v.precioMin, 'precioMin'),
      precioMax: num(v.precioMax, 'precioMax'),
      moneda: v.moneda,
      incoterm: v.incoterm,
      lugarEntrega: v.lugarEntrega,
      entregaDesde: v.entregaDesde || null,
      entregaHasta: v.entregaHasta || null,
      preparacion: v.preparacion,
      cierre: v.cierre,
      planLineaId: s?.planLineaId ?? prefill?.planLineaId,
    } as SolicitudInput;
    try {
      const r = await guardar.mutateAsync({ id: s?.id, body, idempotencyKey: s ? undefined : keys.keyFor(body) });
      keys.done();
      toast.success(r.message);
      onDone(r.data.solicitud);
    } catch (err) {
      if (err instanceof ApiError && err.fields) {
        const f: Record<string, string> = {};
        for (const [k, m] of Object.entries(err.fields)) f[k.split('.')[0]] ??= m;
        setErrors(f);
        toast.error('Revisa los campos marcados.');
      } else toast.error(errorMessage(err));
    }
  };

  const input = (
    k: keyof typeof v,
    label: string,
    opts: { required?: boolean; type?: string; inputMode?: 'decimal' | 'numeric'; hint?: string } = {},
  ) => (
    <Field id={`sol-${k}`} label={label} error={errors[k]} required={opts.required} hint={opts.hint}>
      {k in NUMEROS ? (
        <NumeroInput
          id={`sol-${k}`}
          className="input w-full"
          value={v[k]}
          onChange={(texto) => setV({ ...v, [k]: texto })}
          {...NUMEROS[k]}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={opts.hint ? `sol-${k}-hint` : undefined}
        />
      ) : (
        <input
          id={`sol-${k}`}
          className="input w-full"
          type={opts.type ?? 'text'}
          inputMode={opts.inputMode}
          value={v[k]}
          onChange={set(k)}
          aria-invalid={errors[k] ? true : undefined}
        />
      )}
    </Field>
  );
  const checks = (
    legend: string,
    id: string,
    opciones: readonly { v: string; label: string }[],
    value: string[],
    onChange: (x: string[]) => void,
    scroll = false,
  ) => (
    <fieldset aria-describedby={errors[id] ? `sol-${id}-error` : undefined}>
      <legend className="text-sm font-medium">{legend}</legend>
      <div
        className={`mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm ${scroll ? 'max-h-32 overflow-y-auto rounded border border-gray-200 p-2 dark:border-gray-700' : ''}`}
      >
        {opciones.map((o) => (
          <label key={o.v} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={value.includes(o.v)}
              onChange={(e) => onChange(e.target.checked ? [...value, o.v] : value.filter((x) => x !== o.v))}
            />
            {o.label}
          </label>
        ))}
      </div>
      {errors[id] && (
        <p id={`sol-${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errors[id]}
        </p>
      )}
    </fieldset>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      {input('titulo', 'Título', { required: true })}
      <Field id="sol-descripcion" label="Qué buscas" error={errors.descripcion}>
        <textarea
          id="sol-descripcion"
          className="input w-full"
          rows={3}
          value={v.descripcion}
          onChange={set('descripcion')}
        />
      </Field>
      {checks(
        'Orígenes *',
        'origenes',
        PAISES_ORIGEN.map((p) => ({ v: p.code, label: p.nombre })),
        origenes,
        setOrigenes,
        true,
      )}
      {checks(
        'Procesos',
        'procesos',
        PROCESOS.map((p) => ({ v: p, label: PROCESO_LABELS[p] })),
        procesos,
        setProcesos,
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('puntajeMin', 'Puntaje mínimo', { inputMode: 'decimal' })}
        {input('puntajeMax', 'Puntaje máximo', { inputMode: 'decimal' })}
        {input('variedades', 'Variedades (separadas por comas)')}
        {input('notasCata', 'Notas de cata buscadas (separadas por comas)')}
        {input('sacos', 'Sacos', { required: true, inputMode: 'numeric' })}
        <Field id="sol-pesoSacoKg" label="Peso por saco (kg)" error={errors.pesoSacoKg} required>
          <select id="sol-pesoSacoKg" className="input w-full" value={v.pesoSacoKg} onChange={set('pesoSacoKg')}>
            {PESOS_SACO.map((p) => (
              <option key={p} value={p}>
                {p} kg
              </option>
            ))}
          </select>
        </Field>
        {input('precioMin', 'Precio mínimo por kg', { inputMode: 'decimal' })}
        {input('precioMax', 'Precio máximo por kg', { inputMode: 'decimal' })}
        <Field id="sol-moneda" label="Moneda" error={errors.moneda}>
          <select id="sol-moneda" className="input w-full" value={v.moneda} onChange={set('moneda')}>
            {MONEDAS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </Field>
        <Field id="sol-incoterm" label="Incoterm" error={errors.incoterm}>
          <select id="sol-incoterm" className="input w-full" value={v.incoterm} onChange={set('incoterm')}>
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
        certs,
        setCerts,
      )}
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={guardar.isPending}>
          {s ? 'Guardar cambios' : 'Guardar borrador'}
        </button>
      </div>
    </form>
  );
}
