import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { FormAlert } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';
import { OP, useAccion, useLaboratorio } from './api';
import { Estado, MotivoForm, PageTitle, Tabla, diasTexto, td } from './ui';

function NuevaCuenta() {
  const crear = useAccion<{ email: string; nombre?: string }, { email: string; password: string; resultado: string }>(
    () => `${OP}/laboratorio/cuentas`,
  );
  const [email, setEmail] = useState('');
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<{ email: string; password: string } | null>(null);
  const e = useId();
  const n = useId();
  return (
    <form
      className="card mt-4 flex flex-col gap-2 p-4"
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        setError(null);
        setHecho(null);
        try {
          const res = await crear.mutateAsync({
            email: email.trim(),
            ...(nombre.trim() ? { nombre: nombre.trim() } : {}),
          });
          if (res.data) setHecho(res.data);
        } catch (err) {
          setError(err instanceof ApiError ? err.message : errorMessage(err));
        }
      }}
    >
      <h2 className="text-lg font-semibold">Nueva cuenta del laboratorio</h2>
      <label htmlFor={e} className="text-sm font-medium">
        Correo electrónico
      </label>
      <input id={e} type="email" className="input" value={email} onChange={(ev) => setEmail(ev.target.value)} />
      <label htmlFor={n} className="text-sm font-medium">
        Nombre (opcional)
      </label>
      <input id={n} className="input" value={nombre} onChange={(ev) => setNombre(ev.target.value)} />
      <FormAlert message={error} />
      {hecho && (
        <p role="status" className="text-sm">
          Contraseña de un solo uso de {hecho.email}: <code className="font-mono">{hecho.password}</code>. Entrégala por
          un canal seguro; al entrar configurará su verificación en dos pasos.
        </p>
      )}
      <BusyButton busy={crear.isPending} busyLabel="Creando…" className="btn-primary self-start">
        Crear cuenta
      </BusyButton>
    </form>
  );
}

function Desactivar({ id, email }: { id: string; email: string }) {
  const desactivar = useAccion<{ motivo: string }>(() => `${OP}/cuentas/${id}/suspender`);
  return (
    <MotivoForm
      label={`Motivo para desactivar ${email}`}
      boton="Desactivar"
      danger
      onSubmit={(motivo) => desactivar.mutateAsync({ motivo })}
    />
  );
}

/** Laboratorio: the lab's accounts (create, disable) and its queue with each lot's age. */
export function LaboratorioOperadorPage() {
  const q = useLaboratorio();
  const [sel, setSel] = useState<string | null>(null);
  return (
    <div>
      <PageTitle intro="Las cuentas del laboratorio de Cereza y su cola de muestras.">Laboratorio</PageTitle>
      <Estado q={q}>
        <h2 className="mb-2 text-lg font-semibold">Cuentas</h2>
        <Tabla caption="Cuentas del laboratorio" head={['Correo', 'Estado', 'Segundo factor', '']}>
          {q.data?.cuentas.map((c) => (
            <tr key={c.id}>
              <td className={`${td} break-all`}>{c.email}</td>
              <td className={td}>{c.activa ? 'Activa' : 'Desactivada'}</td>
              <td className={td}>{c.segundoFactor ? 'Configurado' : 'Pendiente'}</td>
              <td className={td}>
                {c.activa && (
                  <button type="button" className="btn-secondary" onClick={() => setSel(c.id)}>
                    Desactivar<span className="sr-only"> {c.email}</span>
                  </button>
                )}
              </td>
            </tr>
          ))}
        </Tabla>
        {sel && q.data && <Desactivar id={sel} email={q.data.cuentas.find((c) => c.id === sel)?.email ?? ''} />}
        <h2 className="mb-2 mt-6 text-lg font-semibold">Cola ({q.data?.cola.length ?? 0})</h2>
        <Tabla caption="Cola del laboratorio" head={['Lote', 'Estado', 'Espera']}>
          {q.data?.cola.map((l) => (
            <tr key={l.id}>
              <td className={td}>
                {l.nombre} ({l.codigo})
              </td>
              <td className={td}>{l.status === 'EN_REVISION' ? 'En revisión' : 'Muestra en camino'}</td>
              <td className={td}>{diasTexto(l.dias)}</td>
            </tr>
          ))}
        </Tabla>
      </Estado>
      <NuevaCuenta />
    </div>
  );
}
