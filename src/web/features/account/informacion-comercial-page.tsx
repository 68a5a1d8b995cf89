import type { ReactNode } from 'react';
import { useFormSubmit } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { InformacionComercialSchema, type InformacionComercial } from '../../../contract/auth';
import { PAISES } from '../../../contract/lotes';
import type { Rol } from '../../../contract/roles';
import { PageLoading } from '../../components/ui/spinner';
import { toast } from '../../lib/toast';
import { useInformacionComercial, useSaveInformacionComercial } from './api';
import { AccountLayout, Section } from './account-layout';
import { Field, FormAlert, fieldProps } from '../../components/ui/field';
import { BusyButton } from '../../components/ui/busy-button';

const informacionForm = formOf(InformacionComercialSchema);
type Informacion = z.output<typeof InformacionComercialSchema>;
const SORTED_PAISES = [...PAISES].sort((a, b) => a.nombre.localeCompare(b.nombre, 'es'));

function InformacionForm({ initial }: { initial: InformacionComercial | null }) {
  const save = useSaveInformacionComercial();
  const form = useForm<FormOf<Informacion>, unknown, Informacion>({
    resolver: informacionForm.resolver,
    defaultValues: informacionForm.defaults(initial),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  const e = errors.direccionFacturacion;
  const { submit, alert } = useFormSubmit(form, informacionForm.paths, async (values) => {
    const r = await save.mutateAsync(values);
    form.reset(informacionForm.defaults(r.informacionComercial));
    toast.success(r.message);
  });
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4">
      <FormAlert message={alert} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id="ic-razon" label="Razón social" error={errors.razonSocial?.message} required>
          <input
            {...register('razonSocial')}
            {...fieldProps('ic-razon', errors.razonSocial?.message)}
            autoComplete="organization"
            className="input"
          />
        </Field>
        <Field
          id="ic-tax"
          label="Identificación fiscal"
          error={errors.taxId?.message}
          hint="NIF/CIF, RUT, NIT, RFC… según tu país."
          required
        >
          <input
            {...register('taxId')}
            {...fieldProps('ic-tax', errors.taxId?.message, true)}
            autoCapitalize="characters"
            className="input"
          />
        </Field>
        <Field
          id="ic-email"
          label="Correo de facturación"
          error={errors.emailFacturacion?.message}
          required
          className="sm:col-span-2"
        >
          <input
            {...register('emailFacturacion')}
            {...fieldProps('ic-email', errors.emailFacturacion?.message)}
            type="email"
            autoComplete="email"
            className="input"
          />
        </Field>
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold">Dirección de facturación</legend>
        <Field id="ic-linea1" label="Dirección" error={e?.linea1?.message} required className="sm:col-span-2">
          <input
            {...register('direccionFacturacion.linea1')}
            {...fieldProps('ic-linea1', e?.linea1?.message)}
            autoComplete="street-address"
            className="input"
          />
        </Field>
        <Field id="ic-ciudad" label="Ciudad" error={e?.ciudad?.message} required>
          <input
            {...register('direccionFacturacion.ciudad')}
            {...fieldProps('ic-ciudad', e?.ciudad?.message)}
            autoComplete="address-level2"
            className="input"
          />
        </Field>
        <Field id="ic-region" label="Provincia, estado o región" error={e?.region?.message}>
          <input
            {...register('direccionFacturacion.region')}
            {...fieldProps('ic-region', e?.region?.message)}
            autoComplete="address-level1"
            className="input"
          />
        </Field>
        <Field id="ic-cp" label="Código postal" error={e?.codigoPostal?.message}>
          <input
            {...register('direccionFacturacion.codigoPostal')}
            {...fieldProps('ic-cp', e?.codigoPostal?.message)}
            autoComplete="postal-code"
            className="input"
          />
        </Field>
        <Field id="ic-pais" label="País" error={e?.pais?.message} required>
          <select
            {...register('direccionFacturacion.pais')}
            {...fieldProps('ic-pais', e?.pais?.message)}
            autoComplete="country"
            className="input"
          >
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
      </fieldset>
      <div className="flex justify-end">
        <BusyButton busy={isSubmitting} busyLabel="Guardando…">
          Guardar información comercial
        </BusyButton>
      </div>
    </form>
  );
}

/**
 * /Dashboard/{rol}/usuario/InformacionComercial: who invoices or is invoiced, and where; `children` are further
 * sections the route adds (the producer's payout account).
 */
export function InformacionComercialPage({ rol, children }: { rol: Rol; children?: ReactNode }) {
  const { data, isPending, isError, refetch } = useInformacionComercial();
  return (
    <AccountLayout
      rol={rol}
      title="Información comercial"
      description={
        rol === 'productor'
          ? 'Los datos con los que facturas tus ventas y la cuenta en la que Cereza te paga.'
          : 'Los datos que figurarán en tus facturas de compra.'
      }
    >
      <Section title="Datos fiscales">
        {isPending ? (
          <PageLoading />
        ) : isError ? (
          <div className="flex flex-col items-start gap-3">
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              No hemos podido cargar tu información comercial.
            </p>
            <button type="button" className="btn-secondary" onClick={() => void refetch()}>
              Reintentar
            </button>
          </div>
        ) : (
          <InformacionForm initial={data ?? null} />
        )}
      </Section>
      {children}
    </AccountLayout>
  );
}
