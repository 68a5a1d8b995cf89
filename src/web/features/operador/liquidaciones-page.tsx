import { useState } from 'react';
import { ESTADO_PAGO_PRODUCTOR_LABELS, ESTADO_REMESA_LABELS } from '../../../contract/liquidaciones';
import { formatoImporte } from '../../../contract/facturas-calculo';
import { API_LIQUIDACIONES as API } from '../../../contract/liquidaciones-paths';
import { errorMessage } from '../../lib/api';
import { download } from '../../lib/download';
import { toast } from '../../lib/toast';
import {
  useAnularRemesa,
  useGenerateRemesa,
  useLiquidacionesOperador,
  useMarkEnviada,
  usePagosDeRemesa,
  type RemesaFila,
} from './liquidaciones-api';
import { Estado, MotivoForm, PageTitle, Tabla, fecha, td } from './ui';

const totalesTexto = (t: Record<string, number>) =>
  Object.entries(t)
    .map(([moneda, c]) => formatoImporte(c, moneda))
    .join(' · ') || '—';

function DetalleRemesa({ remesa }: { remesa: RemesaFila }) {
  const pagos = usePagosDeRemesa(remesa.id);
  const enviar = useMarkEnviada();
  const anular = useAnularRemesa();
  return (
    <div className="mt-2 rounded border border-gray-200 p-3 dark:border-gray-700">
      <Estado q={pagos}>
        <Tabla caption={`Transferencias de ${remesa.msgId}`} head={['Beneficiario', 'Importe', 'EndToEndId', 'Estado']}>
          {(pagos.data ?? []).map((p) => (
            <tr key={p.id}>
              <td className={td}>{p.titular}</td>
              <td className={`${td} tabular-nums`}>{formatoImporte(p.importeCentavos, p.moneda)}</td>
              <td className={`${td} font-mono text-xs`}>{p.endToEndId}</td>
              <td className={td}>{ESTADO_PAGO_PRODUCTOR_LABELS[p.estado]}</td>
            </tr>
          ))}
        </Tabla>
      </Estado>
      {remesa.estado === 'GENERADA' && (
        <MotivoForm
          label="Nota para marcarla enviada (queda en la auditoría)"
          boton="Marcar como enviada al banco"
          onSubmit={(motivo) => enviar.mutateAsync({ id: remesa.id, motivo })}
          // The form leaves once the batch is sent (its state changes): the toast carries the answer.
          onDone={(m) => toast.success(m)}
        />
      )}
      {remesa.estado === 'GENERADA' && (
        <MotivoForm
          label="Motivo para anularla sin enviarla (queda en la auditoría)"
          boton="Anular la remesa"
          danger
          onSubmit={(motivo) => anular.mutateAsync({ id: remesa.id, motivo })}
          onDone={(m) => toast.success(m)}
        />
      )}
    </div>
  );
}

/**
 * /Dashboard/operador/liquidaciones: what Cereza owes each producer, the pain.001 batches (generate, download,
 * mark sent) and what the bank confirmed (issue 29, docs/decisions/056).
 */
export function LiquidacionesPage() {
  const q = useLiquidacionesOperador();
  const generate = useGenerateRemesa();
  const [abierta, setAbierta] = useState<string | null>(null);
  // Producers the operator leaves out of the next batch (all ready ones go unless unticked).
  const [fuera, setFuera] = useState<ReadonlySet<string>>(new Set());
  const xml = async (r: RemesaFila) => {
    try {
      await download(API.operadorRemesaXml(r.id), `${r.msgId}.xml`);
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };
  const listos = (q.data?.debido ?? []).filter((d) => d.listo);
  const elegidos = listos.filter((d) => !fuera.has(d.productorId));
  const productorIds = [...new Set(elegidos.map((d) => d.productorId))];
  return (
    <div className="space-y-6">
      <PageTitle intro="Lo que Cereza debe a cada productor por pedidos cobrados (venta menos comisión), las remesas de transferencias (pain.001) y su confirmación por el extracto del banco.">
        Liquidaciones a productores
      </PageTitle>
      <Estado q={q}>
        <section aria-labelledby="debido-titulo" className="space-y-2">
          <h2 id="debido-titulo" className="text-lg font-semibold">
            Pendiente de liquidar
          </h2>
          <Tabla
            caption="Pendiente de liquidar por productor"
            head={['En la remesa', 'Productor', 'Importe', 'Pedidos', 'Cuenta de cobro']}
          >
            {(q.data?.debido ?? []).length === 0 ? (
              <tr>
                <td className={td} colSpan={5}>
                  No se debe nada a ningún productor.
                </td>
              </tr>
            ) : (
              q.data!.debido.map((d) => (
                <tr key={`${d.productorId}-${d.moneda}`}>
                  <td className={td}>
                    {d.listo && (
                      <input
                        type="checkbox"
                        className="size-5"
                        aria-label={`Incluir a ${d.nombre || d.productorId} (${d.moneda}) en la remesa`}
                        checked={!fuera.has(d.productorId)}
                        onChange={(e) => {
                          const next = new Set(fuera);
                          if (e.target.checked) next.delete(d.productorId);
                          else next.add(d.productorId);
                          setFuera(next);
                        }}
                      />
                    )}
                  </td>
                  <td className={td}>{d.nombre || d.productorId}</td>
                  <td className={`${td} tabular-nums`}>{formatoImporte(d.pendienteCentavos, d.moneda)}</td>
                  <td className={td}>{d.lineas}</td>
                  <td className={td}>
                    {!d.cuenta
                      ? 'Sin cuenta de cobro'
                      : d.retenidaHasta
                        ? `Cuenta nueva: retenida hasta el ${fecha(d.retenidaHasta)}`
                        : d.pendienteCentavos > 0
                          ? `Lista (${d.cuenta})`
                          : 'Saldo a favor de Cereza: se descuenta del siguiente pago'}
                  </td>
                </tr>
              ))
            )}
          </Tabla>
          {elegidos.length > 0 ? (
            <MotivoForm
              label="Motivo de la remesa (queda en la auditoría)"
              boton={`Generar remesa (${elegidos.length} ${elegidos.length === 1 ? 'transferencia' : 'transferencias'})`}
              onSubmit={async (motivo) => {
                // The form leaves the page once nothing is due: the toast carries the answer.
                const r = await generate.mutateAsync({
                  motivo,
                  productorIds: elegidos.length < listos.length ? productorIds : undefined,
                });
                toast.success(r.message);
                return r;
              }}
            />
          ) : (
            <p className="text-sm text-gray-700 dark:text-gray-300">
              {listos.length > 0
                ? 'Marca al menos un productor para la remesa.'
                : 'No hay pagos listos para una remesa.'}
            </p>
          )}
        </section>

        <section aria-labelledby="remesas-titulo" className="space-y-2">
          <h2 id="remesas-titulo" className="text-lg font-semibold">
            Remesas
          </h2>
          <Tabla
            caption="Remesas generadas"
            head={['Fecha', 'Mensaje', 'Transferencias', 'Total', 'Estado', 'Acciones']}
          >
            {(q.data?.remesas ?? []).length === 0 ? (
              <tr>
                <td className={td} colSpan={6}>
                  Aún no hay remesas.
                </td>
              </tr>
            ) : (
              q.data!.remesas.map((r) => (
                <tr key={r.id}>
                  <td className={td}>{fecha(r.createdAt)}</td>
                  <td className={`${td} font-mono text-xs`}>{r.msgId}</td>
                  <td className={td}>
                    {r.numeroOperaciones} ({r.confirmados} confirmadas por el banco)
                  </td>
                  <td className={`${td} tabular-nums`}>{totalesTexto(r.totales)}</td>
                  <td className={td}>{ESTADO_REMESA_LABELS[r.estado]}</td>
                  <td className={`${td} space-x-2 whitespace-nowrap`}>
                    <button type="button" className="btn-secondary" onClick={() => void xml(r)}>
                      Descargar pain.001
                    </button>
                    <button
                      type="button"
                      className="btn-secondary"
                      aria-expanded={abierta === r.id}
                      onClick={() => setAbierta(abierta === r.id ? null : r.id)}
                    >
                      {abierta === r.id ? 'Ocultar' : 'Detalle'}
                    </button>
                  </td>
                </tr>
              ))
            )}
          </Tabla>
          {abierta && q.data!.remesas.find((r) => r.id === abierta) && (
            <DetalleRemesa remesa={q.data!.remesas.find((r) => r.id === abierta)!} />
          )}
        </section>

        <section aria-labelledby="pagado-titulo" className="space-y-2">
          <h2 id="pagado-titulo" className="text-lg font-semibold">
            Pagado a productores (confirmado por el banco)
          </h2>
          <p className="text-sm">{totalesTexto(q.data?.pagadoPorMoneda ?? {})}</p>
        </section>
      </Estado>
    </div>
  );
}
