import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { CERTIFICACIONES, CERTIFICACION_LABELS, PAISES_ORIGEN } from '../../../contract/lotes-codes';
import { FincaInputSchema, type Finca, type GeometriaParcela } from '../../../contract/fincas';
import type { FilaImportada } from '../../../contract/parcelas-import';
import { ApiError, errorMessage } from '../../lib/api';
import { showFieldErrors } from '../../lib/form-errors';
import { formOf, type FormOf } from '../../lib/form-schema';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { ImageUpload } from '../../components/ui/image-upload';
import { Modal } from '../../components/ui/modal';
import { useCreateFincaPropia, useDeleteFinca, useSaveFinca, useMisFincas } from './api';
import { MapaFincas } from './mapa-fincas';
import { FincaDatos } from './finca-datos';
import { UbicacionEditor } from './ubicacion-editor';
import { ImportParcelas } from './import-parcelas';
import { EvidenciasFinca } from './evidencias-finca';
import { NumeroInput } from '../../components/ui/numero-input';
import { formatoEs, type OpcionesNumero } from '../../components/ui/numero';

/** /Dashboard/productor/productores: the organisation's member farms (a single farm: itself). */
export function FincasPage() {
  const { user } = useSession();
  const perfil = user?.tipoUser === 'PRODUCTOR' ? user.perfil : null;
  const esFinca = perfil?.tipoProductor === 'FINCA';
  const { data: fincas, isPending, isError, error, refetch } = useMisFincas();
  // A new farm, one to edit, or a refused import row to fix (its data prefilled).
  const [editando, setEditando] = useState<Finca | 'nueva' | FilaImportada | null>(null);
  const deletion = useDeleteFinca();
  const propia = useCreateFincaPropia();

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-2xl font-semibold">{esFinca ? 'Mi finca' : 'Productores asociados'}</h1>
        {!esFinca && (
          <button type="button" className="btn-primary" onClick={() => setEditando('nueva')}>
            Añadir finca
          </button>
        )}
      </div>
      <p className="text-sm text-gray-700 dark:text-gray-300">
        {esFinca
          ? 'Una finca individual tiene una sola finca: la suya. Sus datos y su ubicación dan trazabilidad a tus lotes.'
          : 'Las fincas de tus socios, con su ubicación (punto o polígono): cada lote dice de qué fincas viene, como piden las normas europeas contra la deforestación.'}
      </p>
      {isPending && <div className="card h-32 animate-pulse" aria-hidden />}
      {isError && <ErrorRetry message={errorMessage(error)} onRetry={() => void refetch()} />}
      {fincas && fincas.length === 0 && (
        <div className="card space-y-3 p-6">
          <p>{esFinca ? 'Aún no has creado tu finca.' : 'Aún no has añadido fincas.'}</p>
          {esFinca && (
            <button
              type="button"
              className="btn-primary"
              disabled={propia.isPending}
              onClick={async () => {
                try {
                  toast.success((await propia.mutateAsync()).message);
                } catch (err) {
                  toast.error(errorMessage(err));
                }
              }}
            >
              Crear mi finca desde mi perfil
            </button>
          )}
        </div>
      )}
      {!esFinca && <ImportParcelas onCorregir={setEditando} />}
      {fincas && fincas.length > 0 && <MapaFincas fincas={fincas} />}
      <ul className="grid gap-3 sm:grid-cols-2">
        {fincas?.map((f) => (
          <li key={f.id} className="card space-y-2 p-4">
            {f.foto && (
              <img src={f.foto} alt={`Foto de ${f.nombre}`} className="aspect-video w-full rounded-lg object-cover" />
            )}
            <h2 className="font-semibold">{f.nombre}</h2>
            <FincaDatos finca={f} />
            <EstadoEudr finca={f} />
            <EvidenciasFinca fincaId={f.id} nombre={f.nombre} />
            <div className="flex gap-2">
              <button type="button" className="btn-secondary" onClick={() => setEditando(f)}>
                Editar
              </button>
              <button
                type="button"
                className="btn-secondary"
                disabled={deletion.isPending}
                onClick={async () => {
                  if (!window.confirm(`¿Eliminar la finca «${f.nombre}»?`)) return;
                  try {
                    toast.success((await deletion.mutateAsync(f.id)).message);
                  } catch (err) {
                    toast.error(errorMessage(err));
                  }
                }}
              >
                Eliminar
              </button>
            </div>
          </li>
        ))}
      </ul>
      <Modal
        open={!!editando}
        onClose={() => setEditando(null)}
        title={
          editando === 'nueva' || (editando && 'fila' in editando)
            ? 'Añadir finca'
            : editando
              ? `Editar ${editando.nombre}`
              : ''
        }
        size="max-w-2xl"
      >
        {editando && (
          <FincaForm
            finca={editando === 'nueva' || 'fila' in editando ? null : editando}
            borrador={editando !== 'nueva' && 'fila' in editando ? editando : undefined}
            onDone={() => setEditando(null)}
          />
        )}
      </Modal>
    </div>
  );
}

/** How the farm's numbers are shown while typed ("1.850" m, "12,5" ha). */
const NUMEROS = { altitud: { decimales: 0 }, hectareas: { decimales: 2 } } satisfies Record<string, OpcionesNumero>;

/*
 * The farm form is derived from the contract's FincaInputSchema (web/lib/form-schema): values, defaults, parsing
 * and Spanish messages. Only what the contract cannot know is written here: the varieties are typed as one text
 * separated by commas.
 */
const fincaForm = formOf(FincaInputSchema);
type Parsed = z.output<typeof FincaInputSchema>;
type Values = Omit<FormOf<Parsed>, 'variedades'> & { variedades: string };
const fincaResolver = zodResolver(
  z.preprocess((v) => {
    const x = v as Values;
    const variedades = x.variedades
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    return { ...x, variedades };
  }, fincaForm.schema) as unknown as z.ZodType<Parsed, Values>,
);
const CAMPOS = fincaForm.paths as (keyof Values)[];

function FincaForm({
  finca,
  borrador,
  onDone,
}: {
  finca: Finca | null;
  /** A refused import row: the form starts from what the file said, for the producer to fix. */
  borrador?: FilaImportada;
  onDone: () => void;
}) {
  const save = useSaveFinca();
  const { data: misFincas } = useMisFincas();
  const { user } = useSession();
  const perfilPais = user?.tipoUser === 'PRODUCTOR' ? user.perfil?.pais : undefined;
  const b = borrador?.borrador;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values, unknown, Parsed>({
    defaultValues: {
      ...fincaForm.defaults({
        ...(finca
          ? (finca as Partial<Parsed>)
          : {
              nombre: borrador?.nombre,
              productorNombre: b?.productorNombre,
              region: b?.region ?? undefined,
              municipio: b?.municipio,
              hectareas: borrador?.hectareas,
              ubicacion: b?.ubicacion ?? null,
            }),
        pais: finca?.pais ?? b?.pais ?? perfilPais ?? undefined,
        confirmarAvisos: false,
      }),
      variedades: finca?.variedades.join(', ') ?? '',
    },
    resolver: fincaResolver,
  });
  const err = (k: keyof Values) => errors[k]?.message;
  // What the map editor could not read yet (an unclosed polygon): refused on submit, beside the map.
  const [problemaUbicacion, setProblemaUbicacion] = useState<string | undefined>();
  const [avisos, setAvisos] = useState<string | null>(null);
  const ubicacion = watch('ubicacion') as GeometriaParcela | null;
  const foto = watch('foto');
  const hectareas = watch('hectareas');

  const submit = handleSubmit(async (body) => {
    if (problemaUbicacion) {
      setError('ubicacion', { type: 'editor', message: problemaUbicacion }, { shouldFocus: true });
      return;
    }
    try {
      const r = await save.mutateAsync({ id: finca?.id, body });
      toast.success(r.message);
      onDone();
    } catch (e) {
      if (e instanceof ApiError && e.code === 'PARCELA_AVISOS') setAvisos(e.message);
      else if (!showFieldErrors(e, CAMPOS, setError)) toast.error(errorMessage(e));
    }
  });

  const campo = (
    k: 'nombre' | 'productorNombre' | 'region' | 'municipio' | 'variedades',
    label: string,
    required = false,
  ) => (
    <Field id={`finca-${k}`} label={label} error={err(k)} required={required}>
      <input className="input" {...fieldProps(`finca-${k}`, err(k))} {...register(k)} />
    </Field>
  );
  const numero = (k: keyof typeof NUMEROS, label: string) => (
    <Field id={`finca-${k}`} label={label} error={err(k)}>
      <Controller
        control={control}
        name={k}
        render={({ field }) => (
          <NumeroInput className="input" {...field} {...NUMEROS[k]} {...fieldProps(`finca-${k}`, err(k))} />
        )}
      />
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        {campo('nombre', 'Nombre de la finca', true)}
        {campo('productorNombre', 'Nombre del productor')}
        {campo('region', 'Región', true)}
        {campo('municipio', 'Municipio')}
        {numero('altitud', 'Altitud (m s. n. m.)')}
        {numero('hectareas', 'Hectáreas')}
      </div>
      {campo('variedades', 'Variedades (separadas por comas)')}
      <fieldset>
        <legend className="text-sm font-medium">Certificaciones</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm">
          {CERTIFICACIONES.map((c) => (
            <label key={c} className="flex items-center gap-1">
              <input type="checkbox" value={c} {...register('certificaciones')} />
              {CERTIFICACION_LABELS[c]}
            </label>
          ))}
        </div>
        {err('certificaciones') && <p className="field-error">{err('certificaciones')}</p>}
      </fieldset>
      <Field id="finca-pais" label="País de la parcela" error={err('pais')}>
        <select className="input" {...fieldProps('finca-pais', err('pais'))} {...register('pais')}>
          <option value="">Elige un país</option>
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {p.nombre}
            </option>
          ))}
        </select>
      </Field>
      {ubicacion?.type === 'MultiPolygon' ? (
        <p className="text-sm">
          La parcela es un multipolígono de {ubicacion.coordinates.length} partes (importado de un archivo).{' '}
          <button type="button" className="underline" onClick={() => setValue('ubicacion', null)}>
            Dibujarla de nuevo
          </button>
        </p>
      ) : (
        <UbicacionEditor
          value={ubicacion}
          onChange={(u) => {
            setValue('ubicacion', u.ubicacion as Values['ubicacion']);
            setProblemaUbicacion(u.error);
          }}
          error={err('ubicacion')}
          otras={(misFincas ?? []).filter((f) => f.id !== finca?.id)}
          onUsarArea={(ha) => setValue('hectareas', formatoEs(Math.round(ha * 100) / 100, 2))}
        />
      )}
      {err('hectareas') && !hectareas && <p className="text-sm text-red-700 dark:text-red-300">{err('hectareas')}</p>}
      {avisos && (
        <div role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-950">
          <p>{avisos}</p>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" {...register('confirmarAvisos')} />
            Lo he comprobado: la parcela está donde digo
          </label>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {foto && <img src={foto} alt="Foto de la finca" className="h-16 w-24 rounded object-cover" />}
        <ImageUpload
          label="Subir foto"
          onUploaded={(r) => setValue('foto', r.url)}
          onError={(m) => m && toast.error(m)}
        >
          {foto ? 'Cambiar foto' : 'Subir foto'}
        </ImageUpload>
        {foto && (
          <button type="button" className="btn-secondary" onClick={() => setValue('foto', '')}>
            Quitar foto
          </button>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="btn-primary" disabled={save.isPending}>
          Guardar finca
        </button>
      </div>
    </form>
  );
}

/** Whether the farm counts as an EUDR plot, and what it lacks or what the producer confirmed. */
function EstadoEudr({ finca }: { finca: Finca }) {
  const { valida, faltas, avisos, areaCalculadaHa } = finca.eudr;
  return (
    <div className="text-sm">
      <p
        className={
          valida
            ? 'font-medium text-emerald-800 dark:text-emerald-300'
            : 'font-medium text-amber-800 dark:text-amber-300'
        }
      >
        {valida ? 'Parcela lista para la EUDR' : 'Parcela sin completar para la EUDR'}
      </p>
      {areaCalculadaHa != null && (
        <p>Área del polígono: {areaCalculadaHa.toLocaleString('es-ES', { maximumFractionDigits: 2 })} ha</p>
      )}
      {faltas.length > 0 && (
        <ul className="list-disc pl-5">
          {faltas.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
      )}
      {avisos.map((m) => (
        <p key={m}>Aviso confirmado: {m}</p>
      ))}
    </div>
  );
}
