import { useId, useState } from 'react';
import { ApiError, errorMessage } from '../../lib/api';
import { fieldErrorsById, focusField } from '../../lib/form-errors';
import { BusyButton } from '../../components/ui/busy-button';
import { PAISES } from '../../../contract/lotes-codes';
import { lineasDireccionLaboratorio, type DireccionLaboratorio } from '../../../contract/ajustes';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { OP, useAccion, useDireccionLaboratorio, useLaboratorio } from './api';
import { Aviso, Estado, MotivoForm, PageTitle, Tabla, diasTexto, td } from './ui';

function NuevaCuenta() {
  const crear = useAccion<{ email: string; nombre?: string }, { email: string; password: string; resultado: string }>(
    () => `${OP}/laboratorio/cuentas`,
  );
  const [email, setEmail] = useState('');
  const [nombre, setNombre] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [campos, setCampos] = useState<Record<string, string>>({});
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
        setCampos({});
        setHecho(null);
        try {
          const res = await crear.mutateAsync({
            email: email.trim(),
            ...(nombre.trim() ? { nombre: nombre.trim() } : {}),
          });
          if (res.data) setHecho(res.data);
        } catch (err) {
          // A refused e-mail or name is said under its box, which takes the focus (issue 32).
          const { errors, first } = fieldErrorsById(err, { email: e, nombre: n });
          if (first) {
            setCampos(errors);
            focusField(first);
          } else setError(err instanceof ApiError ? err.message : errorMessage(err));
        }
      }}
    >
      <h2 className="text-lg font-semibold">Nueva cuenta del laboratorio</h2>
      <Field id={e} label="Correo electrónico" required error={campos[e]}>
        <input
          {...fieldProps(e, campos[e])}
          type="email"
          className="input w-full"
          value={email}
          onChange={(ev) => setEmail(ev.target.value)}
        />
      </Field>
      <Field id={n} label="Nombre (opcional)" error={campos[n]}>
        <input
          {...fieldProps(n, campos[n])}
          className="input w-full"
          value={nombre}
          onChange={(ev) => setNombre(ev.target.value)}
        />
      </Field>
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

/**
 * Disabling a lab account is the account's suspension (sessions ended, sign-in refused); enabling it again is its
 * reactivation. Both ask the reason and go to the audit log, as they do from Cuentas.
 */
function CambiarCuenta({
  id,
  email,
  activa,
  onDone,
}: {
  id: string;
  email: string;
  activa: boolean;
  onDone: (message: string) => void;
}) {
  const accion = useAccion<{ motivo: string }>(() => `${OP}/cuentas/${id}/${activa ? 'suspender' : 'reactivar'}`);
  return (
    <MotivoForm
      label={activa ? `Motivo para desactivar ${email}` : `Motivo para reactivar ${email}`}
      boton={activa ? 'Desactivar' : 'Reactivar'}
      danger={activa}
      onSubmit={(motivo) => accion.mutateAsync({ motivo })}
      onDone={onDone}
    />
  );
}

type CampoDireccion = keyof DireccionLaboratorio;
const CAMPOS: Array<{ k: CampoDireccion; label: string; required?: boolean; auto?: string }> = [
  { k: 'nombre', label: 'Destinatario', required: true, auto: 'organization' },
  { k: 'linea1', label: 'Dirección', required: true, auto: 'address-line1' },
  { k: 'linea2', label: 'Segunda línea (opcional)', auto: 'address-line2' },
  { k: 'codigoPostal', label: 'Código postal', auto: 'postal-code' },
  { k: 'ciudad', label: 'Ciudad', required: true, auto: 'address-level2' },
  { k: 'telefono', label: 'Teléfono', auto: 'tel' },
];

/** The address producers send reference samples to (issue 25 §3's setting): edited with a reason, audited. */
function DireccionForm({ actual }: { actual: DireccionLaboratorio }) {
  const guardar = useAccion<Record<string, string>, { direccion: DireccionLaboratorio }>(
    () => `${OP}/laboratorio/direccion`,
    'PUT',
  );
  const [d, setD] = useState<DireccionLaboratorio>(actual);
  const [motivo, setMotivo] = useState('');
  const [fields, setFields] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const base = useId();
  const set = (k: CampoDireccion) => (e: { target: { value: string } }) => setD({ ...d, [k]: e.target.value });
  return (
    <form
      className="card mt-4 flex flex-col gap-3 p-4"
      aria-labelledby={`${base}-t`}
      noValidate
      onSubmit={async (ev) => {
        ev.preventDefault();
        setError(null);
        setOk(null);
        setFields({});
        try {
          const res = await guardar.mutateAsync({ ...d, motivo });
          setOk(res.message ?? 'Guardado.');
          setMotivo('');
        } catch (err) {
          if (err instanceof ApiError && err.fields) setFields(err.fields);
          setError(err instanceof ApiError ? err.message : errorMessage(err));
          const orden = [...CAMPOS.map((c) => c.k), 'pais', 'indicaciones', 'motivo'];
          const ids = Object.fromEntries(orden.map((k) => [k, `${base}-${k === 'indicaciones' ? 'ind' : k}`]));
          focusField(fieldErrorsById(err, ids).first);
        }
      }}
    >
      <h2 id={`${base}-t`} className="text-lg font-semibold">
        Dirección del laboratorio
      </h2>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        A esta dirección envían los productores la muestra de referencia de cada lote. Dirección actual:{' '}
        {lineasDireccionLaboratorio(actual).join(', ')}.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {CAMPOS.map((c) => (
          <Field key={c.k} id={`${base}-${c.k}`} label={c.label} required={c.required} error={fields[c.k]}>
            <input
              {...fieldProps(`${base}-${c.k}`, fields[c.k])}
              className="input w-full"
              autoComplete={c.auto}
              value={d[c.k]}
              onChange={set(c.k)}
            />
          </Field>
        ))}
        <Field id={`${base}-pais`} label="País" required error={fields.pais}>
          <select
            {...fieldProps(`${base}-pais`, fields.pais)}
            className="input w-full"
            value={d.pais}
            onChange={set('pais')}
          >
            {PAISES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.nombre}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${base}-ind`} label="Indicaciones para el envío" error={fields.indicaciones}>
        <textarea
          {...fieldProps(`${base}-ind`, fields.indicaciones)}
          className="input min-h-20 w-full"
          value={d.indicaciones}
          onChange={set('indicaciones')}
        />
      </Field>
      <Field
        id={`${base}-motivo`}
        label="Motivo del cambio (queda en el registro de auditoría)"
        required
        error={fields.motivo}
      >
        <textarea
          {...fieldProps(`${base}-motivo`, fields.motivo)}
          className="input min-h-16 w-full"
          value={motivo}
          onChange={(e) => setMotivo(e.target.value)}
        />
      </Field>
      <FormAlert message={error} />
      {ok && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {ok}
        </p>
      )}
      <BusyButton busy={guardar.isPending} busyLabel="Guardando…" className="btn-primary self-start">
        Guardar dirección
      </BusyButton>
    </form>
  );
}

function Direccion() {
  const q = useDireccionLaboratorio();
  return <Estado q={q}>{q.data && <DireccionForm actual={q.data.direccion} />}</Estado>;
}

/** Laboratorio: the lab's accounts (create, disable, enable again) and its queue with each lot's age. */
export function LaboratorioOperadorPage() {
  const q = useLaboratorio();
  const [sel, setSel] = useState<string | null>(null);
  const [aviso, setAviso] = useState<string | null>(null);
  const elegida = q.data?.cuentas.find((c) => c.id === sel);
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
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => {
                    setSel(c.id);
                    setAviso(null);
                  }}
                >
                  {c.activa ? 'Desactivar' : 'Reactivar'}
                  <span className="sr-only"> {c.email}</span>
                </button>
              </td>
            </tr>
          ))}
        </Tabla>
        {elegida && (
          <CambiarCuenta
            // A new form when the account's state changes: the next action is the other one.
            key={`${elegida.id}-${elegida.activa}`}
            id={elegida.id}
            email={elegida.email}
            activa={elegida.activa}
            onDone={(m) => {
              setAviso(m);
              setSel(null);
            }}
          />
        )}
        <Aviso message={aviso} />
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
      <Direccion />
    </div>
  );
}
