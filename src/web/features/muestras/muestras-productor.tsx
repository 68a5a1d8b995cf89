import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Link, useSearchParams } from 'react-router';
import {
  ATRIBUTO_LABELS,
  ATRIBUTOS_SCA,
  ESTADOS_MUESTRA,
  GRUPO_PRODUCTOR,
  MuestraAccionSchema,
  type EstadoMuestra,
  type Muestra,
  type MuestraAccion,
} from '../../../contract/muestras';
import { paisName } from '../../../contract/lotes-codes';
import { useQueryClient } from '@tanstack/react-query';
import { CAJAS_API } from '../../../contract/cajas-endpoints';
import type { CajaMuestras } from '../../../contract/muestras';
import { call, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, memberOf, type FormOf } from '../../lib/form-schema';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { EnviarForm } from '../../components/enviar-muestra-form';
import { Pager } from '../../components/ui/pager';
import { CAJAS_KEY, CajaResumen, useCajasEnviadas } from './caja-muestras';
import { muestrasKeys, pageFrom, useCatasRecibidas, useMoveMuestra, useMuestraDetalle, useMuestras } from './api';
import { CataSheet } from '../../components/cata-sheet';
import { EstadoBadge, Timeline, precioMuestra } from './parts';
import { Distribucion, RadarChart } from './radar-chart';
import { LoteRetiradoBadge } from '../../components/ui/lote-retirado';
import { PAGINAS } from '../../../contract/paginas';

/** The groups in the order of GRUPO_PRODUCTOR (the server's order of his list); their states come from it. */
const GRUPOS: { titulo: string; estados: EstadoMuestra[]; vacio: string }[] = [
  { titulo: 'Por responder', vacio: 'No hay solicitudes esperando respuesta.' },
  { titulo: 'Por enviar', vacio: 'No hay muestras aceptadas por enviar.' },
  { titulo: 'Enviadas', vacio: 'No hay muestras en camino ni por catar.' },
  { titulo: 'Catadas', vacio: 'Todavía no has recibido fichas de cata.' },
  { titulo: 'Cerradas', vacio: 'No hay solicitudes cerradas.' },
].map((g, i) => ({ ...g, estados: ESTADOS_MUESTRA.filter((e) => GRUPO_PRODUCTOR[e] === i) }));

type Dialogo =
  { tipo: 'ACEPTAR' | 'RECHAZAR' | 'ENVIAR'; muestra: Muestra } | { tipo: 'CAJA'; caja: CajaMuestras } | null;

/** /Dashboard/productor/pedidos_muestras: requests grouped by what needs doing, and the cuppings received. */
export function MuestrasProductor({ mensajes }: { mensajes?: (m: Muestra) => ReactNode } = {}) {
  const [params, setParams] = useSearchParams();
  const abierta = params.get('muestra');
  const page = pageFrom(params);
  const { data, isPending, isError, error, refetch } = useMuestras('productor', undefined, page);
  const setPage = (p: number) => {
    const next = new URLSearchParams(params);
    if (p > 1) next.set('page', String(p));
    else next.delete('page');
    setParams(next);
  };
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const move = useMoveMuestra();

  const qc = useQueryClient();
  const run = async (m: Muestra, body: MuestraAccion) => {
    const r = await move.mutateAsync({ id: m.id, body: { ...body, desde: m.estado } });
    toast.success(r.message);
    if (m.cajaId) await qc.invalidateQueries({ queryKey: CAJAS_KEY });
  };

  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Pedidos de muestras</h1>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      <CajasPorEnviar
        pending={move.isPending}
        onAceptar={(m) => setDialogo({ tipo: 'ACEPTAR', muestra: m })}
        onRechazar={(m) => setDialogo({ tipo: 'RECHAZAR', muestra: m })}
        onEnviar={(caja) => setDialogo({ tipo: 'CAJA', caja })}
      />
      {data &&
        GRUPOS.map((g) => {
          const items = data.muestras.filter((m) => g.estados.includes(m.estado));
          // The count is the group's whole size (over every page); the list is this page's part of it.
          const total = g.estados.reduce((n, e) => n + data.conteos[e], 0);
          return (
            <section key={g.titulo} aria-labelledby={`grupo-${g.estados[0]}`}>
              <h2 id={`grupo-${g.estados[0]}`} className="mb-2 text-lg font-semibold">
                {g.titulo} <span className="text-sm font-normal text-gray-600 dark:text-gray-400">({total})</span>
              </h2>
              {items.length > 0 && items.length < total && (
                <p className="mb-2 text-sm text-gray-600 dark:text-gray-400">
                  En esta página, {items.length} de {total}.
                </p>
              )}
              {items.length === 0 ? (
                <p className="text-sm text-gray-600 dark:text-gray-400">
                  {total === 0 ? g.vacio : `${total === 1 ? 'Está' : 'Están'} en otras páginas de la lista.`}
                </p>
              ) : (
                <ul className="space-y-3">
                  {items.map((m) => (
                    <SolicitudItem
                      key={m.id}
                      muestra={m}
                      abierta={abierta === m.id}
                      pending={move.isPending}
                      onAceptar={() => setDialogo({ tipo: 'ACEPTAR', muestra: m })}
                      onRechazar={() => setDialogo({ tipo: 'RECHAZAR', muestra: m })}
                      onEnviar={() => setDialogo({ tipo: 'ENVIAR', muestra: m })}
                      mensajes={mensajes?.(m)}
                    />
                  ))}
                </ul>
              )}
            </section>
          );
        })}

      {data && <Pager label="Páginas de las solicitudes" page={page} pagination={data.pagination} onPage={setPage} />}

      <CatasRecibidasView />

      {/* Accepting cannot be undone (only shipping follows), so it asks once, saying what follows (issue 32). */}
      <Modal
        open={dialogo?.tipo === 'ACEPTAR'}
        onClose={() => setDialogo(null)}
        title={dialogo?.tipo === 'ACEPTAR' ? `Aceptar la solicitud · ${dialogo.muestra.lote.nombre}` : ''}
        size="max-w-md"
      >
        {dialogo?.tipo === 'ACEPTAR' && (
          <div className="space-y-4">
            <p className="text-gray-700 dark:text-gray-300">
              Avisamos al comprador de que le enviarás la muestra. No se puede deshacer: después solo queda marcarla
              como enviada, con el transportista y la guía.
            </p>
            <div className="flex flex-wrap justify-end gap-2">
              <button type="button" className="btn-secondary" onClick={() => setDialogo(null)}>
                Volver
              </button>
              <button
                type="button"
                className="btn-primary"
                disabled={move.isPending}
                onClick={() =>
                  void run(dialogo.muestra, { accion: 'ACEPTAR' })
                    .then(() => setDialogo(null))
                    .catch((e) => toast.error(errorMessage(e)))
                }
              >
                Aceptar la solicitud
              </button>
            </div>
          </div>
        )}
      </Modal>
      <Modal
        open={dialogo?.tipo === 'RECHAZAR'}
        onClose={() => setDialogo(null)}
        title="Rechazar la solicitud"
        size="max-w-md"
      >
        {dialogo?.tipo === 'RECHAZAR' && (
          <RechazarForm
            onSubmit={async (motivo) => {
              await run(dialogo.muestra, { accion: 'RECHAZAR', motivo });
              await qc.invalidateQueries({ queryKey: CAJAS_KEY });
              setDialogo(null);
            }}
          />
        )}
      </Modal>
      <Modal
        open={dialogo?.tipo === 'CAJA'}
        onClose={() => setDialogo(null)}
        title="Enviar la caja de muestras"
        size="max-w-md"
      >
        {dialogo?.tipo === 'CAJA' && (
          <EnviarForm
            fotoDetalle="De la caja abierta, con la etiqueta de cada lote visible: el comprador sabrá qué esperar."
            onSubmit={async (transportista, numeroGuia, imagen) => {
              const r = await call(CAJAS_API.envio, {
                params: { id: dialogo.caja.id },
                body: { transportista, numeroGuia, imagen },
              });
              toast.success(r.message);
              await Promise.all([
                qc.invalidateQueries({ queryKey: CAJAS_KEY }),
                qc.invalidateQueries({ queryKey: muestrasKeys.all }),
              ]);
              setDialogo(null);
            }}
          />
        )}
      </Modal>
      <Modal
        open={dialogo?.tipo === 'ENVIAR'}
        onClose={() => setDialogo(null)}
        title="Marcar la muestra como enviada"
        size="max-w-md"
      >
        {dialogo?.tipo === 'ENVIAR' && (
          <EnviarForm
            onSubmit={async (transportista, numeroGuia, imagen) => {
              await run(dialogo.muestra, { accion: 'ENVIAR', transportista, numeroGuia, imagen });
              setDialogo(null);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

/** The boxes of samples still to ship: each lot answered on its own, the box shipped once (decision 070). */
function CajasPorEnviar({
  pending,
  onAceptar,
  onRechazar,
  onEnviar,
}: {
  pending: boolean;
  onAceptar: (m: Muestra) => void;
  onRechazar: (m: Muestra) => void;
  onEnviar: (c: CajaMuestras) => void;
}) {
  const { data } = useCajasEnviadas();
  const abiertas = (data ?? []).filter(
    (c) => !c.enviadaAt && c.muestras.some((m) => m.estado === 'SOLICITADA' || m.estado === 'ACEPTADA'),
  );
  if (!abiertas.length) return null;
  return (
    <section aria-labelledby="cajas-por-enviar" className="space-y-3">
      <h2 id="cajas-por-enviar" className="text-lg font-semibold">
        Cajas de muestras por enviar ({abiertas.length})
      </h2>
      <ul className="space-y-3">
        {abiertas.map((c) => (
          <li key={c.id} className="space-y-2">
            <CajaResumen
              caja={c}
              titulo={`${c.comprador}: ${c.muestras.length === 1 ? '1 lote' : `${c.muestras.length} lotes`}`}
            />
            <div className="flex flex-wrap gap-2">
              {c.muestras
                .filter((m) => m.acciones.includes('ACEPTAR'))
                .map((m) => (
                  <span key={m.id} className="flex flex-wrap gap-2">
                    <button type="button" className="btn-secondary" disabled={pending} onClick={() => onAceptar(m)}>
                      Aceptar {m.lote.nombre}
                    </button>
                    <button type="button" className="btn-ghost" onClick={() => onRechazar(m)}>
                      Rechazar {m.lote.nombre}
                    </button>
                  </span>
                ))}
              {c.puedeEnviar ? (
                <button type="button" className="btn-primary" onClick={() => onEnviar(c)}>
                  Enviar la caja
                </button>
              ) : (
                <p className="text-sm text-gray-700 dark:text-gray-300">
                  Acepta o rechaza cada lote; luego envía juntos los aceptados.
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SolicitudItem({
  muestra: m,
  abierta,
  pending,
  onAceptar,
  onRechazar,
  onEnviar,
  mensajes,
}: {
  muestra: Muestra;
  abierta: boolean;
  pending: boolean;
  onAceptar: () => void;
  onRechazar: () => void;
  onEnviar: () => void;
  /** The sample's "Mensajes" button. */
  mensajes?: ReactNode;
}) {
  const [open, setOpen] = useState(abierta);
  // A notification's link (?muestra=id) opens its sample, also when the page is already showing.
  useEffect(() => {
    if (abierta) setOpen(true);
  }, [abierta]);
  const detalle = useMuestraDetalle(open ? m.id : null);
  const d = m.direccionEnvio;
  return (
    <li className="card p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h3 className="font-semibold">
            {m.comprador.empresa ?? m.comprador.nombre} · {m.lote.nombre}
            <LoteRetiradoBadge retirado={m.lote.retirado} />
          </h3>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {m.lote.codigo} · {m.gramos} g · {precioMuestra(m)} · pedida el {formatDate(m.createdAt)}
            {m.estado === 'SOLICITADA' && m.venceAt && ` · responde antes del ${formatDate(m.venceAt)}`}
          </p>
          {m.pedido && (
            <p className="text-sm">
              Muestra de preembarque del pedido{' '}
              <Link to={PAGINAS.productor.ventasPedidos(m.pedido.id)} className="underline">
                {m.pedido.numero}
              </Link>
            </p>
          )}
        </div>
        <EstadoBadge estado={m.estado} />
      </div>
      {m.mensaje && <p className="mt-2 text-sm italic">«{m.mensaje}»</p>}
      {(m.estado === 'SOLICITADA' || m.estado === 'ACEPTADA') && (
        <address className="mt-2 text-sm not-italic text-gray-700 dark:text-gray-300">
          Enviar a: {d.nombre}
          {d.empresa ? `, ${d.empresa}` : ''}, {d.linea1}, {d.codigoPostal} {d.ciudad}, {paisName(d.pais)}
          {d.telefono ? ` · ${d.telefono}` : ''}
        </address>
      )}
      {m.cajaId && m.estado === 'ACEPTADA' && (
        <p className="mt-2 text-sm">En una caja de muestras: se envía con la caja, arriba.</p>
      )}
      {m.transportista && (
        <p className="mt-2 text-sm">
          {m.transportista}, guía {m.numeroGuia}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {m.acciones.includes('ACEPTAR') && (
          <button type="button" className="btn-primary" disabled={pending} onClick={onAceptar}>
            Aceptar
          </button>
        )}
        {m.acciones.includes('RECHAZAR') && (
          <button type="button" className="btn-secondary" onClick={onRechazar}>
            Rechazar
          </button>
        )}
        {m.acciones.includes('ENVIAR') && (
          <button type="button" className="btn-primary" onClick={onEnviar}>
            Marcar como enviada
          </button>
        )}
        {mensajes}
        <button type="button" className="btn-ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Ocultar historial' : m.estado === 'CATADA' ? 'Ver ficha de cata' : 'Ver historial'}
        </button>
      </div>
      {open && detalle.data && (
        <div className="mt-3 space-y-3">
          <Timeline eventos={detalle.data.eventos} />
          {detalle.data.cata && (
            <CataSheet cata={detalle.data.cata} autor={m.comprador.empresa ?? m.comprador.nombre} />
          )}
        </div>
      )}
    </li>
  );
}

// The producer's reason for refusing a request: RECHAZAR's field and message in the contract.
const RechazoSchema = memberOf(MuestraAccionSchema, 'RECHAZAR').pick({ motivo: true });
const rechazoForm = formOf(RechazoSchema);
const rechazoResolver = rechazoForm.resolver;
type Rechazo = z.output<typeof RechazoSchema>;

function RechazarForm({ onSubmit }: { onSubmit: (motivo: string) => Promise<void> }) {
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    formState: { errors },
  } = useForm<FormOf<Rechazo>, unknown, Rechazo>({ defaultValues: rechazoForm.defaults(), resolver: rechazoResolver });
  const submit = handleSubmit(async ({ motivo }) => {
    setError(null);
    try {
      await onSubmit(motivo);
    } catch (err) {
      // The refusal names the field and puts the focus on it (issue 32); any other error says what happened.
      if (!showFieldErrors(err, rechazoForm.paths, setFieldError)) setError(errorMessage(err));
    }
  });
  const motivoError = errors.motivo?.message;
  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <Field id="motivo-rechazo" label="Motivo" required error={motivoError}>
        <textarea
          className="input w-full"
          rows={3}
          maxLength={500}
          {...fieldProps('motivo-rechazo', motivoError)}
          {...register('motivo')}
        />
      </Field>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary">
        Rechazar solicitud
      </button>
    </form>
  );
}

/** "Catas recibidas": what buyers found in the producer's coffees (docs/product.md §10–11). */
export function CatasRecibidasView({ loteId }: { loteId?: string }) {
  const { data } = useCatasRecibidas(loteId);
  if (!data) return null;
  return (
    <section aria-labelledby="catas-recibidas" className="space-y-3">
      <h2 id="catas-recibidas" className="text-lg font-semibold">
        Catas recibidas
      </h2>
      {data.catas.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">
          Cuando un comprador cate una de tus muestras, aquí verás su ficha, sus descriptores y la media de cada
          atributo.
        </p>
      ) : (
        <>
          <div className="grid gap-4 md:grid-cols-2">
            <div className="card p-4">
              <RadarChart
                title="Media de cada atributo"
                min={6}
                max={10}
                axes={ATRIBUTOS_SCA.map((a) => ({ label: ATRIBUTO_LABELS[a], value: data.promedios[a] ?? 6 }))}
              />
            </div>
            <div className="card space-y-3 p-4">
              <h3 className="font-medium">Distribución de puntajes ({data.puntajes.length})</h3>
              <Distribucion puntajes={data.puntajes} />
              {data.notas.length > 0 && (
                <>
                  <h3 className="font-medium">Descriptores encontrados</h3>
                  <ul className="flex flex-wrap gap-1">
                    {data.notas.map((n) => (
                      <li key={n.nota} className="rounded-full bg-gray-100 px-2 py-0.5 text-sm dark:bg-gray-800">
                        {n.nota} {n.veces > 1 && <span className="tabular-nums">×{n.veces}</span>}
                      </li>
                    ))}
                  </ul>
                </>
              )}
            </div>
          </div>
          <ul className="space-y-3">
            {data.catas.map((c) => (
              <li key={c.id}>
                <CataSheet cata={c} autor={c.comprador} />
                <Link to={`/lote/${c.loteId}`} className="text-sm underline">
                  Ver el lote
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
