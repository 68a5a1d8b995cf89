import { useEffect, useState } from 'react';
import { EudrDelPedido } from './eudr-pedido';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import {
  BOTON_ACCION_PEDIDO,
  ESTADOS_PEDIDO,
  ESTADO_PEDIDO_LABELS,
  siguientePaso,
  type AccionPedido,
  type EstadoPedido,
  type CobroPedido,
  type Pedido,
  ResenaInputSchema,
} from '../../../contract/pedidos';
import { errorMessage } from '../../lib/api';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { formatDate, formatDateTime, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { toast } from '../../lib/toast';
import { ReclamoDelPedido } from './reclamo';
import { AccionForm } from './accion-pedido';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, FieldError, FormAlert, fieldProps } from '../../components/ui/field';
import { Modal } from '../../components/ui/modal';
import { TIPO_FACTURA_LABELS, type Factura } from '../../../contract/facturas';
import { DownloadPdf, EstadoFactura } from '../../components/factura-parts';
import { downloadDocumento, usePedidoDetalle, usePedidos, useResenar, type RolPedido } from './api';
import { EstadoPagoBadge, EstadoPedidoBadge, ReclamoPedido, TerminosPedido, TimelinePedido, dinero } from './parts';
import { LoteRetiradoBadge } from '../../components/ui/lote-retirado';
import { PAGINAS, paginaMuestra } from '../../../contract/paginas';

const SECUNDARIAS: AccionPedido[] = ['CANCELAR', 'PEDIR_CANCELACION', 'RECHAZAR_PSS', 'ABRIR_RECLAMO'];
/**
 * The orders of one side: the buyer's /Dashboard/comprador/pedidos and the producer's ventas/pedidos. Each order
 * shows its state, payment, next step and deadline; opened, its timeline, frozen terms, documents, PSS and
 * reviews, and only the actions the table allows the viewer.
 */
export function PedidosLista({ rol, titulo }: { rol: RolPedido; titulo: string }) {
  const [params, setParams] = useSearchParams();
  const estado = (ESTADOS_PEDIDO as readonly string[]).includes(params.get('estado') ?? '')
    ? (params.get('estado') as EstadoPedido)
    : undefined;
  const abierto = params.get('pedido');
  const { data, isPending, isError, error, refetch } = usePedidos(rol, estado);
  const [accion, setAccion] = useState<{ pedido: Pedido; accion: AccionPedido } | null>(null);

  const setFiltro = (v: string) => {
    const next = new URLSearchParams(params);
    if (v) next.set('estado', v);
    else next.delete('estado');
    setParams(next, { replace: true });
  };

  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold">{titulo}</h1>
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor="filtro-estado-pedido" className="text-sm font-medium">
          Estado
        </label>
        <select
          id="filtro-estado-pedido"
          className="input w-auto"
          value={estado ?? ''}
          onChange={(e) => setFiltro(e.target.value)}
        >
          <option value="">Todos</option>
          {ESTADOS_PEDIDO.map((e) => (
            <option key={e} value={e}>
              {ESTADO_PEDIDO_LABELS[e]}
            </option>
          ))}
        </select>
      </div>
      {isPending && <div className="card h-40 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {data && data.pedidos.length === 0 && (
        <p className="card p-6 text-gray-700 dark:text-gray-300">
          {estado
            ? 'No tienes pedidos en este estado.'
            : rol === 'comprador'
              ? 'Todavía no has comprado café. '
              : 'Todavía no has recibido pedidos.'}
          {!estado && rol === 'comprador' && (
            <Link to="/lotes" className="underline">
              Busca lotes en el catálogo.
            </Link>
          )}
        </p>
      )}
      <ul className="space-y-3">
        {data?.pedidos.map((p) => (
          <PedidoItem
            key={p.id}
            pedido={p}
            abierto={abierto === p.id}
            onAccion={(a) => setAccion({ pedido: p, accion: a })}
          />
        ))}
      </ul>
      <Modal
        open={!!accion}
        onClose={() => setAccion(null)}
        title={accion ? `${BOTON_ACCION_PEDIDO[accion.accion]} · ${accion.pedido.numero}` : ''}
        size="max-w-lg"
      >
        {accion && <AccionForm pedido={accion.pedido} accion={accion.accion} onDone={() => setAccion(null)} />}
      </Modal>
    </div>
  );
}

function PedidoItem({
  pedido: p,
  abierto,
  onAccion,
}: {
  pedido: Pedido;
  abierto: boolean;
  onAccion: (a: AccionPedido) => void;
}) {
  const [open, setOpen] = useState(abierto);
  // A notification's link (?pedido=id) opens its order, also when the page is already showing.
  useEffect(() => {
    if (abierto) setOpen(true);
  }, [abierto]);
  const paso = siguientePaso(p.estado, p.rol, p.condicionMuestra);
  const otraParte = p.rol === 'comprador' ? p.productor.nombre : (p.comprador.empresa ?? p.comprador.nombre);

  return (
    <li className="card p-4" data-testid={`pedido-${p.numero}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 className="font-semibold">
            <span className="tabular-nums">{p.numero}</span> ·{' '}
            <Link to={`/lote/${p.lote.id}`} className="hover:underline">
              {p.lote.nombre}
            </Link>
            <LoteRetiradoBadge retirado={p.lote.retirado} />
          </h2>
          <p className="text-sm text-gray-600 dark:text-gray-400">
            {otraParte} · {contar(p.sacos, 'saco')} ({formatNumber(p.kg, 0, 3)} kg) ·{' '}
            {dinero(p.totalCentavos, p.moneda)} · {formatDate(p.createdAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <EstadoPedidoBadge estado={p.estado} />
          <EstadoPagoBadge estado={p.estadoPago} />
        </div>
      </div>
      {paso && (
        <p className="mt-2 text-sm">
          <span className="font-medium">Siguiente paso:</span> {paso}
          {p.venceAt && <> · hasta el {formatDateTime(p.venceAt)}</>}
        </p>
      )}
      {p.faltaDatosComprador.length > 0 && (
        <p
          className="mt-2 rounded bg-amber-50 p-2 text-sm text-amber-900 dark:bg-amber-900/30 dark:text-amber-100"
          role="note"
        >
          {p.rol === 'productor' ? (
            <>
              <span className="font-medium">Esperando datos del comprador:</span> el contrato necesita{' '}
              {p.faltaDatosComprador.join(', ')} del comprador. Se lo hemos avisado; podrás confirmar cuando los
              complete.
            </>
          ) : (
            <>
              <span className="font-medium">El productor no puede confirmar todavía:</span> a tu información comercial
              le falta {p.faltaDatosComprador.join(', ')}.{' '}
              <Link to={PAGINAS.comprador.informacionComercial} className="underline">
                Completar la información comercial
              </Link>
            </>
          )}
        </p>
      )}
      {p.cancelacionPedidaPor && (
        <p className="mt-2 text-sm" role="note">
          {p.cancelacionPedidaPor === p.rol
            ? 'Propusiste cancelar este pedido; falta que la otra parte lo acepte.'
            : 'La otra parte propone cancelar este pedido. Si estás de acuerdo, cancélalo.'}
        </p>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        {p.acciones.map((a) => (
          <button
            key={a}
            type="button"
            className={SECUNDARIAS.includes(a) ? 'btn-secondary' : 'btn-primary'}
            onClick={() => onAccion(a)}
          >
            {BOTON_ACCION_PEDIDO[a]}
          </button>
        ))}
        <button type="button" className="btn-ghost" aria-expanded={open} onClick={() => setOpen((v) => !v)}>
          {open ? 'Ocultar detalle' : 'Ver detalle'}
        </button>
      </div>
      {open && <PedidoDetalleView id={p.id} />}
    </li>
  );
}

function PedidoDetalleView({ id }: { id: string }) {
  const { data, isPending, isError, error, refetch } = usePedidoDetalle(id);
  if (isPending) return <div className="mt-3 h-24 animate-pulse rounded bg-gray-100 dark:bg-gray-800" aria-hidden />;
  if (isError) return <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />;
  const { pedido: p, eventos, documentos, facturas, resenas, pss, reclamo, cobro } = data;
  return (
    <div className="mt-4 grid grid-cols-1 gap-4 break-words md:grid-cols-2">
      <section aria-label="Términos del contrato">
        <h3 className="mb-2 font-semibold">Términos</h3>
        <TerminosPedido pedido={p} />
      </section>
      <section aria-label="Historial">
        <h3 className="mb-2 font-semibold">Historial</h3>
        <TimelinePedido eventos={eventos} moneda={p.moneda} />
      </section>
      {cobro && !['RESERVADO', 'CANCELADO', 'EXPIRADO'].includes(p.estado) && (
        <CobroDelPedido pedido={p} cobro={cobro} />
      )}
      <ReclamoPedido pedido={p} />
      <EudrDelPedido pedido={p} />
      <section aria-label="Documentos">
        <h3 className="mb-2 font-semibold">Documentos</h3>
        {documentos.length === 0 ? (
          <p className="text-sm text-gray-600 dark:text-gray-400">
            El contrato aparecerá aquí cuando el productor confirme el pedido.
          </p>
        ) : (
          <ul className="space-y-1 text-sm">
            {documentos.map((d) => (
              <li key={d.id}>
                <button
                  type="button"
                  className="underline"
                  onClick={() => void downloadDocumento(d).catch((err: unknown) => toast.error(errorMessage(err)))}
                >
                  {d.nombre}
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {reclamo && <ReclamoDelPedido pedido={p} reclamo={reclamo} />}
      {p.embarcadoAt && <FacturasDelPedido facturas={facturas} />}
      {pss && (
        <section aria-label="Muestra de preembarque">
          <h3 className="mb-2 font-semibold">Muestra de preembarque</h3>
          <p className="text-sm">
            {pss.puntajeTotal != null
              ? `Catada: ${formatNumber(pss.puntajeTotal, 2, 2)} puntos. `
              : 'Cuando llegue, márcala como recibida y cátala desde tus muestras. '}
            <Link className="underline" to={paginaMuestra(p.rol, pss.id)}>
              Ver la muestra
            </Link>
          </p>
        </section>
      )}
      {(resenas.length > 0 || p.puedeResenar) && (
        <section aria-label="Valoraciones" className="md:col-span-2">
          <h3 className="mb-2 font-semibold">Valoraciones</h3>
          <ul className="space-y-1 text-sm">
            {resenas.map((r) => (
              <li key={r.id}>
                {r.autorRol === p.rol ? 'Tu valoración' : `Valoración del ${r.autorRol}`}: {r.puntuacion} de 5
                {r.comentario && <> · «{r.comentario}»</>}
                {!r.publicada && ' (se publicará cuando la otra parte escriba la suya o en 14 días)'}
              </li>
            ))}
          </ul>
          {p.puedeResenar && <ResenaForm pedido={p} />}
        </section>
      )}
    </div>
  );
}

const resenaForm = formOf(ResenaInputSchema);
type Resena = z.output<typeof ResenaInputSchema>;

function ResenaForm({ pedido }: { pedido: Pedido }) {
  const form = useForm<FormOf<Resena>, unknown, Resena>({
    defaultValues: resenaForm.defaults(),
    resolver: resenaForm.resolver,
  });
  const {
    register,
    formState: { errors },
  } = form;
  const resenar = useResenar();
  const otra = pedido.rol === 'comprador' ? 'al productor' : 'al comprador';
  const { submit, alert: error } = useFormSubmit(form, resenaForm.paths, async (body) =>
    toast.success((await resenar.mutateAsync({ id: pedido.id, body })).message),
  );
  const estrellas = `estrellas-${pedido.id}`;
  const puntuacionError = errors.puntuacion?.message;
  const comentarioError = errors.comentario?.message;
  return (
    <form onSubmit={submit} className="mt-3 space-y-3" noValidate>
      <fieldset aria-describedby={puntuacionError ? `${estrellas}-error` : undefined}>
        <legend className="text-sm font-medium">Valora {otra}</legend>
        <div className="mt-1 flex flex-wrap gap-3">
          {[1, 2, 3, 4, 5].map((n) => (
            <label key={n} className="flex items-center gap-1 text-sm">
              <input type="radio" value={String(n)} {...register('puntuacion')} />
              {n} {n === 1 ? 'estrella' : 'estrellas'}
            </label>
          ))}
        </div>
        <FieldError id={estrellas} error={puntuacionError} />
      </fieldset>
      <Field id={`resena-${pedido.id}`} label="Comentario" error={comentarioError}>
        <textarea
          className="input w-full"
          rows={3}
          maxLength={1000}
          {...fieldProps(`resena-${pedido.id}`, comentarioError)}
          {...register('comentario')}
        />
      </Field>
      <FormAlert message={error} />
      <button type="submit" className="btn-primary" disabled={resenar.isPending}>
        Enviar valoración
      </button>
    </form>
  );
}

/**
 * An order paid through Cereza (issue 29): the buyer reads where to transfer, how much is still due, by when, and
 * the reference to write; a banking app scans the EPC QR code. The producer reads what has arrived.
 */
function CobroDelPedido({ pedido: p, cobro: c }: { pedido: Pedido; cobro: CobroPedido }) {
  const pagado = p.estadoPago === 'PAGADO';
  return (
    <section aria-label="Pago a través de Cereza" className="md:col-span-2">
      <h3 className="mb-2 font-semibold">Pago a través de Cereza</h3>
      <div className="flex flex-wrap gap-4">
        <dl className="grid min-w-0 flex-1 grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-gray-700 dark:text-gray-300">Estado</dt>
          <dd data-testid="cobro-estado">
            {pagado
              ? 'Pagado: Cereza recibió la transferencia.'
              : c.pagadoCentavos > 0
                ? `Pago parcial: quedan ${dinero(c.pendienteCentavos, c.moneda)}.`
                : p.estadoPago === 'VENCIDO'
                  ? 'Pago vencido.'
                  : 'Pendiente de pago.'}
          </dd>
          {p.rol === 'comprador' && !pagado && (
            <>
              <dt className="text-gray-700 dark:text-gray-300">Importe a transferir</dt>
              <dd className="font-semibold tabular-nums">{dinero(c.pendienteCentavos, c.moneda)}</dd>
              <dt className="text-gray-700 dark:text-gray-300">Beneficiario</dt>
              <dd>{c.titular}</dd>
              <dt className="text-gray-700 dark:text-gray-300">IBAN</dt>
              <dd className="font-mono">{c.iban.replace(/(.{4})(?=.)/g, '$1 ')}</dd>
              <dt className="text-gray-700 dark:text-gray-300">BIC</dt>
              <dd className="font-mono">{c.bic}</dd>
              <dt className="text-gray-700 dark:text-gray-300">Referencia (obligatoria)</dt>
              <dd className="font-mono" data-testid="cobro-referencia">
                {c.referencia.replace(/(.{4})(?=.)/g, '$1 ')}
              </dd>
              {c.vencimiento && (
                <>
                  <dt className="text-gray-700 dark:text-gray-300">Vence</dt>
                  <dd>{new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(new Date(c.vencimiento))}</dd>
                </>
              )}
            </>
          )}
          <dt className="text-gray-700 dark:text-gray-300">Recibido</dt>
          <dd className="tabular-nums">
            {dinero(c.pagadoCentavos, c.moneda)} de {dinero(c.totalCentavos, c.moneda)}
            {c.excesoCentavos > 0 && ` (y ${dinero(c.excesoCentavos, c.moneda)} de más, que Cereza te devolverá)`}
          </dd>
        </dl>
        {p.rol === 'comprador' && !pagado && c.qrSvg && (
          <figure className="text-center text-xs">
            <img
              src={c.qrSvg}
              width={160}
              height={160}
              className="rounded bg-white p-1"
              alt={`Código QR de transferencia SEPA: ${dinero(c.pendienteCentavos, c.moneda)} a ${c.titular}, referencia ${c.referencia}`}
            />
            <figcaption className="mt-1 max-w-40">Escanéalo con la app de tu banco.</figcaption>
          </figure>
        )}
      </div>
      {c.transferencias.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {c.transferencias.map((t, i) => (
            <li key={i}>
              Transferencia del {t.fecha ?? '—'}
              {t.ordenante ? ` de ${t.ordenante}` : ''}: {dinero(t.importeCentavos, c.moneda)}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** The invoices the order's shipment (and a claim's discount) issued, as the viewer sees them: his side only. */
function FacturasDelPedido({ facturas }: { facturas: Factura[] }) {
  return (
    <section aria-label="Facturas del pedido">
      <h3 className="mb-2 font-semibold">Facturas</h3>
      {facturas.length === 0 ? (
        <p className="text-sm text-gray-600 dark:text-gray-400">Este pedido no tiene facturas a tu nombre.</p>
      ) : (
        <ul className="space-y-2 text-sm">
          {facturas.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-2">
              <span>
                {TIPO_FACTURA_LABELS[f.tipo]} {f.numero} · {dinero(f.totalCentavos, f.moneda)}
              </span>
              <EstadoFactura estado={f.estado} />
              <DownloadPdf factura={f} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
