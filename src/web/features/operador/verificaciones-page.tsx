import { FileText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { paisName } from '../../../contract/lotes-codes';
import { TIPO_DOCUMENTO_KYB_LABELS } from '../../../contract/verificacion';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, useVerificacion, useVerificaciones } from './api';
import { Aviso, Estado, MotivoForm, PageTitle, Tabla, diasTexto, fecha, td } from './ui';

const ESTADO: Record<string, string> = { ENVIADA: 'En revisión', APROBADA: 'Aprobada', RECHAZADA: 'Rechazada' };
const enlace = 'font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400';

function Solicitud({ id }: { id: string }) {
  const q = useVerificacion(id);
  const resolver = useAccion(OPERADOR_API.resolverVerificacion, { id });
  const [resolucion, setResolucion] = useState<'APROBAR' | 'RECHAZAR'>('APROBAR');
  const [aviso, setAviso] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  // The request opens below the queue: the keyboard and the screen reader go to it.
  useEffect(() => {
    if (q.data) titulo.current?.focus();
  }, [q.data?.id]); // eslint-disable-line react-hooks/exhaustive-deps
  const v = q.data;
  return (
    <Estado q={q}>
      {v && (
        <section aria-labelledby="kyb-t" className="card mt-4 p-4">
          <h2 id="kyb-t" ref={titulo} tabIndex={-1} className="text-xl font-semibold">
            Solicitud de {v.productor.nombre ?? v.productor.email}
          </h2>
          <p className="text-sm text-gray-700 dark:text-gray-300">
            {ESTADO[v.estado]} · enviada el {fecha(v.createdAt)}
            {v.resueltaAt ? ` · resuelta el ${fecha(v.resueltaAt)}` : ''}
          </p>
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
            <dt className="font-medium">Razón social</dt>
            <dd>{v.razonSocial}</dd>
            <dt className="font-medium">Identificación fiscal</dt>
            <dd>{v.identificacionFiscal}</dd>
            <dt className="font-medium">Datos de facturación declarados</dt>
            <dd>
              {v.productor.razonSocialFacturacion ?? '—'} · {v.productor.taxIdFacturacion ?? '—'}
            </dd>
            <dt className="font-medium">Origen</dt>
            <dd>
              {v.productor.pais ? paisName(v.productor.pais) : '—'}
              {v.productor.region ? `, ${v.productor.region}` : ''}
            </dd>
            <dt className="font-medium">Correo</dt>
            <dd className="break-all">{v.productor.email}</dd>
          </dl>
          <h3 className="mt-4 font-semibold">Documentos</h3>
          <ul className="mt-1 flex flex-col gap-1 text-sm">
            {v.documentos.map((d) => (
              <li key={d.tipo} className="flex items-start gap-2">
                <FileText aria-hidden className="mt-0.5 size-4 shrink-0" />
                <a href={d.url} download={d.nombre} className={`${enlace} break-words`}>
                  {TIPO_DOCUMENTO_KYB_LABELS[d.tipo]}
                  <span className="sr-only"> (descargar PDF)</span>
                </a>
              </li>
            ))}
          </ul>
          {v.motivo && <p className="mt-3 text-sm">Motivo de la decisión: {v.motivo}</p>}
          {v.anteriores.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold">Solicitudes anteriores</h3>
              <ul className="text-sm">
                {v.anteriores.map((a) => (
                  <li key={a.id}>
                    {fecha(a.createdAt)} · {ESTADO[a.estado] ?? a.estado}
                    {a.motivo ? `: ${a.motivo}` : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
          <Aviso message={aviso} />
          {v.estado === 'ENVIADA' && (
            <MotivoForm
              label="Motivo de la decisión (lo lee el productor)"
              boton="Guardar decisión"
              danger={resolucion === 'RECHAZAR'}
              onSubmit={(motivo) => resolver.mutateAsync({ resolucion, motivo })}
              onDone={setAviso}
              extra={
                <fieldset>
                  <legend className="mb-1 text-sm font-medium">Decisión</legend>
                  <div className="flex flex-wrap gap-4">
                    {(['APROBAR', 'RECHAZAR'] as const).map((r) => (
                      <label key={r} className="inline-flex items-center gap-2 text-sm">
                        <input
                          type="radio"
                          name={`kyb-${id}`}
                          value={r}
                          checked={resolucion === r}
                          onChange={() => setResolucion(r)}
                        />
                        {r === 'APROBAR' ? 'Aprobar: mostrar «Productor verificado»' : 'Rechazar'}
                      </label>
                    ))}
                  </div>
                </fieldset>
              }
            />
          )}
        </section>
      )}
    </Estado>
  );
}

/** Verificación de productores (KYB, docs/decisions/052): the queue, each request's documents, approve or reject. */
export function VerificacionesPage() {
  const [estado, setEstado] = useState<'ENVIADA' | 'RESUELTAS'>('ENVIADA');
  const [sel, setSel] = useState<string | null>(null);
  const q = useVerificaciones(estado);
  return (
    <div>
      <PageTitle intro="Los productores que piden la insignia «Productor verificado», el más antiguo primero.">
        Verificación de productores
      </PageTitle>
      <div role="group" aria-label="Qué solicitudes ver" className="mb-3 flex flex-wrap gap-2">
        {(['ENVIADA', 'RESUELTAS'] as const).map((e) => (
          <button
            key={e}
            type="button"
            aria-pressed={estado === e}
            className={estado === e ? 'btn-primary' : 'btn-secondary'}
            onClick={() => {
              setEstado(e);
              setSel(null);
            }}
          >
            {e === 'ENVIADA' ? 'En revisión' : 'Resueltas'}
          </button>
        ))}
      </div>
      <Estado q={q}>
        <Tabla caption="Solicitudes de verificación" head={['Productor', 'Razón social', 'Estado', 'Espera', '']}>
          {q.data?.map((v) => (
            <tr key={v.id}>
              <td className={td}>
                {v.productor}
                {v.pais ? ` (${paisName(v.pais)})` : ''}
              </td>
              <td className={td}>{v.razonSocial}</td>
              <td className={td}>{ESTADO[v.estado]}</td>
              <td className={td}>{v.estado === 'ENVIADA' ? diasTexto(v.diasEsperando) : '—'}</td>
              <td className={td}>
                <button type="button" className="btn-secondary" onClick={() => setSel(v.id)}>
                  Revisar<span className="sr-only"> la solicitud de {v.productor}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
        {q.data?.length === 0 && (
          <p className="mt-2 text-sm">
            {estado === 'ENVIADA' ? 'No hay solicitudes en revisión.' : 'Todavía no hay solicitudes resueltas.'}
          </p>
        )}
      </Estado>
      {sel && <Solicitud key={sel} id={sel} />}
    </div>
  );
}
