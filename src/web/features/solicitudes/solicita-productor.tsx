import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { PAISES_ORIGEN, PESOS_SACO, PROCESOS, PROCESO_LABELS } from '../../../contract/lotes-codes';
import { SOLICITUD_MESSAGES, type Respuesta, type RespuestaInput, type Solicitud } from '../../../contract/solicitudes';
import { errorMessage } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { formatDate, formatKg, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { paisName } from '../../lib/catalogo-lotes';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useLotesParaResponder, useMoverRespuesta, useResponder, useSolicitudes } from './api';
import { EstadoBadge, SolicitudResumen, centavos } from './parts';
import { NumeroInput, numeroDe, primerError } from '../../components/ui/numero-input';
import { formatoEs, type OpcionesNumero } from '../../components/ui/numero';

const RESULTADO: Record<string, string> = {
  ENVIADA: 'Enviada: puedes cambiarla o retirarla hasta que el comprador la preseleccione.',
  PRESELECCIONADA: 'Preseleccionada: el comprador está valorando tu oferta; puede pedirte una muestra.',
  ACEPTADA: 'Aceptada: el pedido queda reservado en los términos de tu respuesta.',
  DESCARTADA: 'El comprador descartó esta respuesta.',
  RETIRADA: 'Retiraste tu respuesta.',
  NO_ELEGIDA: 'La solicitud se cerró con otra respuesta o sin adjudicar.',
};

/** /Dashboard/productor/solicita: open requests, those matching the producer's lots first, and his answers. */
export function SolicitaProductor() {
  const [params] = useSearchParams();
  const abierta = params.get('solicitud');
  const { data, isPending, isError, error, refetch } = useSolicitudes();
  const [respondiendo, setRespondiendo] = useState<{ s: Solicitud; r: Respuesta | null } | null>(null);
  const encajan = data?.solicitudes.filter((s) => s.estado === 'ABIERTA' && s.coincidencias?.length) ?? [];
  const otras = data?.solicitudes.filter((s) => !(s.estado === 'ABIERTA' && s.coincidencias?.length)) ?? [];

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">Solicitudes de compradores</h1>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Lo que buscan los compradores. Las que encajan con tus lotes (origen, proceso, puntaje y volumen) van primero;
        responde con uno de tus lotes o con una propuesta. Cada día te enviamos un resumen de las nuevas.
      </p>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.solicitudes.length === 0 && <p className="card p-6">No hay solicitudes abiertas ahora mismo.</p>}
      {encajan.length > 0 && <h2 className="text-lg font-semibold">Encajan con tus lotes</h2>}
      <ul className="space-y-3">
        {encajan.map((s) => (
          <Item key={s.id} s={s} abierta={abierta === s.id} onResponder={(r) => setRespondiendo({ s, r })} />
        ))}
      </ul>
      {otras.length > 0 && <h2 className="text-lg font-semibold">Otras solicitudes</h2>}
      <ul className="space-y-3">
        {otras.map((s) => (
          <Item key={s.id} s={s} abierta={abierta === s.id} onResponder={(r) => setRespondiendo({ s, r })} />
        ))}
      </ul>
      <Modal
        open={!!respondiendo}
        onClose={() => setRespondiendo(null)}
        title={respondiendo ? `Responder a «${respondiendo.s.titulo}»` : ''}
        size="max-w-2xl"
      >
        {respondiendo && (
          <RespuestaForm solicitud={respondiendo.s} respuesta={respondiendo.r} onDone={() => setRespondiendo(null)} />
        )}
      </Modal>
    </div>
  );
}

function Item({
  s,
  abierta,
  onResponder,
}: {
  s: Solicitud;
  abierta: boolean;
  onResponder: (r: Respuesta | null) => void;
}) {
  const [open, setOpen] = useState(abierta);
  useEffect(() => {
    if (abierta) setOpen(true);
  }, [abierta]);
  const mover = useMoverRespuesta();
  const mia = s.miRespuesta ?? null;
  return (
    <li className="card p-4" data-testid="solicitud">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">{s.titulo}</h3>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {s.comprador.empresa ?? 'Un comprador'}
            {s.comprador.pais ? ` (${paisName(s.comprador.pais)})` : ''} · {s.origenes.map(paisName).join(', ')} ·{' '}
            {formatKg(s.sacos * s.pesoSacoKg)} · cierra el {formatDate(s.cierraAt)}
          </p>
        </div>
        <EstadoBadge estado={s.estado} />
      </div>
      {s.coincidencias && s.coincidencias.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {s.coincidencias.map((c) => (
            <li key={c.loteId}>
              <span className="font-medium">{c.nombre}</span> encaja: {c.motivos.join(' · ')}
            </li>
          ))}
        </ul>
      )}
      {mia && (
        <div className="mt-3 rounded-lg border border-gray-200 p-3 text-sm dark:border-gray-700">
          <p className="flex flex-wrap items-center gap-2">
            Tu respuesta: <EstadoBadge estado={mia.estado} /> {centavos(mia.precioKgCentavos, mia.moneda)}/kg ·{' '}
            {contar(mia.sacos, 'saco')} · {mia.ventanaEmbarque}
          </p>
          <p className="mt-1 text-gray-700 dark:text-gray-300">{RESULTADO[mia.estado]}</p>
        </div>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {s.estado === 'ABIERTA' && (!mia || mia.estado === 'RETIRADA') && (
          <button type="button" className="btn-primary" onClick={() => onResponder(null)}>
            Responder
          </button>
        )}
        {mia?.acciones.includes('EDITAR') && (
          <button type="button" className="btn-secondary" onClick={() => onResponder(mia)}>
            Cambiar mi respuesta
          </button>
        )}
        {mia?.acciones.includes('RETIRAR') && (
          <button
            type="button"
            className="btn-secondary"
            disabled={mover.isPending}
            onClick={async () => {
              if (!window.confirm('¿Retirar tu respuesta?')) return;
              try {
                toast.success(
                  (await mover.mutateAsync({ id: mia.id, body: { accion: 'RETIRAR', desde: mia.estado } })).message,
                );
              } catch (err) {
                toast.error(errorMessage(err));
              }
            }}
          >
            Retirar
          </button>
        )}
        <button type="button" className="btn-secondary" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? 'Ocultar detalle' : 'Ver detalle'}
        </button>
      </div>
      {open && (
        <div className="mt-3">
          <SolicitudResumen s={s} />
        </div>
      )}
    </li>
  );
}

/** The answer's numbers, typed the Spanish way ("1.200" g, "4,85" per kg). */
const NUMEROS = {
  precioKg: { decimales: 2 },
  sacos: { decimales: 0 },
  gramosMuestra: { decimales: 0 },
  puntaje: { decimales: 2, max: 100 },
} satisfies Record<string, OpcionesNumero>;

/** The reply form's fields in the order they are shown: the first refused one gets the focus. */
const ORDEN_CAMPOS = [
  'loteId',
  'pais',
  'proceso',
  'pesoSacoKg',
  'puntaje',
  'precioKg',
  'sacos',
  'ventanaEmbarque',
  'gramosMuestra',
  'mensaje',
] as const;
const CAMPOS_POR_ID: Record<string, string> = Object.fromEntries(ORDEN_CAMPOS.map((k) => [k, k]));

function RespuestaForm({
  solicitud: s,
  respuesta: r,
  onDone,
}: {
  solicitud: Solicitud;
  respuesta: Respuesta | null;
  onDone: () => void;
}) {
  const { data: lotes } = useLotesParaResponder();
  const sugerido = s.coincidencias?.[0]?.loteId ?? '';
  const [v, setV] = useState({
    loteId: r ? (r.lote?.id ?? '') : sugerido,
    precioKg: r ? formatoEs(r.precioKgCentavos / 100, 2, 2) : '',
    sacos: formatoEs(r?.sacos ?? s.sacos, 0),
    ventanaEmbarque: r?.ventanaEmbarque ?? '',
    gramosMuestra: formatoEs(r?.gramosMuestra ?? 250, 0),
    mensaje: r?.mensaje ?? '',
    pais: r?.pais ?? s.origenes[0] ?? '',
    proceso: r?.proceso ?? s.procesos[0] ?? 'LAVADO',
    pesoSacoKg: String(r?.pesoSacoKg ?? s.pesoSacoKg),
    puntaje: r?.puntaje != null ? formatoEs(r.puntaje, 2) : '',
  });
  const [errors, setErrorsState] = useState<Record<string, string>>({});
  // Refusals (ours or the server's) are shown beside their fields, and focus goes to the first (issue 32).
  const setErrors = (found: Record<string, string>) => {
    setErrorsState(found);
    const first = ORDEN_CAMPOS.find((k) => found[k]);
    focusField(first && `resp-${first}`);
  };
  const responder = useResponder();
  const keys = useRef(idempotencyKeys()).current;
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });
  const lote = lotes?.find((l) => l.id === v.loteId);
  // What a buyer could reserve of the lot now: bags held by orders are not on offer (issue 25 §3).
  const libres = lote ? Math.max(0, lote.sacosDisponibles - lote.sacosReservados) : null;
  // Choosing a lot (or the list arriving) lowers the proposal to what is free; typing more is refused on submit.
  useEffect(() => {
    if (libres != null) {
      setV((x) => ((numeroDe(x.sacos, NUMEROS.sacos) ?? 0) > libres ? { ...x, sacos: formatoEs(libres, 0) } : x));
    }
  }, [libres]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    const refusals = Object.fromEntries(
      (Object.keys(NUMEROS) as (keyof typeof NUMEROS)[]).flatMap((k) => {
        const err = v.loteId && k === 'puntaje' ? null : primerError([[v[k], NUMEROS[k]]]);
        return err ? [[k, err]] : [];
      }),
    );
    if (Object.keys(refusals).length) {
      setErrors(refusals);
      return;
    }
    const n = (k: keyof typeof NUMEROS) => numeroDe(v[k], NUMEROS[k]);
    if (libres != null && (n('sacos') ?? 0) > libres) {
      setErrors({ sacos: SOLICITUD_MESSAGES.sacosLibres(libres) });
      return;
    }
    const body = (
      v.loteId
        ? { loteId: v.loteId }
        : { pais: v.pais, proceso: v.proceso, pesoSacoKg: Number(v.pesoSacoKg), puntaje: n('puntaje') }
    ) as RespuestaInput;
    Object.assign(body, {
      precioKg: n('precioKg'),
      sacos: n('sacos'),
      ventanaEmbarque: v.ventanaEmbarque,
      gramosMuestra: n('gramosMuestra'),
      mensaje: v.mensaje,
    });
    try {
      const res = await responder.mutateAsync({
        solicitudId: s.id,
        id: r?.id,
        body,
        idempotencyKey: r ? undefined : keys.keyFor(body),
      });
      keys.done();
      toast.success(res.message);
      onDone();
    } catch (err) {
      const { errors: found, first } = fieldErrorsById(err, CAMPOS_POR_ID);
      if (first) setErrors(found);
      else toast.error(errorMessage(err));
    }
  };

  const invalido = (k: keyof typeof v) => ({
    'aria-invalid': errors[k] ? true : undefined,
    'aria-describedby': errors[k] ? `resp-${k}-error` : undefined,
  });

  const input = (k: keyof typeof v, label: string, required = false, inputMode?: 'decimal' | 'numeric') => (
    <Field id={`resp-${k}`} label={label} error={errors[k]} required={required}>
      {k in NUMEROS ? (
        <NumeroInput
          id={`resp-${k}`}
          className="input w-full"
          {...NUMEROS[k as keyof typeof NUMEROS]}
          value={v[k]}
          onChange={(texto) => setV({ ...v, [k]: texto })}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={errors[k] ? `resp-${k}-error` : undefined}
        />
      ) : (
        <input
          id={`resp-${k}`}
          className="input w-full"
          inputMode={inputMode}
          value={v[k]}
          onChange={set(k)}
          aria-invalid={errors[k] ? true : undefined}
          aria-describedby={errors[k] ? `resp-${k}-error` : undefined}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="resp-loteId" label="Ofrecer" error={errors.loteId}>
        <select
          id="resp-loteId"
          className="input w-full"
          value={v.loteId}
          onChange={set('loteId')}
          {...invalido('loteId')}
        >
          <option value="">Una propuesta sin lote publicado</option>
          {lotes?.map((l) => (
            <option key={l.id} value={l.id}>
              {l.nombre} ({l.codigo}) ·{' '}
              {contar(Math.max(0, l.sacosDisponibles - l.sacosReservados), 'saco libre', 'sacos libres')}
            </option>
          ))}
        </select>
      </Field>
      {lote && (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Precio publicado: {formatNumber(lote.precioKg, 2, 2)} {lote.moneda}/kg {lote.incoterm}; {libres}{' '}
          {libres === 1 ? 'saco libre' : 'sacos libres'} de {lote.pesoSacoKg} kg
          {lote.sacosReservados > 0 ? ` (${lote.sacosReservados} reservados por pedidos)` : ''}.
        </p>
      )}
      {!v.loteId && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="resp-pais" label="Origen" error={errors.pais} required>
            <select id="resp-pais" className="input w-full" value={v.pais} onChange={set('pais')} {...invalido('pais')}>
              {PAISES_ORIGEN.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.nombre}
                </option>
              ))}
            </select>
          </Field>
          <Field id="resp-proceso" label="Proceso" error={errors.proceso} required>
            <select
              id="resp-proceso"
              className="input w-full"
              value={v.proceso}
              onChange={set('proceso')}
              {...invalido('proceso')}
            >
              {PROCESOS.map((p) => (
                <option key={p} value={p}>
                  {PROCESO_LABELS[p]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="resp-pesoSacoKg" label="Peso por saco (kg)" error={errors.pesoSacoKg} required>
            <select
              id="resp-pesoSacoKg"
              className="input w-full"
              value={v.pesoSacoKg}
              onChange={set('pesoSacoKg')}
              {...invalido('pesoSacoKg')}
            >
              {PESOS_SACO.map((p) => (
                <option key={p} value={p}>
                  {p} kg
                </option>
              ))}
            </select>
          </Field>
          {input('puntaje', 'Puntaje estimado', false, 'decimal')}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {input('precioKg', `Precio por kg (${lote?.moneda ?? s.moneda})`, true, 'decimal')}
        <Field
          id="resp-sacos"
          label={libres != null ? `Sacos (máximo ${libres})` : 'Sacos'}
          error={errors.sacos}
          required
        >
          <NumeroInput
            id="resp-sacos"
            className="input w-full"
            {...NUMEROS.sacos}
            value={v.sacos}
            onChange={(texto) => setV({ ...v, sacos: texto })}
            aria-invalid={errors.sacos ? true : undefined}
            aria-describedby={errors.sacos ? 'resp-sacos-error' : undefined}
          />
        </Field>
        {input('ventanaEmbarque', 'Ventana de embarque', true)}
        {input('gramosMuestra', 'Gramos de muestra', false, 'numeric')}
      </div>
      <Field id="resp-mensaje" label="Mensaje para el comprador" error={errors.mensaje}>
        <textarea
          id="resp-mensaje"
          className="input w-full"
          rows={3}
          value={v.mensaje}
          onChange={set('mensaje')}
          {...invalido('mensaje')}
        />
      </Field>
      <div className="flex justify-end">
        <button type="submit" className="btn-primary" disabled={responder.isPending}>
          {r ? 'Guardar respuesta' : 'Enviar respuesta'}
        </button>
      </div>
    </form>
  );
}
