import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import {
  ACCION_RESPUESTA_LABELS,
  ACCION_SOLICITUD_LABELS,
  ESTADOS_SOLICITUD,
  ESTADO_SOLICITUD_LABELS,
  type AccionSolicitud,
  type EstadoSolicitud,
  type MovimientoRespuesta,
  type MovimientoSolicitud,
  type Respuesta,
  type Solicitud,
} from '../../../contract/solicitudes';
import { DireccionEnvioSchema, type DireccionEnvio } from '../../../contract/muestras';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { formatDate, formatDateTime, formatKg, formatNumber } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { paisName } from '../../lib/catalogo-lotes';
import { useMoveRespuesta, useMoveSolicitud, useSolicitudDetalle, useSolicitudes } from './api';
import { EstadoBadge, SolicitudResumen, centavos, procesoLabel } from './parts';
import { SolicitudForm, type SolicitudPrefill } from './solicitud-form';
import { PaisSelect } from '../../components/ui/pais-select';
import { PAGINAS } from '../../../contract/paginas';

/** A planner line's "Crear solicitud" arrives as query parameters (?origen=CO&proceso=LAVADO&kg=…). */
function prefillDe(params: URLSearchParams): SolicitudPrefill | null {
  if (!params.get('nueva')) return null;
  const kg = Number(params.get('kg') ?? 0);
  const peso = 69;
  return {
    titulo: params.get('titulo') ?? '',
    origenes: params.get('origen') ? [params.get('origen')!] : [],
    procesos: params.get('proceso') ? [params.get('proceso') as never] : [],
    puntajeMin: params.get('puntajeMin') ? Number(params.get('puntajeMin')) : null,
    sacos: kg ? Math.max(1, Math.ceil(kg / peso)) : undefined,
    pesoSacoKg: peso,
    precioMax: params.get('precio') ? Number(params.get('precio')) : null,
    entregaHasta: params.get('mes') ?? null,
    planLineaId: params.get('linea') ?? undefined,
  } as SolicitudPrefill;
}

/** /Dashboard/comprador/solicitudes: the buyer's sourcing requests, their answers side by side, and the moves. */
export function SolicitudesComprador() {
  const [params, setParams] = useSearchParams();
  const estado = (ESTADOS_SOLICITUD as readonly string[]).includes(params.get('estado') ?? '')
    ? (params.get('estado') as EstadoSolicitud)
    : undefined;
  const abierta = params.get('solicitud');
  const prefill = prefillDe(params);
  const { data, isPending, isError, error, refetch } = useSolicitudes(estado);
  const [form, setForm] = useState<Solicitud | 'nueva' | null>(prefill ? 'nueva' : null);

  const setParam = (k: string, v: string | null) => {
    const next = new URLSearchParams(params);
    if (v) next.set(k, v);
    else next.delete(k);
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">Solicitudes de abastecimiento</h1>
        <button type="button" className="btn-primary" onClick={() => setForm('nueva')}>
          Nueva solicitud
        </button>
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Publica lo que buscas; los productores con lotes que encajan responden con un lote o una propuesta. Compara las
        respuestas, preselecciona, pide muestra y acepta una: se convierte en pedido.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="sol-filtro" className="text-sm font-medium">
          Estado
        </label>
        <select
          id="sol-filtro"
          className="input w-auto"
          value={estado ?? ''}
          onChange={(e) => setParam('estado', e.target.value || null)}
        >
          <option value="">Todos</option>
          {ESTADOS_SOLICITUD.map((e) => (
            <option key={e} value={e}>
              {ESTADO_SOLICITUD_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.solicitudes.length === 0 && (
        <p className="card p-6">
          {estado ? 'No tienes solicitudes en este estado.' : 'Aún no has creado solicitudes.'}
        </p>
      )}
      <ul className="space-y-3">
        {data?.solicitudes.map((s) => (
          <SolicitudItem
            key={s.id}
            s={s}
            abierta={abierta === s.id}
            onToggle={(open) => setParam('solicitud', open ? s.id : null)}
            onEditar={() => setForm(s)}
          />
        ))}
      </ul>
      <Modal
        open={!!form}
        onClose={() => setForm(null)}
        title={form === 'nueva' ? 'Nueva solicitud' : form ? `Editar «${form.titulo}»` : ''}
        size="max-w-3xl"
      >
        {form && (
          <SolicitudForm
            solicitud={form === 'nueva' ? null : form}
            prefill={form === 'nueva' ? (prefill ?? undefined) : undefined}
            onDone={(s) => {
              setForm(null);
              const next = new URLSearchParams();
              next.set('solicitud', s.id);
              setParams(next, { replace: true });
            }}
          />
        )}
      </Modal>
    </div>
  );
}

function SolicitudItem({
  s,
  abierta,
  onToggle,
  onEditar,
}: {
  s: Solicitud;
  abierta: boolean;
  onToggle: (open: boolean) => void;
  onEditar: () => void;
}) {
  const [open, setOpen] = useState(abierta);
  useEffect(() => {
    if (abierta) setOpen(true);
  }, [abierta]);
  const detalle = useSolicitudDetalle(open ? s.id : null);
  const move = useMoveSolicitud();
  const run = async (accion: AccionSolicitud) => {
    if (accion === 'CANCELAR' && !window.confirm('¿Cancelar la solicitud?')) return;
    try {
      toast.success((await move.mutateAsync({ id: s.id, accion, desde: s.estado })).message);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <li className="card p-4" data-testid="solicitud">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">{s.titulo}</h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {s.origenes.map(paisName).join(', ')} · {formatKg(s.sacos * s.pesoSacoKg)} · cierra el{' '}
            {formatDate(s.cierraAt)} · {s.numRespuestas === 1 ? '1 respuesta' : `${s.numRespuestas} respuestas`}
          </p>
        </div>
        <EstadoBadge estado={s.estado} />
      </div>
      <div className="mt-3 flex flex-wrap gap-2">
        {s.estado === 'BORRADOR' && (
          <button type="button" className="btn-secondary" onClick={onEditar}>
            Editar
          </button>
        )}
        {s.acciones.map((a) => (
          <button
            key={a}
            type="button"
            className={a === 'PUBLICAR' ? 'btn-primary' : 'btn-secondary'}
            disabled={move.isPending}
            // The answer's actions are the lifecycle's, as strings; the server refuses one it does not allow.
            onClick={() => void run(a as AccionSolicitud)}
          >
            {ACCION_SOLICITUD_LABELS[a as MovimientoSolicitud]}
          </button>
        ))}
        <button
          type="button"
          className="btn-secondary"
          aria-expanded={open}
          onClick={() => {
            setOpen(!open);
            onToggle(!open);
          }}
        >
          {open ? 'Ocultar detalle' : 'Ver detalle y respuestas'}
        </button>
      </div>
      {open && detalle.data && (
        <div className="mt-4 space-y-4">
          <SolicitudResumen s={detalle.data.solicitud} />
          <Respuestas solicitud={detalle.data.solicitud} respuestas={detalle.data.respuestas} />
          <ol
            className="space-y-1 border-l-2 border-gray-200 pl-4 text-sm dark:border-gray-700"
            aria-label="Historial de la solicitud"
          >
            {detalle.data.eventos.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{ESTADO_SOLICITUD_LABELS[e.hacia as EstadoSolicitud] ?? e.hacia}</span>{' '}
                <span className="text-gray-600 dark:text-gray-400">· {formatDateTime(e.createdAt)}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      {open && detalle.isError && (
        <ErrorRetry message={errorMessage(detalle.error)} onRetry={() => void detalle.refetch()} />
      )}
    </li>
  );
}

function Respuestas({ solicitud, respuestas }: { solicitud: Solicitud; respuestas: Respuesta[] }) {
  const move = useMoveRespuesta();
  const [muestraDe, setMuestraDe] = useState<Respuesta | null>(null);
  if (!respuestas.length) {
    return <p className="text-sm">{solicitud.estado === 'ABIERTA' ? 'Aún no hay respuestas.' : 'Sin respuestas.'}</p>;
  }
  const run = async (r: Respuesta, accion: string) => {
    if (accion === 'PEDIR_MUESTRA') {
      setMuestraDe(r);
      return;
    }
    if (accion === 'ACEPTAR' && !window.confirm(`¿Aceptar la respuesta de ${r.productor.nombre}? Se creará el pedido.`))
      return;
    try {
      toast.success((await move.mutateAsync({ id: r.id, body: { accion: accion as never, desde: r.estado } })).message);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[44rem] text-left text-sm">
        <caption className="sr-only">Respuestas a «{solicitud.titulo}»</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-700">
            <th scope="col" className="py-2 pr-2">
              Productor
            </th>
            <th scope="col" className="pr-2">
              Lote u oferta
            </th>
            <th scope="col" className="pr-2">
              Precio/kg
            </th>
            <th scope="col" className="pr-2">
              Sacos
            </th>
            <th scope="col" className="pr-2">
              Embarque
            </th>
            <th scope="col" className="pr-2">
              Puntaje
            </th>
            <th scope="col" className="pr-2">
              Respecto al objetivo
            </th>
            <th scope="col">Estado y acciones</th>
          </tr>
        </thead>
        <tbody>
          {respuestas.map((r) => (
            <tr key={r.id} className="border-b border-gray-100 align-top dark:border-gray-800" data-testid="respuesta">
              <td className="py-2 pr-2">{r.productor.nombre}</td>
              <td className="pr-2">
                {r.lote ? (
                  <Link to={`/lote/${r.lote.id}`} className="underline">
                    {r.lote.nombre}
                  </Link>
                ) : (
                  `Propuesta: ${r.pais ? paisName(r.pais) : ''} ${r.proceso ? procesoLabel(r.proceso).toLowerCase() : ''}`
                )}
                {r.mensaje && <span className="block text-xs text-gray-600 dark:text-gray-400">{r.mensaje}</span>}
              </td>
              <td className="pr-2 tabular-nums">{centavos(r.precioKgCentavos, r.moneda)}</td>
              <td className="pr-2 tabular-nums">
                {r.sacos} × {r.pesoSacoKg} kg
              </td>
              <td className="pr-2">{r.ventanaEmbarque}</td>
              <td className="pr-2 tabular-nums">{r.puntaje != null ? formatNumber(r.puntaje, 0, 2) : '—'}</td>
              <td className="pr-2">
                {r.distanciaPrecioCentavos == null
                  ? '—'
                  : r.distanciaPrecioCentavos === 0
                    ? 'Dentro del rango'
                    : `${centavos(r.distanciaPrecioCentavos, r.moneda)}/kg fuera`}
              </td>
              <td>
                <div className="flex flex-wrap items-center gap-1">
                  <EstadoBadge estado={r.estado} />
                  {r.muestraId && (
                    <Link to={PAGINAS.comprador.muestras(r.muestraId)} className="text-xs underline">
                      Ver muestra
                    </Link>
                  )}
                  {r.pedidoId && (
                    <Link to={PAGINAS.comprador.pedidos(r.pedidoId)} className="text-xs underline">
                      Ver pedido
                    </Link>
                  )}
                  {r.acciones
                    .filter((a) => !(a === 'PEDIR_MUESTRA' && r.muestraId))
                    .map((a) => (
                      <button
                        key={a}
                        type="button"
                        className={
                          a === 'ACEPTAR' ? 'btn-primary px-2 py-1 text-xs' : 'btn-secondary px-2 py-1 text-xs'
                        }
                        disabled={move.isPending}
                        onClick={() => void run(r, a)}
                      >
                        {ACCION_RESPUESTA_LABELS[a as MovimientoRespuesta]}
                      </button>
                    ))}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Modal open={!!muestraDe} onClose={() => setMuestraDe(null)} title="Pedir muestra">
        {muestraDe && <PedirMuestraForm respuesta={muestraDe} onDone={() => setMuestraDe(null)} />}
      </Modal>
    </div>
  );
}

/** The sample's shipping address: the contract's DireccionEnvioSchema, its fields and messages (web/lib/form-schema). */
const direccionForm = formOf(DireccionEnvioSchema);
const direccionResolver = direccionForm.resolver;
type DireccionValues = FormOf<DireccionEnvio>;
/** The server names the address's fields under `direccionEnvio.`: they fall on the form's own. */
const CAMPOS_SERVIDOR = direccionForm.paths.map((k) => `direccionEnvio.${k}`);

const CAMPOS: { key: keyof DireccionValues; label: string; required?: boolean; autoComplete: string }[] = [
  { key: 'nombre', label: 'Nombre de quien recibe', required: true, autoComplete: 'name' },
  { key: 'empresa', label: 'Empresa', autoComplete: 'organization' },
  { key: 'linea1', label: 'Dirección', required: true, autoComplete: 'street-address' },
  { key: 'ciudad', label: 'Ciudad', required: true, autoComplete: 'address-level2' },
  { key: 'codigoPostal', label: 'Código postal', autoComplete: 'postal-code' },
  { key: 'pais', label: 'País', required: true, autoComplete: 'country' },
  { key: 'telefono', label: 'Teléfono', autoComplete: 'tel' },
];

function PedirMuestraForm({ respuesta, onDone }: { respuesta: Respuesta; onDone: () => void }) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<DireccionValues, unknown, DireccionEnvio>({
    defaultValues: direccionForm.defaults(),
    resolver: direccionResolver,
  });
  const move = useMoveRespuesta();
  const submit = handleSubmit(async (direccionEnvio) => {
    try {
      const r = await move.mutateAsync({
        id: respuesta.id,
        body: { accion: 'PEDIR_MUESTRA', desde: respuesta.estado, direccionEnvio },
      });
      toast.success(r.message);
      onDone();
    } catch (err) {
      const shown = showFieldErrors(err, CAMPOS_SERVIDOR, (name, error, options) =>
        setError(name.replace(/^direccionEnvio\./, '') as keyof DireccionValues, error, options),
      );
      if (!shown) toast.error(errorMessage(err));
    }
  });
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <p className="text-sm">
        Muestra de {respuesta.gramosMuestra ?? 250} g de «{respuesta.lote?.nombre}», ligada a esta solicitud.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {CAMPOS.map((c) => (
          <Field key={c.key} id={`pm-${c.key}`} label={c.label} required={c.required} error={errors[c.key]?.message}>
            {c.key === 'pais' ? (
              <Controller
                control={control}
                name="pais"
                render={({ field }) => (
                  <PaisSelect
                    {...fieldProps('pm-pais', errors.pais?.message)}
                    name={field.name}
                    ref={field.ref}
                    value={field.value}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                  />
                )}
              />
            ) : (
              <input
                className="input w-full"
                autoComplete={c.autoComplete}
                {...fieldProps(`pm-${c.key}`, errors[c.key]?.message)}
                {...register(c.key)}
              />
            )}
          </Field>
        ))}
      </div>
      <button type="submit" className="btn-primary" disabled={move.isPending}>
        Pedir muestra
      </button>
    </form>
  );
}
