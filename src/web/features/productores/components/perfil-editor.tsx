import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Save } from 'lucide-react';
import type { z } from 'zod';
import { ProductorPerfilInputSchema, TIPOS_PRODUCTOR } from '../../../../contract/perfiles';
import { Field, FormAlert, fieldProps } from '../../../components/ui/field';
import { LecturaNumero } from '../../../components/ui/numero-input';
import { LeaveGuard } from '../../../components/ui/leave-guard';
import { ApiError, errorMessage } from '../../../lib/api';
import { CERTIFICACION_LABELS, CERTIFICACIONES, PAISES_ORIGEN } from '../../../lib/catalogo-lotes';
import { showFieldErrors } from '../../../lib/form-errors';
import { formOf, type FormOf } from '../../../lib/form-schema';
import { toast } from '../../../lib/toast';
import { TIPO_PRODUCTOR_LABELS } from '../labels';
import { useUpdatePerfil, type OwnPerfil } from '../perfil-api';
import { PerfilSubnav } from './own-perfil';
import { PerfilImages } from './perfil-images';

/*
 * /Dashboard/productor/perfil: the producer's public profile. Images are saved as they are uploaded
 * (PerfilImages); the organisation's data and contact are a form derived from the contract's profile schema
 * (web/lib/form-schema), saved with "Guardar cambios" and guarded against leaving unsaved.
 */

const DatosSchema = ProductorPerfilInputSchema.pick({
  tipoProductor: true,
  nombre: true,
  pais: true,
  region: true,
  municipio: true,
  altitud: true,
  hectareas: true,
  anioFundacion: true,
  sitioWeb: true,
  telefono: true,
  certificaciones: true,
});
const datosForm = formOf(DatosSchema);
const resolver = datosForm.resolver;
type Datos = z.output<typeof DatosSchema>;
type DatosValues = FormOf<Datos>;
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function DatosForm({ perfil }: { perfil: OwnPerfil }) {
  const save = useUpdatePerfil();
  const saved = useRef(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<DatosValues, unknown, Datos>({
    defaultValues: datosForm.defaults(perfil),
    resolver,
  });
  const err = (k: keyof DatosValues) => errors[k]?.message;
  const aria = (k: keyof DatosValues, hint = false) => fieldProps(`perfil-${k}`, err(k), hint);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const r = await save.mutateAsync(values);
      reset(datosForm.defaults(r.perfil));
      toast.success(r.message);
    } catch (e) {
      if (!showFieldErrors(e, datosForm.paths, setError)) setFormError(errorMessage(e));
      if (e instanceof ApiError) toast.error(e.message);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
      <FormAlert message={formError} />
      <section aria-labelledby="datos-perfil" className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
        <h2 id="datos-perfil" className="text-lg font-semibold sm:col-span-2">
          Datos de la organización
        </h2>
        <Field required id="perfil-nombre" label="Nombre de la finca u organización" error={err('nombre')}>
          <input className="input" autoComplete="organization" {...aria('nombre')} {...register('nombre')} />
        </Field>
        <Field required id="perfil-tipoProductor" label="Tipo de productor" error={err('tipoProductor')}>
          <select className="input" {...aria('tipoProductor')} {...register('tipoProductor')}>
            {TIPOS_PRODUCTOR.map((t) => (
              <option key={t} value={t}>
                {TIPO_PRODUCTOR_LABELS[t]}
              </option>
            ))}
          </select>
        </Field>
        <Field required id="perfil-pais" label="País" error={err('pais')}>
          <select className="input" {...aria('pais')} {...register('pais')}>
            {PAISES_ORIGEN.map((p) => (
              <option key={p.code} value={p.code}>
                {p.nombre}
              </option>
            ))}
          </select>
        </Field>
        <Field required id="perfil-region" label="Región o departamento" error={err('region')}>
          <input className="input" {...aria('region')} {...register('region')} />
        </Field>
        <Field id="perfil-municipio" label="Municipio (opcional)" error={err('municipio')}>
          <input className="input" {...aria('municipio')} {...register('municipio')} />
        </Field>
        <Field id="perfil-altitud" label="Altitud (m s. n. m.)" error={err('altitud')}>
          <input className="input" inputMode="numeric" {...aria('altitud')} {...register('altitud')} />
          <LecturaNumero id="perfil-altitud" texto={str(watch('altitud'))} decimales={0} />
        </Field>
        <Field id="perfil-hectareas" label="Superficie de café (ha)" error={err('hectareas')}>
          <input className="input" inputMode="decimal" {...aria('hectareas')} {...register('hectareas')} />
          <LecturaNumero id="perfil-hectareas" texto={str(watch('hectareas'))} decimales={2} />
        </Field>
        <Field id="perfil-anioFundacion" label="Año de fundación" error={err('anioFundacion')}>
          <input className="input" inputMode="numeric" {...aria('anioFundacion')} {...register('anioFundacion')} />
        </Field>
      </section>

      <section aria-labelledby="contacto-perfil" className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
        <h2 id="contacto-perfil" className="text-lg font-semibold sm:col-span-2">
          Contacto público
        </h2>
        <Field
          id="perfil-sitioWeb"
          label="Sitio web"
          error={err('sitioWeb')}
          hint="Por ejemplo mifinca.com: añadimos https:// si falta"
        >
          <input
            className="input"
            type="url"
            autoComplete="url"
            {...aria('sitioWeb', true)}
            {...register('sitioWeb')}
          />
        </Field>
        <Field
          id="perfil-telefono"
          label="Teléfono"
          error={err('telefono')}
          hint="Con prefijo internacional, por ejemplo +57 300 123 4567"
        >
          <input
            className="input"
            type="tel"
            autoComplete="tel"
            {...aria('telefono', true)}
            {...register('telefono')}
          />
        </Field>
      </section>

      <fieldset className="card p-5 sm:p-6">
        <legend className="sr-only">Certificaciones</legend>
        <p aria-hidden className="text-lg font-semibold">
          Certificaciones
        </p>
        <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
          {CERTIFICACIONES.map((c) => (
            <label key={c} className="inline-flex items-center gap-2 text-sm">
              <input type="checkbox" value={c} className="size-4 accent-primary-700" {...register('certificaciones')} />
              {CERTIFICACION_LABELS[c]}
            </label>
          ))}
        </div>
        {err('certificaciones') && <p className="field-error">{err('certificaciones')}</p>}
      </fieldset>

      <div className="flex gap-3">
        <button type="submit" className="btn-primary" disabled={isSubmitting || !isDirty}>
          <Save aria-hidden className="size-4" /> {isSubmitting ? 'Guardando…' : 'Guardar cambios'}
        </button>
        <button
          type="button"
          className="btn-ghost"
          disabled={!isDirty || isSubmitting}
          onClick={() => reset(datosForm.defaults(perfil))}
        >
          Descartar cambios
        </button>
      </div>
      <LeaveGuard dirty={isDirty && !isSubmitting} saved={saved} what="tu perfil" />
    </form>
  );
}

export function PerfilEditor({ perfil, userId }: { perfil: OwnPerfil; userId: string }) {
  return (
    <>
      <PerfilSubnav userId={userId} />
      <h1 className="text-2xl font-semibold">Perfil público</h1>
      <p className="mt-1 mb-6 max-w-3xl text-gray-700 dark:text-gray-300">
        Estos datos aparecen en tu página pública y en cada uno de tus lotes. Un perfil completo (historia, altitud y
        foto) da confianza a los compradores.
      </p>
      <div className="flex flex-col gap-6">
        <PerfilImages perfil={perfil} />
        <DatosForm perfil={perfil} />
      </div>
    </>
  );
}
