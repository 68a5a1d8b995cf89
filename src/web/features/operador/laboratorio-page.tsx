import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { ApiError, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { CreateCuentaLaboratorioSchema, DireccionLaboratorioCambioSchema } from '../../../contract/operador';
import { BusyButton } from '../../components/ui/busy-button';
import { PAISES } from '../../../contract/lotes-codes';
import { lineasDireccionLaboratorio, type DireccionLaboratorio } from '../../../contract/ajustes';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { OPERADOR_API } from '../../../contract/operador-endpoints';
import { useAccion, useDireccionLaboratorio, useLaboratorio } from './api';
import { Aviso, Estado, MotivoForm, PageTitle, Tabla, diasTexto, td } from './ui';

/** A new lab account: the contract's CreateCuentaLaboratorioSchema (web/lib/form-schema), its parsing and messages. */
const cuentaForm = formOf(CreateCuentaLaboratorioSchema);
const cuentaResolver = cuentaForm.resolver;
type CuentaLab = z.output<typeof CreateCuentaLaboratorioSchema>;

function NuevaCuenta() {
  const create = useAccion(OPERADOR_API.createCuentaLaboratorio);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormOf<CuentaLab>, unknown, CuentaLab>({
    defaultValues: cuentaForm.defaults(),
    resolver: cuentaResolver,
  });
  const [error, setFormError] = useState<string | null>(null);
  const [hecho, setHecho] = useState<{ email: string; password: string } | null>(null);
  const e = useId();
  const n = useId();
  const submit = handleSubmit(async (body) => {
    try {
      const res = await create.mutateAsync(body);
      if (res.data) setHecho(res.data);
    } catch (err) {
      // A refused e-mail or name is said under its box, which takes the focus (issue 32).
      if (!showFieldErrors(err, cuentaForm.paths, setError)) {
        setFormError(err instanceof ApiError ? err.message : errorMessage(err));
      }
    }
  });
  return (
    <form
      className="card mt-4 flex flex-col gap-2 p-4"
      noValidate
      onSubmit={(ev) => {
        setFormError(null);
        setHecho(null);
        void submit(ev);
      }}
    >
      <h2 className="text-lg font-semibold">Nueva cuenta del laboratorio</h2>
      <Field id={e} label="Correo electrónico" required error={errors.email?.message}>
        <input {...fieldProps(e, errors.email?.message)} type="email" className="input w-full" {...register('email')} />
      </Field>
      <Field id={n} label="Nombre (opcional)" error={errors.nombre?.message}>
        <input {...fieldProps(n, errors.nombre?.message)} className="input w-full" {...register('nombre')} />
      </Field>
      <FormAlert message={error} />
      {hecho && (
        <p role="status" className="text-sm">
          Contraseña de un solo uso de {hecho.email}: <code className="font-mono">{hecho.password}</code>. Entrégala por
          un canal seguro; al entrar configurará su verificación en dos pasos.
        </p>
      )}
      <BusyButton busy={isSubmitting} busyLabel="Creando…" className="btn-primary self-start">
        Crear cuenta
      </BusyButton>
    </form>
  );
}

/**
 * Disabling a lab account is the account's suspension (sessions ended, sign-in refused); enabling it again is its
 * reactivation. Both ask the reason and go to the audit log, as they do from Cuentas.
 */
function ChangeCuenta({
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
  const accion = useAccion(activa ? OPERADOR_API.suspenderCuenta : OPERADOR_API.reactivarCuenta, { id });
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

/** The lab's address with the reason of the change: the body the server declares, from the contract. */
const DireccionCambioSchema = DireccionLaboratorioCambioSchema;
const direccionForm = formOf(DireccionCambioSchema);
const direccionResolver = direccionForm.resolver;
type DireccionCambio = z.output<typeof DireccionCambioSchema>;

/** The address producers send reference samples to (issue 25 §3's setting): edited with a reason, audited. */
function DireccionForm({ actual }: { actual: DireccionLaboratorio }) {
  const save = useAccion(OPERADOR_API.saveDireccionLaboratorio);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, isSubmitting },
  } = useForm<FormOf<DireccionCambio>, unknown, DireccionCambio>({
    defaultValues: direccionForm.defaults({ ...actual, motivo: '' }),
    resolver: direccionResolver,
  });
  const [error, setFormError] = useState<string | null>(null);
  const [ok, setOk] = useState<string | null>(null);
  const base = useId();
  const err = (k: keyof DireccionCambio) => errors[k]?.message;
  const submit = handleSubmit(async (body) => {
    try {
      const res = await save.mutateAsync(body);
      setOk(res.message ?? 'Guardado.');
      setValue('motivo', '');
    } catch (e) {
      if (!showFieldErrors(e, direccionForm.paths, setError)) {
        setFormError(e instanceof ApiError ? e.message : errorMessage(e));
      }
    }
  });
  return (
    <form
      className="card mt-4 flex flex-col gap-3 p-4"
      aria-labelledby={`${base}-t`}
      noValidate
      onSubmit={(ev) => {
        setFormError(null);
        setOk(null);
        void submit(ev);
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
          <Field key={c.k} id={`${base}-${c.k}`} label={c.label} required={c.required} error={err(c.k)}>
            <input
              {...fieldProps(`${base}-${c.k}`, err(c.k))}
              className="input w-full"
              autoComplete={c.auto}
              {...register(c.k)}
            />
          </Field>
        ))}
        <Field id={`${base}-pais`} label="País" required error={err('pais')}>
          <select {...fieldProps(`${base}-pais`, err('pais'))} className="input w-full" {...register('pais')}>
            {PAISES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.nombre}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={`${base}-ind`} label="Indicaciones para el envío" error={err('indicaciones')}>
        <textarea
          {...fieldProps(`${base}-ind`, err('indicaciones'))}
          className="input min-h-20 w-full"
          {...register('indicaciones')}
        />
      </Field>
      <Field
        id={`${base}-motivo`}
        label="Motivo del cambio (queda en el registro de auditoría)"
        required
        error={err('motivo')}
      >
        <textarea
          {...fieldProps(`${base}-motivo`, err('motivo'))}
          className="input min-h-16 w-full"
          {...register('motivo')}
        />
      </Field>
      <FormAlert message={error} />
      {ok && (
        <p role="status" className="text-sm text-green-800 dark:text-green-300">
          {ok}
        </p>
      )}
      <BusyButton busy={isSubmitting} busyLabel="Guardando…" className="btn-primary self-start">
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
          <ChangeCuenta
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
