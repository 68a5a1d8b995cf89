import { useState } from 'react';
import { Link } from 'react-router';
import { ESTADO_PAGO_PRODUCTOR_LABELS } from '../../../contract/liquidaciones';
import { formatoImporte } from '../../../contract/facturas-calculo';
import { API_LIQUIDACIONES as API } from '../../../contract/liquidaciones-paths';
import { ErrorRetry } from '../../components/ui/error-retry';
import { PageLoading } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { download } from '../../lib/download';
import { formatDate } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCobrosYLiquidaciones } from './api';
import { PAGINAS } from '../../../contract/paginas';

const th = 'px-2 py-2 font-semibold';
const td = 'px-2 py-2 align-top border-b border-gray-100 dark:border-gray-800';

/**
 * "Cobros y liquidaciones" (informacion/movimientos): what Cereza owes the producer per currency (orders it
 * collected, net of its commission), what is on its way, and each payout with its statement (PDF).
 */
export function CobrosYLiquidaciones({ pedidoHref }: { pedidoHref: (id: string) => string }) {
  const q = useCobrosYLiquidaciones();
  const [bajando, setBajando] = useState<string | null>(null);
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <ErrorRetry message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const { saldos, pendientes, pagos, cuentaEnVigor } = q.data;
  const m = formatoImporte;

  const extracto = async (id: string, e2e: string) => {
    setBajando(id);
    try {
      await download(API.liquidacionPdf(id), `liquidacion-${e2e}.pdf`);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBajando(null);
    }
  };

  return (
    <section aria-labelledby="cobros-titulo" className="space-y-4">
      <h2 id="cobros-titulo" className="text-xl font-semibold">
        Cobros y liquidaciones
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Cuando el comprador paga a Cereza, te debemos el total de la venta menos la factura de comisión de Cereza. Lo
        transferimos a tu cuenta de cobro en la siguiente remesa.
      </p>
      <div className="flex flex-wrap gap-3">
        {saldos.length === 0 ? (
          <p className="card p-4 text-sm">No tienes importes pendientes de liquidar.</p>
        ) : (
          saldos.map((s) => (
            <div key={s.moneda} className="card p-4">
              <p className="text-sm text-gray-700 dark:text-gray-300">Pendiente de liquidar ({s.moneda})</p>
              <p className="text-2xl font-semibold">{m(s.pendienteCentavos, s.moneda)}</p>
              <p className="text-xs text-gray-700 dark:text-gray-300">
                {s.lineasPendientes === 1 ? '1 pedido' : `${s.lineasPendientes} pedidos`}
              </p>
            </div>
          ))
        )}
      </div>
      {!cuentaEnVigor && (
        <p role="note" className="text-sm font-medium text-amber-900 dark:text-amber-200">
          No tienes cuenta de cobro: añádela en{' '}
          <Link className="underline" to={PAGINAS.productor.cuentaCobro}>
            Información comercial
          </Link>{' '}
          para que podamos pagarte.
        </p>
      )}
      {pendientes.length > 0 && (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="mb-1 text-left font-medium">Pedidos cobrados pendientes de liquidar</caption>
            <thead>
              <tr className="border-b border-gray-200 dark:border-gray-700">
                <th scope="col" className={th}>
                  Pedido
                </th>
                <th scope="col" className={th}>
                  Factura
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Venta
                </th>
                <th scope="col" className={`${th} text-right`}>
                  Comisión
                </th>
                <th scope="col" className={`${th} text-right`}>
                  A liquidar
                </th>
              </tr>
            </thead>
            <tbody>
              {pendientes.map((l) => (
                <tr key={l.id}>
                  <td className={td}>
                    <Link className="underline" to={pedidoHref(l.pedidoId)}>
                      {l.pedidoNumero}
                    </Link>
                  </td>
                  <td className={td}>
                    {l.ventaNumero}
                    {l.tipo === 'AJUSTE' ? ' (rectificativa)' : ''}
                  </td>
                  <td className={`${td} text-right tabular-nums`}>{m(l.ventaCentavos, l.moneda)}</td>
                  <td className={`${td} text-right tabular-nums`}>{m(-l.comisionCentavos, l.moneda)}</td>
                  <td className={`${td} text-right tabular-nums`}>{m(l.importeCentavos, l.moneda)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="mb-1 text-left font-medium">Liquidaciones</caption>
          <thead>
            <tr className="border-b border-gray-200 dark:border-gray-700">
              <th scope="col" className={th}>
                Fecha
              </th>
              <th scope="col" className={th}>
                Referencia
              </th>
              <th scope="col" className={th}>
                Cuenta
              </th>
              <th scope="col" className={`${th} text-right`}>
                Importe
              </th>
              <th scope="col" className={th}>
                Estado
              </th>
              <th scope="col" className={th}>
                Extracto
              </th>
            </tr>
          </thead>
          <tbody>
            {pagos.length === 0 ? (
              <tr>
                <td colSpan={6} className={td}>
                  Aún no te hemos enviado ninguna liquidación.
                </td>
              </tr>
            ) : (
              pagos.map((p) => (
                <tr key={p.id}>
                  <td className={td}>{formatDate(p.confirmadoAt ?? p.enviadaAt ?? p.createdAt)}</td>
                  <td className={`${td} font-mono text-xs`}>{p.endToEndId}</td>
                  <td className={`${td} font-mono`}>{p.cuentaEnmascarada}</td>
                  <td className={`${td} text-right tabular-nums`}>{m(p.importeCentavos, p.moneda)}</td>
                  <td className={td}>{ESTADO_PAGO_PRODUCTOR_LABELS[p.estado]}</td>
                  <td className={td}>
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={bajando === p.id}
                      aria-label={`Descargar el extracto de la liquidación ${p.endToEndId}`}
                      onClick={() => void extracto(p.id, p.endToEndId)}
                    >
                      PDF
                    </button>
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}
