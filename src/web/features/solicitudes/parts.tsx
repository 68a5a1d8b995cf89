import {
  ESTADO_RESPUESTA_LABELS,
  ESTADO_SOLICITUD_LABELS,
  type EstadoRespuesta,
  type EstadoSolicitud,
  type Solicitud,
} from '../../../contract/solicitudes';
import { PROCESO_LABELS, type Proceso } from '../../../contract/lotes-codes';
import { paisName } from '../../lib/catalogo-lotes';
import { formatDate, formatKg, formatMesYear, formatMoney, formatNumber } from '../../lib/format';
import { contar } from '../../lib/palabras';

const TONO: Record<string, string> = {
  BORRADOR: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  ABIERTA: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  CERRADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  CANCELADA: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  EXPIRADA: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  ENVIADA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  PRESELECCIONADA: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  ACEPTADA: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  DESCARTADA: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  RETIRADA: 'bg-gray-200 text-gray-800 dark:bg-gray-700 dark:text-gray-100',
  NO_ELEGIDA: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
};

export function EstadoBadge({ estado }: { estado: EstadoSolicitud | EstadoRespuesta }) {
  const label =
    (ESTADO_SOLICITUD_LABELS as Record<string, string>)[estado] ??
    (ESTADO_RESPUESTA_LABELS as Record<string, string>)[estado];
  return (
    <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${TONO[estado] ?? ''}`}>
      {label}
    </span>
  );
}

export const centavos = (c: number, moneda: string) => formatMoney(c / 100, moneda);
export const procesoLabel = (p: string) => PROCESO_LABELS[p as Proceso] ?? p;

/** What a request asks for, in one block (both sides read it). */
export function SolicitudResumen({ s }: { s: Solicitud }) {
  const precio =
    s.precioMinCentavos != null || s.precioMaxCentavos != null
      ? `${s.precioMinCentavos != null ? centavos(s.precioMinCentavos, s.moneda) : '—'} a ${
          s.precioMaxCentavos != null ? centavos(s.precioMaxCentavos, s.moneda) : '—'
        } por kg`
      : 'A convenir';
  const filas: [string, string][] = [
    ['Orígenes', s.origenes.map(paisName).join(', ')],
    ['Procesos', s.procesos.length ? s.procesos.map(procesoLabel).join(', ') : 'Cualquiera'],
    [
      'Puntaje',
      s.puntajeMin != null || s.puntajeMax != null
        ? `${s.puntajeMin != null ? formatNumber(s.puntajeMin, 0, 2) : '—'} a ${s.puntajeMax != null ? formatNumber(s.puntajeMax, 0, 2) : '—'}`
        : 'Sin mínimo',
    ],
    ['Volumen', `${contar(s.sacos, 'saco')} × ${s.pesoSacoKg} kg (${formatKg(s.sacos * s.pesoSacoKg)})`],
    ['Precio', `${precio}, ${s.incoterm}${s.lugarEntrega ? ` ${s.lugarEntrega}` : ''}`],
    [
      'Entrega',
      s.entregaDesde || s.entregaHasta
        ? `${s.entregaDesde ? formatMesYear(s.entregaDesde) : '—'} a ${s.entregaHasta ? formatMesYear(s.entregaHasta) : '—'}`
        : 'A convenir',
    ],
    ['Cierra', formatDate(s.cierraAt)],
  ];
  if (s.variedades.length) filas.push(['Variedades', s.variedades.join(', ')]);
  if (s.notasCata.length) filas.push(['Notas buscadas', s.notasCata.join(', ')]);
  if (s.certificaciones.length) filas.push(['Certificaciones', s.certificaciones.join(', ')]);
  if (s.preparacion) filas.push(['Preparación', s.preparacion]);
  return (
    <div className="space-y-2">
      {s.descripcion && <p className="text-sm text-gray-700 dark:text-gray-300">{s.descripcion}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {filas.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-600 dark:text-gray-400">{k}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
