import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSearchParams } from 'react-router';
import { PAISES_ORIGEN, PESOS_SACO, PROCESOS, PROCESO_LABELS } from '../../../contract/lotes-codes';
import {
  RespuestaInputSchema,
  SOLICITUD_MESSAGES,
  type Respuesta,
  type RespuestaParsed,
  type Solicitud,
} from '../../../contract/solicitudes';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { formatDate, formatKg, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { idempotencyKeys } from '../../lib/idempotency';
import { toast } from '../../lib/toast';
import { paisName } from '../../lib/catalogo-lotes';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { useLotesParaResponder, useMoveRespuesta, useResponder, useSolicitudes } from './api';
import { EstadoBadge, SolicitudResumen, centavos } from './parts';
import { NumeroInput, numeroDe } from '../../components/ui/numero-input';
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
  const move = useMoveRespuesta();
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
            disabled={move.isPending}
            onClick={async () => {
              if (!window.confirm('¿Retirar tu respuesta?')) return;
              try {
                toast.success(
                  (await move.mutateAsync({ id: mia.id, body: { accion: 'RETIRAR', desde: mia.estado } })).message,
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

/** How the answer's numbers are shown while typed ("1.200" g, "4,85" per kg). */
const NUMEROS = {
  precioKg: { decimales: 2 },
  sacos: { decimales: 0 },
  gramosMuestra: { decimales: 0 },
  puntaje: { decimales: 2, max: 100 },
} satisfies Record<string, OpcionesNumero>;

/*
 * The reply form is derived from the contract's RespuestaInputSchema (web/lib/form-schema): values, defaults,
 * parsing and the Spanish messages. A reply with a lot sends no origin, process, bag or score of its own (the
 * lot has them): those boxes, hidden then, are emptied before the contract reads the form.
 */
const respuestaForm = formOf(RespuestaInputSchema);
type Values = FormOf<RespuestaParsed>;
const SIN_PROPUESTA = { pais: '', proceso: '', pesoSacoKg: '', puntaje: '' };
const respuestaResolver = zodResolver(
  z.preprocess(
    (v) => ((v as Values).loteId ? { ...(v as Values), ...SIN_PROPUESTA } : v),
    respuestaForm.schema,
  ) as unknown as z.ZodType<RespuestaParsed, Values>,
);

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
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    getValues,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, RespuestaParsed>({
    defaultValues: respuestaForm.defaults({
      loteId: r ? r.lote?.id : sugerido,
      precioKg: r ? r.precioKgCentavos / 100 : undefined,
      sacos: r?.sacos ?? s.sacos,
      ventanaEmbarque: r?.ventanaEmbarque ?? '',
      gramosMuestra: r?.gramosMuestra ?? 250,
      mensaje: r?.mensaje ?? '',
      pais: r?.pais ?? s.origenes[0],
      proceso: (r?.proceso ?? s.procesos[0] ?? 'LAVADO') as RespuestaParsed['proceso'],
      pesoSacoKg: (r?.pesoSacoKg ?? s.pesoSacoKg) as RespuestaParsed['pesoSacoKg'],
      puntaje: r?.puntaje ?? null,
    }),
    resolver: respuestaResolver,
  });
  const err = (k: keyof Values) => errors[k]?.message;
  const responder = useResponder();
  const keys = useRef(idempotencyKeys()).current;
  const loteId = watch('loteId');
  const lote = lotes?.find((l) => l.id === loteId);
  // What a buyer could reserve of the lot now: bags held by orders are not on offer (issue 25 §3).
  const libres = lote ? Math.max(0, lote.sacosDisponibles - lote.sacosReservados) : null;
  // Choosing a lot (or the list arriving) lowers the proposal to what is free; typing more is refused on submit.
  useEffect(() => {
    if (libres != null && (numeroDe(getValues('sacos'), NUMEROS.sacos) ?? 0) > libres) {
      setValue('sacos', formatoEs(libres, 0));
    }
  }, [libres, getValues, setValue]);

  const submit = handleSubmit(async (body) => {
    if (libres != null && body.sacos > libres) {
      setError('sacos', { type: 'libres', message: SOLICITUD_MESSAGES.sacosLibres(libres) }, { shouldFocus: true });
      return;
    }
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
    } catch (e) {
      // Refusals (ours or the server's) are shown beside their fields, and focus goes to the first (issue 32).
      if (!showFieldErrors(e, respuestaForm.paths, setError)) toast.error(errorMessage(e));
    }
  });

  const numero = (k: keyof typeof NUMEROS, label: string, required = false) => (
    <Field id={`resp-${k}`} label={label} error={err(k)} required={required}>
      <Controller
        control={control}
        name={k}
        render={({ field }) => (
          <NumeroInput {...field} className="input w-full" {...NUMEROS[k]} {...fieldProps(`resp-${k}`, err(k))} />
        )}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="resp-loteId" label="Ofrecer" error={err('loteId')}>
        {/* Controlled: the suggested lot is chosen once the list of lots, which arrives later, holds it. */}
        <Controller
          control={control}
          name="loteId"
          render={({ field }) => (
            <select className="input w-full" {...fieldProps('resp-loteId', err('loteId'))} {...field}>
              <option value="">Una propuesta sin lote publicado</option>
              {lotes?.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.nombre} ({l.codigo}) ·{' '}
                  {contar(Math.max(0, l.sacosDisponibles - l.sacosReservados), 'saco libre', 'sacos libres')}
                </option>
              ))}
            </select>
          )}
        />
      </Field>
      {lote && (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Precio publicado: {formatNumber(lote.precioKg, 2, 2)} {lote.moneda}/kg {lote.incoterm}; {libres}{' '}
          {libres === 1 ? 'saco libre' : 'sacos libres'} de {lote.pesoSacoKg} kg
          {lote.sacosReservados === 1
            ? ' (1 reservado por un pedido)'
            : lote.sacosReservados > 1
              ? ` (${lote.sacosReservados} reservados por pedidos)`
              : ''}
          .
        </p>
      )}
      {!loteId && (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id="resp-pais" label="Origen" error={err('pais')} required>
            <select className="input w-full" {...fieldProps('resp-pais', err('pais'))} {...register('pais')}>
              {PAISES_ORIGEN.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.nombre}
                </option>
              ))}
            </select>
          </Field>
          <Field id="resp-proceso" label="Proceso" error={err('proceso')} required>
            <select className="input w-full" {...fieldProps('resp-proceso', err('proceso'))} {...register('proceso')}>
              {PROCESOS.map((p) => (
                <option key={p} value={p}>
                  {PROCESO_LABELS[p]}
                </option>
              ))}
            </select>
          </Field>
          <Field id="resp-pesoSacoKg" label="Peso por saco (kg)" error={err('pesoSacoKg')} required>
            <select
              className="input w-full"
              {...fieldProps('resp-pesoSacoKg', err('pesoSacoKg'))}
              {...register('pesoSacoKg')}
            >
              {PESOS_SACO.map((p) => (
                <option key={p} value={p}>
                  {p} kg
                </option>
              ))}
            </select>
          </Field>
          {numero('puntaje', 'Puntaje estimado')}
        </div>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        {numero('precioKg', `Precio por kg (${lote?.moneda ?? s.moneda})`, true)}
        {numero('sacos', libres != null ? `Sacos (máximo ${libres})` : 'Sacos', true)}
        <Field id="resp-ventanaEmbarque" label="Ventana de embarque" error={err('ventanaEmbarque')} required>
          <input
            className="input w-full"
            {...fieldProps('resp-ventanaEmbarque', err('ventanaEmbarque'))}
            {...register('ventanaEmbarque')}
          />
        </Field>
        {numero('gramosMuestra', 'Gramos de muestra')}
      </div>
      <Field id="resp-mensaje" label="Mensaje para el comprador" error={err('mensaje')}>
        <textarea
          className="input w-full"
          rows={3}
          {...fieldProps('resp-mensaje', err('mensaje'))}
          {...register('mensaje')}
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
