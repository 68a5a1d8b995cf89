import { useEffect, useRef, useState } from 'react';
import { formatoDinero } from '../../../contract/pedidos';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, useAuditoriaDe, useCuenta, useCuentas } from './api';
import { Aviso, Estado, MotivoForm, PageTitle, SearchBox, Tabla, fecha, td } from './ui';

const TIPO: Record<string, string> = {
  PRODUCTOR: 'Productor',
  COMPRADOR: 'Comprador',
  LABORATORIO: 'Laboratorio',
  OPERADOR: 'Operador',
};

/** The account's history in the back office: every operator action on it, with its reason. */
function Historial({ id }: { id: string }) {
  const q = useAuditoriaDe('cuenta', id);
  return (
    <>
      <h3 className="mt-4 font-semibold">Historial de operación</h3>
      <Estado q={q}>
        {q.data?.entradas.length === 0 ? (
          <p className="text-sm">Ningún operador ha actuado sobre esta cuenta.</p>
        ) : (
          <ul className="text-sm">
            {q.data?.entradas.map((e) => (
              <li key={e.id}>
                {fecha(e.createdAt)} · {e.accion} · <span className="break-all">{e.operadorEmail}</span>: {e.motivo}
              </li>
            ))}
          </ul>
        )}
      </Estado>
    </>
  );
}

function Cuenta({ id }: { id: string }) {
  const q = useCuenta(id);
  const suspender = useAccion(OPERADOR_API.suspenderCuenta, { id });
  const reactivar = useAccion(OPERADOR_API.reactivarCuenta, { id });
  const retirar = useAccion(OPERADOR_API.retirarVerificacion, { id });
  const [aviso, setAviso] = useState<string | null>(null);
  const titulo = useRef<HTMLHeadingElement>(null);
  const cargada = !!q.data;
  // The account opens below the results: the keyboard and the screen reader go to it.
  useEffect(() => {
    if (cargada) titulo.current?.focus();
  }, [cargada]);
  return (
    <Estado q={q}>
      {q.data && (
        <section aria-labelledby="cuenta-t" className="card mt-4 p-4">
          <h2 id="cuenta-t" ref={titulo} tabIndex={-1} className="text-xl font-semibold">
            {q.data.nombre}
          </h2>
          <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-medium">Correo</dt>
            <dd className="break-all">{q.data.email}</dd>
            <dt className="font-medium">Tipo</dt>
            <dd>{TIPO[q.data.tipoUser] ?? q.data.tipoUser}</dd>
            <dt className="font-medium">Organización</dt>
            <dd>{q.data.perfil?.nombre ?? q.data.informacionComercial?.razonSocial ?? '—'}</dd>
            <dt className="font-medium">Identificación fiscal</dt>
            <dd>{q.data.informacionComercial?.taxId ?? '—'}</dd>
            <dt className="font-medium">Alta</dt>
            <dd>{fecha(q.data.createdAt)}</dd>
            <dt className="font-medium">Estado</dt>
            <dd>{q.data.suspendida ? `Suspendida: ${q.data.motivoSuspension ?? ''}` : 'Activa'}</dd>
            {q.data.tipoUser === 'PRODUCTOR' && (
              <>
                <dt className="font-medium">Organización verificada</dt>
                <dd>{q.data.productorVerificado ? 'Sí: lleva la insignia «Productor verificado»' : 'No'}</dd>
              </>
            )}
          </dl>
          <h3 className="mt-4 font-semibold">Pedidos ({q.data.pedidos.length})</h3>
          <ul className="text-sm">
            {q.data.pedidos.map((p) => (
              <li key={p.id}>
                {p.numero} · {p.rol} · {p.estado} · {formatoDinero(p.totalCentavos, p.moneda)}
              </li>
            ))}
          </ul>
          {q.data.lotes.length > 0 && (
            <>
              <h3 className="mt-4 font-semibold">Lotes ({q.data.lotes.length})</h3>
              <ul className="text-sm">
                {q.data.lotes.map((l) => (
                  <li key={l.id}>
                    {l.nombre} ({l.codigo}) · {l.status}
                    {l.ocultar ? ' · oculto' : ''}
                  </li>
                ))}
              </ul>
            </>
          )}
          <p className="mt-2 text-sm">Muestras: {q.data.muestras}</p>
          <Historial id={id} />
          {q.data.productorVerificado && (
            <MotivoForm
              label="Motivo para retirar la insignia «Productor verificado» (lo lee el productor)"
              boton="Retirar la insignia"
              danger
              onSubmit={(motivo) => retirar.mutateAsync({ motivo })}
              onDone={setAviso}
            />
          )}
          {q.data.tipoUser !== 'OPERADOR' &&
            (q.data.suspendida ? (
              <MotivoForm
                label="Motivo de la reactivación"
                boton="Reactivar cuenta"
                onSubmit={(motivo) => reactivar.mutateAsync({ motivo })}
                onDone={setAviso}
              />
            ) : (
              <MotivoForm
                label="Motivo de la suspensión"
                boton="Suspender cuenta"
                danger
                onSubmit={(motivo) => suspender.mutateAsync({ motivo })}
                onDone={setAviso}
              />
            ))}
          <Aviso message={aviso} />
        </section>
      )}
    </Estado>
  );
}

/** Cuentas: search by name, e-mail, company or tax id; an account's page; suspend and reactivate. */
export function CuentasPage() {
  const [texto, setTexto] = useState('');
  const [id, setId] = useState<string | null>(null);
  const q = useCuentas(texto);
  return (
    <div>
      <PageTitle intro="Busca por nombre, correo, empresa o identificación fiscal.">Cuentas</PageTitle>
      <SearchBox label="Buscar cuentas" onSearch={setTexto} />
      <Estado q={q}>
        <Tabla caption="Cuentas" head={['Nombre', 'Correo', 'Tipo', 'Organización', 'Estado', '']}>
          {q.data?.map((c) => (
            <tr key={c.id}>
              <td className={td}>{c.nombre}</td>
              <td className={`${td} break-all`}>{c.email}</td>
              <td className={td}>{TIPO[c.tipoUser] ?? c.tipoUser}</td>
              <td className={td}>{c.organizacion ?? '—'}</td>
              <td className={td}>{c.suspendida ? 'Suspendida' : 'Activa'}</td>
              <td className={td}>
                <button type="button" className="btn-secondary" onClick={() => setId(c.id)}>
                  Ver cuenta<span className="sr-only"> de {c.email}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
      </Estado>
      {id && <Cuenta key={id} id={id} />}
    </div>
  );
}
