import {
  ACCION_PEDIDO_LABELS,
  CONDICION_MUESTRA_LABELS,
  CONDICION_PAGO_LABELS,
  ESTADO_PAGO_LABELS,
  ESTADO_PEDIDO_LABELS,
  PLAZOS_PEDIDO,
  VIA_COBRO_LABELS,
  desgloseTotal,
  type EstadoPago,
  type EstadoPedido,
  type EventoPedido,
  type Pedido,
  textoResolucion,
} from '../../../contract/pedidos';
import { LOTE_RETIRADO_LABEL } from '../../../contract/lotes-codes';
import { formatDate, formatMoney, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';
import { EventTimeline, TimelineDetail } from '../../components/event-timeline';

const GRIS = 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100';
const TONO: Record<EstadoPedido, string> = {
  RESERVADO: 'bg-amber-100 text-amber-900 dark:bg-amber-900/40 dark:text-amber-100',
  CONFIRMADO: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  PSS_ENVIADA: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  PSS_APROBADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900/40 dark:text-sky-100',
  PSS_RECHAZADA: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  EMBARCADO: 'bg-indigo-100 text-indigo-900 dark:bg-indigo-900/40 dark:text-indigo-100',
  ENTREGADO: 'bg-violet-100 text-violet-900 dark:bg-violet-900/40 dark:text-violet-100',
  EN_RECLAMO: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
  COMPLETADO: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  CANCELADO: GRIS,
  EXPIRADO: GRIS,
};
const TONO_PAGO: Record<EstadoPago, string> = {
  PENDIENTE: 'border border-gray-300 text-gray-700 dark:border-gray-600 dark:text-gray-300',
  PAGADO: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900/40 dark:text-emerald-100',
  VENCIDO: 'bg-red-100 text-red-900 dark:bg-red-900/40 dark:text-red-100',
};

export function EstadoPedidoBadge({ estado }: { estado: EstadoPedido }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONO[estado]}`}>
      {ESTADO_PEDIDO_LABELS[estado]}
    </span>
  );
}

export function EstadoPagoBadge({ estado }: { estado: EstadoPago }) {
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONO_PAGO[estado]}`}>
      {ESTADO_PAGO_LABELS[estado]}
    </span>
  );
}

/** Minor units to the money text: 194250, USD → "1.942,50 USD". */
export const dinero = (centavos: number, moneda: string) => formatMoney(centavos / 100, moneda);

const ACTOR: Record<EventoPedido['actor'], string> = {
  comprador: 'comprador',
  productor: 'productor',
  sistema: 'Cereza (plazo)',
  operador: 'Cereza (operador)',
};

const RESOLUCION_EVENTO: Record<string, string> = {
  SIN_CAMBIO: 'Resolución: sin cambios',
  DESCUENTO: 'Resolución: descuento',
  CANCELACION: 'Resolución: cancelación del pedido',
};

/** The order's timeline: one line per event row. */
export function TimelinePedido({ eventos, moneda }: { eventos: EventoPedido[]; moneda: string }) {
  return (
    <EventTimeline
      eventos={eventos}
      label="Historial del pedido"
      acciones={ACCION_PEDIDO_LABELS}
      actores={ACTOR}
      extra={(e) => (
        <>
          {typeof e.datos.naviera === 'string' && (
            <TimelineDetail>
              {e.datos.naviera}, contenedor {String(e.datos.contenedor ?? '')}, BL{' '}
              {String(e.datos.conocimientoEmbarque ?? '')}
            </TimelineDetail>
          )}
          {typeof e.datos.resolucion === 'string' && RESOLUCION_EVENTO[e.datos.resolucion] && (
            <TimelineDetail>
              {RESOLUCION_EVENTO[e.datos.resolucion]}
              {typeof e.datos.descuentoCentavos === 'number' && e.datos.descuentoCentavos > 0
                ? ` de ${dinero(e.datos.descuentoCentavos, moneda)}`
                : ''}
            </TimelineDetail>
          )}
        </>
      )}
    />
  );
}

/** The buyer's claim and, once Cereza's operator resolved it, the resolution (both parties see the same). */
export function ReclamoPedido({ pedido: p }: { pedido: Pedido }) {
  const r = p.terminos.resolucionReclamo;
  if (!p.motivoReclamo && !r) return null;
  return (
    <section aria-label="Reclamo" className="md:col-span-2">
      <h3 className="mb-2 font-semibold">Reclamo</h3>
      {p.motivoReclamo && <p className="text-sm">Motivo del comprador: {p.motivoReclamo}</p>}
      {r ? (
        <div
          role="status"
          className="mt-2 rounded border border-gray-300 p-3 text-sm dark:border-gray-600"
          data-testid="resolucion-reclamo"
        >
          <p className="font-medium">Resuelto por Cereza el {formatDate(r.resueltaAt)}</p>
          <p>{textoResolucion(r, p.moneda, p.totalCentavos, dinero)}</p>
        </div>
      ) : (
        <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">
          Un operador de Cereza revisa el reclamo con ambas partes.
        </p>
      )}
    </section>
  );
}

/** The frozen terms, as the contract states them. */
export function TerminosPedido({ pedido: p }: { pedido: Pedido }) {
  const filas: [string, string][] = [
    // A retired lot (docs/decisions/046) is out of the catalogue for good; the contract on it stands.
    ['Lote', `${p.lote.nombre} (${p.lote.codigo})${p.lote.retirado ? ` · ${LOTE_RETIRADO_LABEL}` : ''}`],
    [
      'Cantidad',
      `${contar(p.sacos, 'saco')} de ${formatNumber(p.pesoSacoKg, 0, 1)} kg (${formatNumber(p.kg, 0, 3)} kg)`,
    ],
    ['Precio', `${dinero(p.precioKgCentavos, p.moneda)}/kg`],
    ['Total', dinero(p.totalCentavos, p.moneda)],
    ['Comisión de Cereza (incluida en el total)', dinero(desgloseTotal(p).comisionCentavos, p.moneda)],
    ...(p.terminos.resolucionReclamo?.descuentoCentavos
      ? ([
          ['Descuento por reclamo', `− ${dinero(p.terminos.resolucionReclamo.descuentoCentavos, p.moneda)}`],
          ['Importe a pagar', dinero(p.totalCentavos - p.terminos.resolucionReclamo.descuentoCentavos, p.moneda)],
        ] as [string, string][])
      : []),
    ['Incoterm y lugar', `${p.incoterm} ${p.lugarEntrega}`],
    ['Condición de pago', CONDICION_PAGO_LABELS[p.condicionPago]],
    ['Forma de pago', VIA_COBRO_LABELS[p.cobro]],
    ['Muestra de preembarque', CONDICION_MUESTRA_LABELS[p.condicionMuestra]],
    ['Ventana de embarque', p.ventanaEmbarque ?? 'Según disponibilidad del lote'],
    ['Plazo de reclamo', `${contar(PLAZOS_PEDIDO.reclamoDias, 'día')} desde la entrega`],
  ];
  if (p.desglosePrecio) {
    filas.splice(
      2,
      0,
      ['Precio en finca', `${dinero(p.desglosePrecio.precioFincaCentavos, p.moneda)}/kg`],
      ['Costos de exportación', `${dinero(p.desglosePrecio.costosExportacionCentavos, p.moneda)}/kg`],
      ['Comisión de Cereza', `${dinero(p.desglosePrecio.comisionPlataformaCentavos, p.moneda)}/kg`],
    );
  }
  if (p.naviera) {
    filas.push(
      ['Naviera y contenedor', `${p.naviera} · ${p.contenedor ?? ''}`],
      ['Conocimiento de embarque', p.conocimientoEmbarque ?? ''],
      ['Salida y llegada', `${p.etd ? formatDate(p.etd) : '—'} → ${p.eta ? formatDate(p.eta) : '—'}`],
    );
  }
  if (p.reclamoHasta && p.estado === 'ENTREGADO') filas.push(['Reclamos hasta', formatDate(p.reclamoHasta)]);
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
      {filas.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-gray-600 dark:text-gray-400">{k}</dt>
          <dd className="mb-1 sm:mb-0">{v}</dd>
        </div>
      ))}
    </dl>
  );
}
