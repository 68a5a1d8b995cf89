import type { ReactNode } from 'react';
import { FieldError } from '../../components/ui/field';
import { showFieldErrors } from '../../lib/form-errors';
import { useForm } from 'react-hook-form';
import { Save, Trash2 } from 'lucide-react';
import { ProductorPerfilUpdateSchema, TIPOS_PRODUCTOR } from '../../../contract/perfiles';
import { usePageMeta } from '../../lib/page-meta';
import { errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { Avatar } from '../../components/ui/avatar';
import { WithOwnPerfil, PerfilSubnav } from '../../features/productores/components/own-perfil';
import { ImageUpload } from '../../components/ui/image-upload';
import { useUpdatePerfil, type OwnPerfil } from '../../features/productores/perfil-api';
import { TIPO_PRODUCTOR_LABELS } from '../../features/productores/labels';
import { CERTIFICACION_LABELS, CERTIFICACIONES, PAISES_ORIGEN } from '../../lib/catalogo-lotes';

interface FormValues {
  tipoProductor: string;
  nombre: string;
  pais: string;
  region: string;
  municipio: string;
  altitud: string;
  hectareas: string;
  anioFundacion: string;
  sitioWeb: string;
  telefono: string;
  certificaciones: string[];
  avatar: string;
  portada: string;
}

const str = (v: string | number | null) => (v === null || v === undefined ? '' : String(v));

const toForm = (p: OwnPerfil): FormValues => ({
  tipoProductor: p.tipoProductor,
  nombre: p.nombre,
  pais: p.pais,
  region: p.region,
  municipio: str(p.municipio),
  altitud: str(p.altitud),
  hectareas: str(p.hectareas),
  anioFundacion: str(p.anioFundacion),
  sitioWeb: str(p.sitioWeb),
  telefono: str(p.telefono),
  certificaciones: p.certificaciones,
  avatar: str(p.avatar),
  portada: str(p.portada),
});

function FieldRow({
  name,
  label,
  error,
  children,
  help,
}: {
  name: string;
  label: string;
  error?: string;
  children: ReactNode;
  help?: string;
}) {
  return (
    <div>
      <label htmlFor={name} className="label">
        {label}
      </label>
      {children}
      {help && <p className="mt-1 text-xs text-gray-600 dark:text-gray-400">{help}</p>}
      <FieldError id={name} error={error} />
    </div>
  );
}

function EditPerfil({ perfil, userId }: { perfil: OwnPerfil; userId: string }) {
  const save = useUpdatePerfil();
  const { register, handleSubmit, setError, setValue, watch, reset, formState } = useForm<FormValues>({
    defaultValues: toForm(perfil),
  });
  const { errors, isDirty } = formState;
  const avatar = watch('avatar');
  const cover = watch('portada');
  const nombre = watch('nombre');
  const err = (k: keyof FormValues) => errors[k]?.message as string | undefined;
  const aria = (k: keyof FormValues) => ({
    id: k,
    'aria-invalid': !!errors[k],
    'aria-describedby': errors[k] ? `${k}-error` : undefined,
  });

  const onSubmit = handleSubmit((values) => {
    // The shared schema checks the form exactly as the server will.
    const parsed = ProductorPerfilUpdateSchema.safeParse(values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        setError(String(issue.path[0]) as keyof FormValues, { message: issue.message });
      }
      return;
    }
    save.mutate(parsed.data, {
      onSuccess: (r) => {
        toast.success(r.message);
        if (r.dataUser.perfil) reset(toForm(r.dataUser.perfil as unknown as OwnPerfil));
      },
      onError: (e) => {
        showFieldErrors(e, Object.keys(toForm(perfil)) as (keyof FormValues)[], setError);
        toast.error(errorMessage(e));
      },
    });
  });

  return (
    <>
      <PerfilSubnav userId={userId} />
      <h1 className="text-2xl font-semibold">Perfil público</h1>
      <p className="mt-1 mb-6 max-w-3xl text-gray-700 dark:text-gray-300">
        Estos datos aparecen en tu página pública y en cada uno de tus lotes. Un perfil completo (historia, altitud y
        foto) da confianza a los compradores.
      </p>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        <section aria-labelledby="imagenes-perfil" className="card overflow-hidden">
          <h2 id="imagenes-perfil" className="sr-only">
            Portada y foto de perfil
          </h2>
          <div className="relative aspect-[3/1] bg-gradient-to-br from-primary-700 via-primary-800 to-gray-900 sm:aspect-[4/1]">
            {cover && <img src={cover} alt="Portada actual" className="size-full object-cover" />}
            <div className="absolute right-3 bottom-3 flex gap-2">
              <ImageUpload
                label={cover ? 'Cambiar portada' : 'Subir portada'}
                onUploaded={(r) => setValue('portada', r.urls.lg, { shouldDirty: true })}
                className="btn-secondary"
              />
              {cover && (
                <button
                  type="button"
                  className="btn-secondary"
                  onClick={() => setValue('portada', '', { shouldDirty: true })}
                  aria-label="Quitar portada"
                >
                  <Trash2 aria-hidden className="size-4" />
                </button>
              )}
            </div>
          </div>
          <div className="flex flex-wrap items-center gap-4 p-4">
            <Avatar src={avatar || null} name={nombre || 'Productor'} size={80} />
            <ImageUpload
              label={avatar ? 'Cambiar foto de perfil' : 'Subir foto de perfil o logotipo'}
              onUploaded={(r) => setValue('avatar', r.urls.sm, { shouldDirty: true })}
            />
            {avatar && (
              <button type="button" className="btn-ghost" onClick={() => setValue('avatar', '', { shouldDirty: true })}>
                Quitar foto
              </button>
            )}
            {err('avatar') && <p className="field-error">{err('avatar')}</p>}
            {err('portada') && <p className="field-error">{err('portada')}</p>}
          </div>
        </section>

        <section aria-labelledby="datos-perfil" className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
          <h2 id="datos-perfil" className="text-lg font-semibold sm:col-span-2">
            Datos de la organización
          </h2>
          <FieldRow name="nombre" label="Nombre de la finca u organización" error={err('nombre')}>
            <input className="input" autoComplete="organization" {...aria('nombre')} {...register('nombre')} />
          </FieldRow>
          <FieldRow name="tipoProductor" label="Tipo de productor" error={err('tipoProductor')}>
            <select className="input" {...aria('tipoProductor')} {...register('tipoProductor')}>
              {TIPOS_PRODUCTOR.map((t) => (
                <option key={t} value={t}>
                  {TIPO_PRODUCTOR_LABELS[t]}
                </option>
              ))}
            </select>
          </FieldRow>
          <FieldRow name="pais" label="País" error={err('pais')}>
            <select className="input" {...aria('pais')} {...register('pais')}>
              {PAISES_ORIGEN.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.nombre}
                </option>
              ))}
            </select>
          </FieldRow>
          <FieldRow name="region" label="Región o departamento" error={err('region')}>
            <input className="input" {...aria('region')} {...register('region')} />
          </FieldRow>
          <FieldRow name="municipio" label="Municipio (opcional)" error={err('municipio')}>
            <input className="input" {...aria('municipio')} {...register('municipio')} />
          </FieldRow>
          <FieldRow name="altitud" label="Altitud (m s. n. m.)" error={err('altitud')}>
            <input className="input" inputMode="numeric" {...aria('altitud')} {...register('altitud')} />
          </FieldRow>
          <FieldRow name="hectareas" label="Superficie de café (ha)" error={err('hectareas')}>
            <input className="input" inputMode="decimal" {...aria('hectareas')} {...register('hectareas')} />
          </FieldRow>
          <FieldRow name="anioFundacion" label="Año de fundación" error={err('anioFundacion')}>
            <input className="input" inputMode="numeric" {...aria('anioFundacion')} {...register('anioFundacion')} />
          </FieldRow>
        </section>

        <section aria-labelledby="contacto-perfil" className="card grid gap-4 p-5 sm:grid-cols-2 sm:p-6">
          <h2 id="contacto-perfil" className="text-lg font-semibold sm:col-span-2">
            Contacto público
          </h2>
          <FieldRow
            name="sitioWeb"
            label="Sitio web"
            error={err('sitioWeb')}
            help="Dirección completa, por ejemplo https://mifinca.com"
          >
            <input className="input" type="url" autoComplete="url" {...aria('sitioWeb')} {...register('sitioWeb')} />
          </FieldRow>
          <FieldRow
            name="telefono"
            label="Teléfono"
            error={err('telefono')}
            help="Con prefijo internacional, por ejemplo +57 300 123 4567"
          >
            <input className="input" type="tel" autoComplete="tel" {...aria('telefono')} {...register('telefono')} />
          </FieldRow>
        </section>

        <fieldset className="card p-5 sm:p-6">
          <legend className="sr-only">Certificaciones</legend>
          <p aria-hidden className="text-lg font-semibold">
            Certificaciones
          </p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            {CERTIFICACIONES.map((c) => (
              <label key={c} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  value={c}
                  className="size-4 accent-primary-700"
                  {...register('certificaciones')}
                />
                {CERTIFICACION_LABELS[c]}
              </label>
            ))}
          </div>
          {err('certificaciones') && <p className="field-error">{err('certificaciones')}</p>}
        </fieldset>

        <div className="flex gap-3">
          <button type="submit" className="btn-primary" disabled={save.isPending || !isDirty}>
            <Save aria-hidden className="size-4" /> {save.isPending ? 'Guardando…' : 'Guardar cambios'}
          </button>
          <button
            type="button"
            className="btn-ghost"
            disabled={!isDirty || save.isPending}
            onClick={() => reset(toForm(perfil))}
          >
            Descartar cambios
          </button>
        </div>
      </form>
    </>
  );
}

export function Component() {
  usePageMeta({ title: 'Perfil público' });
  return <WithOwnPerfil>{(perfil, userId) => <EditPerfil perfil={perfil} userId={userId} />}</WithOwnPerfil>;
}
