import { useState } from 'react';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import {
  CuentaCobroSchema,
  RETENCION_CUENTA_HORAS,
  TIPO_CUENTA_COBRO_LABELS,
  type CuentaCobroInput,
  type CuentaCobroView,
  type TipoCuentaCobro,
} from '../../../contract/liquidaciones';
import { PAISES } from '../../../contract/lotes-codes';
import { BusyButton } from '../../components/ui/busy-button';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { PasswordInput } from '../../components/ui/password-input';
import { PageLoading } from '../../components/ui/spinner';
import { errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, memberOf } from '../../lib/form-schema';
import { formatDateTime } from '../../lib/format';
import { toast } from '../../lib/toast';
import { useCuentaCobro, useSaveCuentaCobro } from './api';

const SORTED_PAISES = [...PAISES].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));
const PAIS = new Map(PAISES.map((p) => [p.code, p.nombre]));

/*
 * The account is one member of the contract's CuentaCobroSchema, chosen by its type: each member's form reads its
 * fields, parsing and Spanish messages off the contract (web/lib/form-schema), and one form holds the fields of
 * both so that what was typed survives a change of type. Only the chosen member is checked and sent.
 */
const sepaForm = formOf(memberOf(CuentaCobroSchema, 'SEPA'));
const internacionalForm = formOf(memberOf(CuentaCobroSchema, 'INTERNACIONAL'));
type Valores = Omit<ReturnType<typeof sepaForm.defaults>, 'tipo'> &
  Omit<ReturnType<typeof internacionalForm.defaults>, 'tipo'> & { tipo: TipoCuentaCobro };
const VACIO: Valores = { ...sepaForm.defaults(), ...internacionalForm.defaults(), tipo: 'SEPA' };
const CAMPOS = [...new Set([...sepaForm.paths, ...internacionalForm.paths])] as Path<Valores>[];
const resolver = ((values: Valores, context: unknown, options: never) =>
  values.tipo === 'SEPA'
    ? sepaForm.resolver(values as never, context, options)
    : internacionalForm.resolver(values as never, context, options)) as unknown as Resolver<
  Valores,
  unknown,
  CuentaCobroInput
>;

function CuentaActual({ c, now }: { c: CuentaCobroView; now: number }) {
  const retenida = new Date(c.vigenteDesde).getTime() > now;
  return (
    <div className="card p-4 text-sm">
      <p className="font-medium">{TIPO_CUENTA_COBRO_LABELS[c.tipo]}</p>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
        <dt className="text-gray-700 dark:text-gray-300">Titular</dt>
        <dd>{c.titular}</dd>
        <dt className="text-gray-700 dark:text-gray-300">Cuenta</dt>
        <dd className="font-mono">{c.cuentaEnmascarada}</dd>
        <dt className="text-gray-700 dark:text-gray-300">BIC</dt>
        <dd className="font-mono">{c.bic}</dd>
        {c.banco && (
          <>
            <dt className="text-gray-700 dark:text-gray-300">Banco</dt>
            <dd>
              {c.banco} ({PAIS.get(c.pais) ?? c.pais})
            </dd>
          </>
        )}
      </dl>
      {retenida ? (
        <p role="status" className="mt-3 rounded bg-amber-50 p-2 text-amber-900 dark:bg-amber-950 dark:text-amber-200">
          Cuenta nueva: por seguridad no te enviaremos pagos a ella hasta el {formatDateTime(c.vigenteDesde)}.
        </p>
      ) : (
        <p className="mt-3 text-green-800 dark:text-green-300">En vigor desde el {formatDateTime(c.vigenteDesde)}.</p>
      )}
    </div>
  );
}

function CuentaForm({ hayCuenta }: { hayCuenta: boolean }) {
  const save = useSaveCuentaCobro();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors: fieldErrors },
  } = useForm<Valores, unknown, CuentaCobroInput>({ defaultValues: VACIO, resolver });
  const [formError, setFormError] = useState<string | null>(null);
  const tipo = watch('tipo');
  // Every field is a text: its error, if any, is a message.
  const errores: Partial<Record<keyof Valores, string>> = Object.fromEntries(
    Object.entries(fieldErrors).map(([k, e]) => [k, e?.message]),
  );

  const onSubmit = handleSubmit(async (body) => {
    setFormError(null);
    try {
      const r = await save.mutateAsync(body);
      toast.success(r.message);
      reset({ ...VACIO, tipo: body.tipo });
    } catch (err) {
      // The refused fields say why under their box, the first focused; the server's words stay above the form.
      showFieldErrors(err, CAMPOS, setError);
      setFormError(errorMessage(err));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <FormAlert message={formError} />
      <fieldset>
        <legend className="mb-2 text-sm font-semibold">Tipo de cuenta</legend>
        <div className="flex flex-wrap gap-4">
          {(['SEPA', 'INTERNACIONAL'] as const).map((t) => (
            <label key={t} className="flex items-center gap-2 text-sm">
              <input type="radio" value={t} {...register('tipo')} />
              {TIPO_CUENTA_COBRO_LABELS[t]}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="cc-titular" label="Titular de la cuenta" error={errores.titular} required className="sm:col-span-2">
          <input {...register('titular')} {...fieldProps('cc-titular', errores.titular)} className="input" />
        </Field>
        {tipo === 'SEPA' ? (
          <Field id="cc-iban" label="IBAN" error={errores.iban} hint="P. ej. ES91 2100 0418 4502 0005 1332" required>
            <input
              {...register('iban')}
              {...fieldProps('cc-iban', errores.iban, true)}
              autoCapitalize="characters"
              spellCheck={false}
              className="input font-mono"
            />
          </Field>
        ) : (
          <>
            <Field id="cc-banco" label="Nombre del banco" error={errores.banco} required>
              <input {...register('banco')} {...fieldProps('cc-banco', errores.banco)} className="input" />
            </Field>
            <Field id="cc-numero" label="Número de cuenta" error={errores.numeroCuenta} required>
              <input
                {...register('numeroCuenta')}
                {...fieldProps('cc-numero', errores.numeroCuenta)}
                spellCheck={false}
                className="input font-mono"
              />
            </Field>
            <Field id="cc-pais" label="País del banco" error={errores.pais} required>
              <select {...register('pais')} {...fieldProps('cc-pais', errores.pais)} className="input">
                <option value="" disabled>
                  Elige un país
                </option>
                {SORTED_PAISES.map((p) => (
                  <option key={p.code} value={p.code}>
                    {p.nombre}
                  </option>
                ))}
              </select>
            </Field>
          </>
        )}
        <Field id="cc-bic" label="BIC (SWIFT)" error={errores.bic} hint="8 u 11 letras y cifras" required>
          <input
            {...register('bic')}
            {...fieldProps('cc-bic', errores.bic, true)}
            autoCapitalize="characters"
            spellCheck={false}
            className="input font-mono"
          />
        </Field>
        <Field
          id="cc-password"
          label="Tu contraseña"
          error={errores.password}
          hint="Confirma que eres tú: cambiar la cuenta de cobro es una operación sensible."
          required
          className="sm:col-span-2"
        >
          <PasswordInput
            {...register('password')}
            {...fieldProps('cc-password', errores.password, true)}
            autoComplete="current-password"
          />
        </Field>
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Te enviaremos un correo y no haremos pagos a la cuenta nueva hasta pasadas {RETENCION_CUENTA_HORAS} horas.
      </p>
      <div className="flex justify-end">
        <BusyButton busy={save.isPending} busyLabel="Guardando…">
          {hayCuenta ? 'Cambiar la cuenta de cobro' : 'Guardar la cuenta de cobro'}
        </BusyButton>
      </div>
    </form>
  );
}

/** The producer's payout account, its history and the form to change it (usuario/InformacionComercial). */
export function CuentaCobroSection() {
  const q = useCuentaCobro();
  const [now] = useState(() => Date.now());
  if (q.isPending) return <PageLoading />;
  if (q.isError) return <ErrorRetry message={errorMessage(q.error)} onRetry={() => void q.refetch()} />;
  const { cuenta, historial } = q.data;
  const anteriores = historial.filter((c) => c.sustituidaAt);
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-gray-700 dark:text-gray-300">
        Cereza cobra tus ventas en su cuenta de clientes y te transfiere el importe menos su comisión a esta cuenta.
      </p>
      {cuenta ? (
        <CuentaActual c={cuenta} now={now} />
      ) : (
        <p className="text-sm font-medium">Aún no tienes cuenta de cobro: sin ella no podemos pagarte.</p>
      )}
      <CuentaForm hayCuenta={!!cuenta} />
      {anteriores.length > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Cuentas anteriores ({anteriores.length})</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {anteriores.map((c) => (
              <li key={c.id}>
                <span className="font-mono">{c.cuentaEnmascarada}</span> · {c.titular} · registrada el{' '}
                {formatDateTime(c.createdAt)}, sustituida el {formatDateTime(c.sustituidaAt!)}
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
