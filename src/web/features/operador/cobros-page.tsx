import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import {
  ConciliarManualSchema,
  METODO_APUNTE_LABELS,
  type Apunte,
  type ConciliarManual,
  type Importacion,
} from '../../../contract/cobros';
import { formatoDinero } from '../../../contract/pedidos';
import { FieldError, FormAlert, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';
import { errorMessage } from '../../lib/api';
import { download } from '../../lib/download';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { OP, useAccion, useCobros, useImportExtracto } from './api';
import { Estado, PageTitle, Tabla, td } from './ui';

/*
 * /Dashboard/operador/cobros (issue 29, docs/decisions/054): import the client-money account's camt.053 statement,
 * read what each entry became, match by hand what waits (audited), see the overpayments to return and the balance
 * of client money per currency against the bank's.
 */

const dinero = formatoDinero;
const signo = (a: Apunte) => (a.sentido === 'CRDT' ? '+' : '−') + dinero(a.importeCentavos, a.moneda);

function Import({ demo }: { demo: boolean }) {
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resultado, setResultado] = useState<Importacion | null>(null);
  const importFile = useImportExtracto();
  return (
    <section aria-labelledby={`${id}-t`} className="card p-4">
      <h2 id={`${id}-t`} className="text-lg font-semibold">
        Importar extracto
      </h2>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        El extracto de la cuenta de clientes en formato ISO 20022 camt.053 (versiones 001.02 a 001.13), tal como lo
        descarga la banca electrónica. Importar dos veces el mismo extracto no cambia nada.
      </p>
      <form
        className="mt-3 flex flex-wrap items-end gap-3"
        onSubmit={async (e) => {
          e.preventDefault();
          setError(null);
          setResultado(null);
          if (!file) {
            setError('Elige el fichero del extracto (XML).');
            return;
          }
          try {
            setResultado(await importFile.mutateAsync(file));
          } catch (err) {
            setError(errorMessage(err));
          }
        }}
      >
        <div>
          <label htmlFor={`${id}-f`} className="mb-1 block text-sm font-medium">
            Extracto camt.053 (XML)
          </label>
          <input
            id={`${id}-f`}
            type="file"
            accept=".xml,application/xml,text/xml"
            className="block max-w-full text-sm"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <BusyButton busy={importFile.isPending} busyLabel="Importando…" className="btn-primary">
          Importar extracto
        </BusyButton>
        {demo && (
          <button
            type="button"
            className="btn-secondary"
            onClick={() =>
              void download(`${OP}/cobros/extracto-demo.xml`, 'extracto-camt053-demo.xml').catch((err: unknown) =>
                setError(errorMessage(err)),
              )
            }
          >
            Descargar extracto de demostración
          </button>
        )}
      </form>
      <div className="mt-3">
        <FormAlert message={error} />
      </div>
      {resultado && (
        <div className="mt-3" role="status">
          <p className="font-medium">
            {resultado.resumen.nuevos} apuntes nuevos: {resultado.resumen.conciliados} conciliados,{' '}
            {resultado.resumen.pendientes} pendientes
            {resultado.resumen.duplicados > 0 && `; ${resultado.resumen.duplicados} ya importados antes (sin cambios)`}
            {resultado.resumen.noContabilizados > 0 &&
              `; ${resultado.resumen.noContabilizados} no contabilizados (se ignoran)`}
            .
          </p>
          <ListaApuntes apuntes={resultado.apuntes} caption="Resultado de la importación" />
        </div>
      )}
    </section>
  );
}

function ListaApuntes({ apuntes, caption }: { apuntes: Apunte[]; caption: string }) {
  if (apuntes.length === 0) return <p className="text-sm text-gray-700 dark:text-gray-300">Ninguno.</p>;
  return (
    <Tabla caption={caption} head={['Fecha', 'Importe', 'Ordenante / concepto', 'Resultado']}>
      {apuntes.map((a) => (
        <tr key={a.id} data-testid={`apunte-${a.refBanco ?? a.id}`}>
          <td className={td}>{a.fechaContable ?? '—'}</td>
          <td className={`${td} whitespace-nowrap tabular-nums`}>{signo(a)}</td>
          <td className={td}>
            <span className="block">{a.contraparte ?? '—'}</span>
            <span className="block text-xs text-gray-700 dark:text-gray-300">
              {[a.referenciaAcreedor, a.concepto, a.endToEndId].filter(Boolean).join(' · ') || 'Sin concepto'}
            </span>
          </td>
          <td className={td}>
            {a.duplicado ? (
              <span>Ya importado</span>
            ) : a.estado === 'CONCILIADO' ? (
              <span>
                Conciliado{a.metodo ? ` (${METODO_APUNTE_LABELS[a.metodo].toLowerCase()})` : ''}
                {a.pedidoNumero && ` · pedido ${a.pedidoNumero}`}
              </span>
            ) : (
              <span className="font-medium text-amber-800 dark:text-amber-300">Pendiente</span>
            )}
            {a.nota && <span className="block text-xs text-gray-700 dark:text-gray-300">{a.nota}</span>}
          </td>
        </tr>
      ))}
    </Tabla>
  );
}

/** Matching an entry by hand: the contract's ConciliarManualSchema (web/lib/form-schema), its parsing and messages. */
const conciliarForm = formOf(ConciliarManualSchema);
const conciliarResolver = conciliarForm.resolver;
type ConciliarValues = FormOf<ConciliarManual>;

function ConciliarAMano({ apunte }: { apunte: Apunte }) {
  const id = useId();
  const conciliar = useAccion(OPERADOR_API.conciliar, { id: apunte.id });
  const form = useForm<ConciliarValues, unknown, ConciliarManual>({
    defaultValues: conciliarForm.defaults(),
    resolver: conciliarResolver,
  });
  const {
    register,
    reset,
    formState: { errors, isSubmitting },
  } = form;
  const [ok, setOk] = useState<string | null>(null);
  const { submit, alert: alerta } = useFormSubmit(form, conciliarForm.paths, async (body) => {
    setOk((await conciliar.mutateAsync(body)).message ?? 'Hecho.');
    reset(conciliarForm.defaults());
  });
  return (
    <form
      className="mt-3 flex flex-col gap-2 rounded border border-gray-200 p-3 dark:border-gray-700"
      noValidate
      onSubmit={(e) => {
        setOk(null);
        void submit(e);
      }}
    >
      <div>
        <label htmlFor={`${id}-n`} className="mb-1 block text-sm font-medium">
          Número del pedido o de su factura de venta
        </label>
        <input
          className="input w-full"
          placeholder="CZ-2026-000123"
          {...fieldProps(`${id}-n`, errors.numero?.message)}
          {...register('numero')}
        />
        <FieldError id={`${id}-n`} error={errors.numero?.message} />
      </div>
      <label htmlFor={`${id}-m`} className="text-sm font-medium">
        Motivo (queda en el registro de auditoría)
      </label>
      <textarea className="input min-h-20" {...fieldProps(`${id}-m`, errors.motivo?.message)} {...register('motivo')} />
      <FieldError id={`${id}-m`} error={errors.motivo?.message} />
      <FormAlert message={alerta} />
      {ok && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {ok}
        </p>
      )}
      <BusyButton busy={isSubmitting} busyLabel="Guardando…" className="btn-primary self-start">
        Conciliar con este pedido
      </BusyButton>
    </form>
  );
}

export function CobrosPage() {
  const cobros = useCobros();
  const d = cobros.data;
  return (
    <div className="space-y-6">
      <PageTitle
        intro={
          d && (
            <>
              Cuenta de clientes: {d.cuenta.titular} · IBAN {d.cuenta.iban} · BIC {d.cuenta.bic}
            </>
          )
        }
      >
        Cobros
      </PageTitle>
      <Import demo={!!d?.extractoDemo} />
      <Estado q={cobros}>
        {d && (
          <>
            <section aria-labelledby="saldo-t" className="card p-4">
              <h2 id="saldo-t" className="text-lg font-semibold">
                Dinero de clientes por moneda
              </h2>
              <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
                Lo cobrado menos lo pagado a productores debe ser lo que el banco dice en el último extracto; la
                diferencia la explican los apuntes pendientes y el saldo con que se abrió la cuenta.
              </p>
              {d.saldos.length === 0 ? (
                <p className="mt-2 text-sm">Aún no se ha importado ningún extracto.</p>
              ) : (
                <Tabla
                  caption="Dinero de clientes por moneda"
                  head={[
                    'Moneda',
                    'Cobrado',
                    'Pagado a productores',
                    'Según Cereza',
                    'Según el banco',
                    'Diferencia',
                    'Pendiente de conciliar',
                  ]}
                >
                  {d.saldos.map((s) => (
                    <tr key={s.moneda} data-testid={`saldo-${s.moneda}`}>
                      <td className={td}>{s.moneda}</td>
                      <td className={`${td} tabular-nums`}>{dinero(s.cobradoCentavos, s.moneda)}</td>
                      <td className={`${td} tabular-nums`}>{dinero(s.pagadoCentavos, s.moneda)}</td>
                      <td className={`${td} tabular-nums`}>{dinero(s.cobradoCentavos - s.pagadoCentavos, s.moneda)}</td>
                      <td className={`${td} tabular-nums`}>
                        {s.bancoCentavos === null ? '—' : dinero(s.bancoCentavos, s.moneda)}
                        {s.fechaBanco && <span className="block text-xs">al {s.fechaBanco}</span>}
                      </td>
                      <td className={`${td} tabular-nums font-medium`}>
                        {s.diferenciaCentavos === null ? '—' : dinero(s.diferenciaCentavos, s.moneda)}
                      </td>
                      <td className={`${td} tabular-nums`}>
                        +{dinero(s.abonosPendientesCentavos, s.moneda)} / −
                        {dinero(s.cargosPendientesCentavos, s.moneda)}
                      </td>
                    </tr>
                  ))}
                </Tabla>
              )}
            </section>

            <section aria-labelledby="pend-t" className="card p-4">
              <h2 id="pend-t" className="text-lg font-semibold">
                Apuntes sin conciliar ({d.pendientes.length})
              </h2>
              {d.pendientes.length === 0 ? (
                <p className="mt-2 text-sm">Nada pendiente.</p>
              ) : (
                <ul className="mt-2 space-y-4">
                  {d.pendientes.map((a) => (
                    <li
                      key={a.id}
                      className="rounded border border-gray-200 p-3 dark:border-gray-700"
                      data-testid={`pendiente-${a.refBanco ?? a.id}`}
                    >
                      <p className="font-medium tabular-nums">
                        {signo(a)} · {a.fechaContable ?? '—'} · {a.contraparte ?? 'Ordenante desconocido'}
                      </p>
                      <p className="text-sm text-gray-700 dark:text-gray-300">
                        {[a.referenciaAcreedor, a.concepto].filter(Boolean).join(' · ') || 'Sin concepto'}
                      </p>
                      <p className="text-sm">{a.nota}</p>
                      {a.sentido === 'CRDT' && <ConciliarAMano apunte={a} />}
                    </li>
                  ))}
                </ul>
              )}
            </section>

            <section aria-labelledby="exc-t" className="card p-4">
              <h2 id="exc-t" className="text-lg font-semibold">
                Pagos de más por devolver ({d.excesos.length})
              </h2>
              <ListaApuntes apuntes={d.excesos} caption="Pagos de más" />
            </section>

            <section aria-labelledby="rec-t" className="card p-4">
              <h2 id="rec-t" className="text-lg font-semibold">
                Últimos apuntes conciliados
              </h2>
              <ListaApuntes apuntes={d.recientes} caption="Últimos apuntes conciliados" />
            </section>
          </>
        )}
      </Estado>
    </div>
  );
}
