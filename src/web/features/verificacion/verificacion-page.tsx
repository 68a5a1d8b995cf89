import { BadgeCheck, FileText } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import {
  DOCUMENTOS_KYB_OBLIGATORIOS,
  EnviarVerificacionSchema,
  ESTADO_VERIFICACION_LABELS,
  TIPOS_DOCUMENTO_KYB,
  TIPO_DOCUMENTO_KYB_LABELS,
  type MiVerificacion,
  type TipoDocumentoKyb,
} from '../../../contract/verificacion';
import { BusyButton } from '../../components/ui/busy-button';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { DOCUMENTO_ACCEPT, uploadDocumento } from '../../lib/upload';
import { useEnviarVerificacion, useMiVerificacion } from './api';

const fecha = (iso: string) => new Intl.DateTimeFormat('es-ES', { dateStyle: 'long' }).format(new Date(iso));

type Subido = { id: string; nombre: string };

// The request's fields, its messages and its rule (both required documents, none twice) are the contract's.
const verificacionForm = formOf(EnviarVerificacionSchema);
const resolver = verificacionForm.resolver;
type Solicitud = z.output<typeof EnviarVerificacionSchema>;

function Documentos({ docs }: { docs: NonNullable<MiVerificacion['solicitud']>['documentos'] }) {
  return (
    <ul className="mt-2 flex flex-col gap-1 text-sm">
      {docs.map((d) => (
        <li key={d.tipo} className="flex items-center gap-2">
          <FileText aria-hidden className="size-4 shrink-0" />
          <a
            href={d.url}
            className="break-words font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400"
            download={d.nombre}
          >
            {TIPO_DOCUMENTO_KYB_LABELS[d.tipo]}
          </a>
          <span className="text-gray-600 dark:text-gray-400">({d.nombre})</span>
        </li>
      ))}
    </ul>
  );
}

/** One document's picker: it uploads the file as it is chosen, says which file it holds and reports its id. */
function Archivo({
  tipo,
  error,
  onChange,
}: {
  tipo: TipoDocumentoKyb;
  error?: string;
  onChange: (v: Subido | undefined) => void;
}) {
  const id = useId();
  const [value, setValue] = useState<Subido>();
  const [busy, setBusy] = useState(false);
  const [problema, setProblema] = useState<string | null>(null);
  const obligatorio = DOCUMENTOS_KYB_OBLIGATORIOS.includes(tipo);
  return (
    <Field
      id={id}
      label={`${TIPO_DOCUMENTO_KYB_LABELS[tipo]} (PDF)`}
      required={obligatorio}
      hint={
        tipo === 'LICENCIA_EXPORTACION'
          ? 'Solo si tu país expide una licencia a los exportadores de café (por ejemplo, Kenia o Etiopía).'
          : busy
            ? 'Subiendo…'
            : value
              ? `Subido: ${value.nombre}`
              : undefined
      }
      error={problema ?? error}
    >
      <input
        {...fieldProps(id, problema ?? error, true)}
        type="file"
        accept={DOCUMENTO_ACCEPT}
        className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-primary-100 file:px-3 file:py-2 file:font-medium file:text-primary-900 dark:file:bg-primary-900/60 dark:file:text-primary-100"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          setProblema(null);
          const elegir = (v: Subido | undefined) => {
            setValue(v);
            onChange(v);
          };
          if (!file) return elegir(undefined);
          setBusy(true);
          try {
            const doc = await uploadDocumento(file);
            elegir({ id: doc.id, nombre: doc.nombre });
          } catch (err) {
            elegir(undefined);
            setProblema(errorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      />
    </Field>
  );
}

function Formulario({ rechazada, sugerencia }: { rechazada: boolean; sugerencia: MiVerificacion['sugerencia'] }) {
  const enviar = useEnviarVerificacion();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError: setFieldError,
    setValue,
    getValues,
    formState: { errors },
  } = useForm<FormOf<Solicitud>, unknown, Solicitud>({
    defaultValues: verificacionForm.defaults({ ...sugerencia, documentos: [] }),
    resolver,
  });
  // Each document picker replaces its own type's entry in the list the form sends.
  const ponerDocumento = (tipo: TipoDocumentoKyb, doc: Subido | undefined) =>
    setValue(
      'documentos',
      [...getValues('documentos').filter((d) => d.tipo !== tipo), ...(doc ? [{ tipo, documentoId: doc.id }] : [])],
      { shouldDirty: true },
    );
  const rs = useId();
  const tx = useId();
  const err = (k: keyof Solicitud) => errors[k]?.message;
  return (
    <form
      noValidate
      className="card mt-4 flex flex-col gap-4 p-4"
      aria-labelledby="kyb-form-t"
      onSubmit={handleSubmit(async (body) => {
        setError(null);
        try {
          await enviar.mutateAsync(body);
        } catch (e) {
          showFieldErrors(e, verificacionForm.paths, setFieldError);
          setError(errorMessage(e));
        }
      })}
    >
      <h2 id="kyb-form-t" className="text-lg font-semibold">
        {rechazada ? 'Envía una nueva solicitud' : 'Solicita la verificación'}
      </h2>
      <Field id={rs} label="Razón social de la organización" required error={err('razonSocial')}>
        <input
          {...fieldProps(rs, err('razonSocial'))}
          className="input"
          autoComplete="organization"
          {...register('razonSocial')}
        />
      </Field>
      <Field id={tx} label="Identificación fiscal (NIT, RUC, RTN…)" required error={err('identificacionFiscal')}>
        <input
          {...fieldProps(tx, err('identificacionFiscal'))}
          className="input"
          {...register('identificacionFiscal')}
        />
      </Field>
      {TIPOS_DOCUMENTO_KYB.map((tipo) => (
        <Archivo
          key={tipo}
          tipo={tipo}
          error={tipo === 'REGISTRO' ? err('documentos') : undefined}
          onChange={(v) => ponerDocumento(tipo, v)}
        />
      ))}
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Los documentos son privados: solo tú y el equipo de Cereza que revisa la solicitud pueden abrirlos.
      </p>
      <FormAlert message={error} />
      <BusyButton busy={enviar.isPending} busyLabel="Enviando…" className="btn-primary self-start">
        Enviar solicitud
      </BusyButton>
    </form>
  );
}

/** /Dashboard/productor/verificacion: the producer asks for the "Productor verificado" badge and follows it. */
export function VerificacionPage() {
  const q = useMiVerificacion();
  const v = q.data;
  return (
    <div className="max-w-2xl">
      <h1 className="text-2xl font-semibold">Verificación de productor</h1>
      <p className="mt-1 text-sm text-gray-700 dark:text-gray-300">
        Envía los documentos de tu organización y el equipo de Cereza los revisará. Cuando la apruebe, tus lotes y tu
        perfil público mostrarán la insignia «Productor verificado».{' '}
        <Link
          to="/Guia/verificados"
          className="font-medium text-primary-700 underline underline-offset-2 dark:text-primary-400"
        >
          Qué significa
        </Link>
        .
      </p>
      {q.isPending && <p role="status">Cargando…</p>}
      {q.isError && <FormAlert message={errorMessage(q.error)} />}
      {v && (
        <section aria-labelledby="kyb-estado-t" className="card mt-4 p-4">
          <h2 id="kyb-estado-t" className="text-lg font-semibold">
            Estado: {ESTADO_VERIFICACION_LABELS[v.estado]}
          </h2>
          {v.estado === 'APROBADA' && (
            <p className="mt-2 inline-flex items-center gap-1 text-sm font-medium text-primary-800 dark:text-primary-300">
              <BadgeCheck aria-hidden className="size-4" /> Productor verificado
              {v.verificadoAt ? ` desde el ${fecha(v.verificadoAt)}` : ''}
            </p>
          )}
          {v.estado === 'ENVIADA' && (
            <p className="mt-2 text-sm">
              Tu solicitud está en revisión. Te avisaremos con una notificación y un correo cuando el equipo de Cereza
              la resuelva.
            </p>
          )}
          {v.estado === 'SIN_ENVIAR' && (
            <p className="mt-2 text-sm">Todavía no has enviado los documentos de tu organización.</p>
          )}
          {v.solicitud && (
            <>
              {v.solicitud.estado === 'RETIRADA' && (
                <p className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                  El equipo de Cereza retiró la insignia
                  {v.solicitud.retiradaAt ? ` el ${fecha(v.solicitud.retiradaAt)}` : ''}. Motivo:{' '}
                  {v.solicitud.motivoRetirada}
                </p>
              )}
              {v.solicitud.estado === 'RECHAZADA' && v.solicitud.motivo && (
                <p className="mt-2 rounded border border-red-200 bg-red-50 p-2 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
                  Motivo del rechazo: {v.solicitud.motivo}
                </p>
              )}
              <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                <dt className="font-medium">Razón social</dt>
                <dd>{v.solicitud.razonSocial}</dd>
                <dt className="font-medium">Identificación fiscal</dt>
                <dd>{v.solicitud.identificacionFiscal}</dd>
                <dt className="font-medium">Enviada</dt>
                <dd>{fecha(v.solicitud.createdAt)}</dd>
              </dl>
              <Documentos docs={v.solicitud.documentos} />
            </>
          )}
        </section>
      )}
      {v && (v.estado === 'SIN_ENVIAR' || v.estado === 'RECHAZADA' || v.estado === 'RETIRADA') && (
        <Formulario rechazada={v.estado !== 'SIN_ENVIAR'} sugerencia={v.sugerencia} />
      )}
    </div>
  );
}
