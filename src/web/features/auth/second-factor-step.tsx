import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import type { DataUser } from '../../../contract/users';
import {
  CodigoSegundoFactorSchema,
  SEGUNDO_FACTOR_TEXTOS as T,
  type AltaSegundoFactorResponse,
  type SegundoFactorPendiente,
} from '../../../contract/segundo-factor';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';
import { secondFactorAltaRequest, secondFactorConfirmRequest, secondFactorRequest } from './api';
import { asSignInError, loginErrorMessage } from './login-errors';

type Paso = SegundoFactorPendiente['segundoFactor'];

/** The code is the contract's field, with its messages; the challenge is the step's own. */
const CodigoSchema = CodigoSegundoFactorSchema.pick({ codigo: true });
const codigoForm = formOf(CodigoSchema);
type Codigo = z.output<typeof CodigoSchema>;

/** The QR code the server drew (unit squares on a size×size grid), with a quiet zone, black on white in both modes. */
function QrCode({ qr, label }: { qr: AltaSegundoFactorResponse['qr']; label: string }) {
  const v = qr.size + 8;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`-4 -4 ${v} ${v}`}
      className="mx-auto h-48 w-48 rounded bg-white"
      shapeRendering="crispEdges"
    >
      <rect x={-4} y={-4} width={v} height={v} fill="#fff" />
      <path d={qr.path} fill="#000" />
    </svg>
  );
}

/**
 * The second step of a lab or operator sign-in (docs/decisions/045): enrolment the first time (QR code, a code,
 * then the recovery codes shown once), a code afterwards. `done` starts the session.
 */
export function SecondFactorStep({
  paso,
  done,
}: {
  paso: Paso;
  done: (token: string, dataUser: DataUser, message: string) => void;
}) {
  const [alta, setAlta] = useState<AltaSegundoFactorResponse | null>(null);
  const [codigos, setCodigos] = useState<{ list: string[]; token: string; dataUser: DataUser; message: string } | null>(
    null,
  );
  const heading = useRef<HTMLHeadingElement>(null);
  const asked = useRef(false);
  const form = useForm<FormOf<Codigo>, unknown, Codigo>({
    defaultValues: codigoForm.defaults(),
    resolver: codigoForm.resolver,
  });
  const { submit, alert, setAlert } = useFormSubmit(form, codigoForm.paths, async ({ codigo }) => {
    try {
      if (paso.paso === 'ALTA') {
        const res = await secondFactorConfirmRequest({ desafio: paso.desafio, codigo });
        setCodigos({
          list: res.codigosRecuperacion,
          token: res.token,
          dataUser: res.dataUser,
          message: res.message ?? '',
        });
      } else {
        const res = await secondFactorRequest({ desafio: paso.desafio, codigo });
        done(res.token, res.dataUser, 'Sesión iniciada correctamente.');
      }
    } catch (err) {
      throw asSignInError(err);
    }
  });
  const codigoError = form.formState.errors.codigo?.message;

  useEffect(() => {
    heading.current?.focus();
    if (paso.paso !== 'ALTA' || asked.current) return;
    asked.current = true;
    secondFactorAltaRequest({ desafio: paso.desafio })
      .then(setAlta)
      .catch((err) => setAlert(loginErrorMessage(err)));
  }, [paso, setAlert]);

  useEffect(() => {
    if (codigos) heading.current?.focus();
  }, [codigos]);

  if (codigos) {
    return (
      <section className="card p-6 sm:p-8" aria-labelledby="sf-title">
        <h1 id="sf-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold">
          {T.codigosTitulo}
        </h1>
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{T.codigosAyuda}</p>
        <ul aria-label="Códigos de recuperación" className="mt-4 grid grid-cols-2 gap-2 font-mono text-base">
          {codigos.list.map((c) => (
            <li key={c} className="rounded bg-gray-100 px-2 py-1 text-center dark:bg-gray-800">
              {c}
            </li>
          ))}
        </ul>
        <button
          type="button"
          className="btn-primary mt-6 w-full"
          onClick={() => done(codigos.token, codigos.dataUser, codigos.message || 'Sesión iniciada correctamente.')}
        >
          He guardado los códigos, continuar
        </button>
      </section>
    );
  }

  return (
    <section className="card p-6 sm:p-8" aria-labelledby="sf-title">
      <h1 id="sf-title" ref={heading} tabIndex={-1} className="text-2xl font-semibold">
        {paso.paso === 'ALTA' ? T.altaTitulo : T.titulo}
      </h1>
      {paso.paso === 'ALTA' ? (
        <div className="mt-2 flex flex-col gap-3 text-sm text-gray-700 dark:text-gray-300">
          <p>{T.altaAyuda}</p>
          {alta ? (
            <>
              <QrCode qr={alta.qr} label="Código QR para tu aplicación de autenticación" />
              <p>
                Clave para escribir a mano:{' '}
                <code className="break-all rounded bg-gray-100 px-1 font-mono dark:bg-gray-800">{alta.secreto}</code>
              </p>
            </>
          ) : (
            !alert && <p role="status">Preparando el código QR…</p>
          )}
        </div>
      ) : (
        <p className="mt-2 text-sm text-gray-700 dark:text-gray-300">{T.ayudaCodigo}</p>
      )}
      <form onSubmit={submit} noValidate className="mt-6 flex flex-col gap-4">
        <FormAlert message={alert} />
        <Field id="sf-codigo" label={T.codigo} required error={codigoError}>
          <input
            {...fieldProps('sf-codigo', codigoError)}
            className="input"
            inputMode={paso.paso === 'ALTA' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={40}
            {...form.register('codigo')}
          />
        </Field>
        <BusyButton busy={form.formState.isSubmitting} busyLabel="Comprobando…" className="btn-primary w-full">
          {paso.paso === 'ALTA' ? 'Activar y entrar' : 'Verificar'}
        </BusyButton>
      </form>
    </section>
  );
}
