import { useState, type FormEvent } from 'react';
import { CERTIFICACIONES, CERTIFICACION_LABELS, PAISES_ORIGEN } from '../../../contract/lotes-codes';
import type { Finca, FincaInput, GeometriaParcela } from '../../../contract/fincas';
import type { FilaImportada } from '../../../contract/parcelas-import';
import { ApiError, errorMessage } from '../../lib/api';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/session';
import { ErrorRetry } from '../../components/ui/error-retry';
import { Field, fieldProps } from '../../components/ui/field';
import { ImageUpload } from '../../components/ui/image-upload';
import { Modal } from '../../components/ui/modal';
import { useCrearFincaPropia, useEliminarFinca, useGuardarFinca, useMisFincas } from './api';
import { MapaFincas } from './mapa-fincas';
import { FincaDatos } from './finca-datos';
import { UbicacionEditor } from './ubicacion-editor';
import { ImportarParcelas } from './importar-parcelas';
import { EvidenciasFinca } from './evidencias-finca';
import { NumeroInput, numeroDe, primerError } from '../../components/ui/numero-input';
import { formatoEs, type OpcionesNumero } from '../../components/ui/numero';

/** /Dashboard/productor/productores: the organisation's member farms (a single farm: itself). */
export function FincasPage() {
  const { user } = useSession();
  const perfil = user?.tipoUser === 'PRODUCTOR' ? user.perfil : null;
  const esFinca = perfil?.tipoProductor === 'FINCA';
  const { data: fincas, isPending, isError, error, refetch } = useMisFincas();
  // A new farm, one to edit, or a refused import row to fix (its data prefilled).
  const [editando, setEditando] = useState<Finca | 'nueva' | FilaImportada | null>(null);
  const eliminar = useEliminarFinca();
  const propia = useCrearFincaPropia();

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
      {!esFinca && <ImportarParcelas onCorregir={setEditando} />}
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
                disabled={eliminar.isPending}
                onClick={async () => {
                  if (!window.confirm(`¿Eliminar la finca «${f.nombre}»?`)) return;
                  try {
                    toast.success((await eliminar.mutateAsync(f.id)).message);
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

/** The farm's numbers, typed the Spanish way ("1.850" m, "12,5" ha). */
const NUMEROS = { altitud: { decimales: 0 }, hectareas: { decimales: 2 } } satisfies Record<string, OpcionesNumero>;

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
  const guardar = useGuardarFinca();
  const { data: misFincas } = useMisFincas();
  const { user } = useSession();
  const perfilPais = user?.tipoUser === 'PRODUCTOR' ? user.perfil?.pais : undefined;
  const [v, setV] = useState({
    nombre: finca?.nombre ?? borrador?.nombre ?? '',
    productorNombre: finca?.productorNombre ?? borrador?.borrador?.productorNombre ?? '',
    region: finca?.region ?? borrador?.borrador?.region ?? '',
    municipio: finca?.municipio ?? borrador?.borrador?.municipio ?? '',
    altitud: finca?.altitud != null ? formatoEs(finca.altitud, 0) : '',
    hectareas:
      finca?.hectareas != null
        ? formatoEs(finca.hectareas, 2)
        : borrador?.hectareas != null
          ? formatoEs(borrador.hectareas, 2)
          : '',
    variedades: finca?.variedades.join(', ') ?? '',
  });
  const [certs, setCerts] = useState<string[]>(finca?.certificaciones ?? []);
  const [ubicacion, setUbicacion] = useState<{ ubicacion: GeometriaParcela | null; error?: string }>({
    ubicacion: finca?.ubicacion ?? borrador?.borrador?.ubicacion ?? null,
  });
  const [pais, setPais] = useState(finca?.pais ?? borrador?.borrador?.pais ?? perfilPais ?? '');
  const [avisos, setAvisos] = useState<string | null>(null);
  const [confirmar, setConfirmar] = useState(false);
  const [foto, setFoto] = useState<string | null>(finca?.foto ?? null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV({ ...v, [k]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (ubicacion.error) {
      setErrors({ ubicacion: ubicacion.error });
      return;
    }
    const refusals = Object.fromEntries(
      (Object.keys(NUMEROS) as (keyof typeof NUMEROS)[]).flatMap((k) => {
        const err = primerError([[v[k], NUMEROS[k]]]);
        return err ? [[k, err]] : [];
      }),
    );
    if (Object.keys(refusals).length) {
      setErrors(refusals);
      return;
    }
    const body: FincaInput = {
      nombre: v.nombre,
      productorNombre: v.productorNombre,
      region: v.region,
      municipio: v.municipio,
      altitud: numeroDe(v.altitud, NUMEROS.altitud),
      hectareas: numeroDe(v.hectareas, NUMEROS.hectareas),
      variedades: v.variedades
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
      certificaciones: certs as FincaInput['certificaciones'],
      ubicacion: ubicacion.ubicacion,
      foto,
      ...(pais ? { pais } : {}),
      confirmarAvisos: confirmar,
    };
    try {
      const r = await guardar.mutateAsync({ id: finca?.id, body });
      toast.success(r.message);
      onDone();
    } catch (err) {
      if (err instanceof ApiError && err.code === 'PARCELA_AVISOS') {
        setErrors({});
        setAvisos(err.message);
      } else if (err instanceof ApiError && err.fields) {
        const fields: Record<string, string> = {};
        for (const [k, m] of Object.entries(err.fields)) fields[k.split('.')[0]] ??= m;
        setErrors(fields);
      } else toast.error(errorMessage(err));
    }
  };

  const campo = (k: keyof typeof v, label: string, required = false, inputMode?: 'decimal' | 'numeric') => (
    <Field id={`finca-${k}`} label={label} error={errors[k]} required={required}>
      {k in NUMEROS ? (
        <NumeroInput
          className="input"
          value={v[k]}
          onChange={(texto) => setV({ ...v, [k]: texto })}
          {...NUMEROS[k as keyof typeof NUMEROS]}
          {...fieldProps(`finca-${k}`, errors[k])}
        />
      ) : (
        <input
          className="input"
          value={v[k]}
          onChange={set(k)}
          inputMode={inputMode}
          {...fieldProps(`finca-${k}`, errors[k])}
        />
      )}
    </Field>
  );

  return (
    <form onSubmit={submit} className="space-y-3" noValidate>
      <div className="grid gap-3 sm:grid-cols-2">
        {campo('nombre', 'Nombre de la finca', true)}
        {campo('productorNombre', 'Nombre del productor')}
        {campo('region', 'Región', true)}
        {campo('municipio', 'Municipio')}
        {campo('altitud', 'Altitud (m s. n. m.)', false, 'numeric')}
        {campo('hectareas', 'Hectáreas', false, 'decimal')}
      </div>
      {campo('variedades', 'Variedades (separadas por comas)')}
      <fieldset>
        <legend className="text-sm font-medium">Certificaciones</legend>
        <div className="mt-1 flex flex-wrap gap-3 text-sm">
          {CERTIFICACIONES.map((c) => (
            <label key={c} className="flex items-center gap-1">
              <input
                type="checkbox"
                checked={certs.includes(c)}
                onChange={(e) => setCerts(e.target.checked ? [...certs, c] : certs.filter((x) => x !== c))}
              />
              {CERTIFICACION_LABELS[c]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field id="finca-pais" label="País de la parcela" error={errors.pais}>
        <select
          className="input"
          value={pais}
          onChange={(e) => setPais(e.target.value)}
          {...fieldProps('finca-pais', errors.pais)}
        >
          <option value="">Elige un país</option>
          {PAISES_ORIGEN.map((p) => (
            <option key={p.code} value={p.code}>
              {p.nombre}
            </option>
          ))}
        </select>
      </Field>
      {ubicacion.ubicacion?.type === 'MultiPolygon' ? (
        <p className="text-sm">
          La parcela es un multipolígono de {ubicacion.ubicacion.coordinates.length} partes (importado de un archivo).{' '}
          <button type="button" className="underline" onClick={() => setUbicacion({ ubicacion: null })}>
            Dibujarla de nuevo
          </button>
        </p>
      ) : (
        <UbicacionEditor
          value={ubicacion.ubicacion}
          onChange={setUbicacion}
          error={errors.ubicacion}
          otras={(misFincas ?? []).filter((f) => f.id !== finca?.id)}
          onUsarArea={(ha) => setV((prev) => ({ ...prev, hectareas: formatoEs(Math.round(ha * 100) / 100, 2) }))}
        />
      )}
      {errors.hectareas && !v.hectareas && <p className="text-sm text-red-700 dark:text-red-300">{errors.hectareas}</p>}
      {avisos && (
        <div role="alert" className="rounded-lg border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-950">
          <p>{avisos}</p>
          <label className="mt-2 flex items-center gap-2">
            <input type="checkbox" checked={confirmar} onChange={(e) => setConfirmar(e.target.checked)} />
            Lo he comprobado: la parcela está donde digo
          </label>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-3">
        {foto && <img src={foto} alt="Foto de la finca" className="h-16 w-24 rounded object-cover" />}
        <ImageUpload label="Subir foto" onUploaded={(r) => setFoto(r.url)} onError={(m) => m && toast.error(m)}>
          {foto ? 'Cambiar foto' : 'Subir foto'}
        </ImageUpload>
        {foto && (
          <button type="button" className="btn-secondary" onClick={() => setFoto(null)}>
            Quitar foto
          </button>
        )}
      </div>
      <div className="flex justify-end gap-2">
        <button type="button" className="btn-secondary" onClick={onDone}>
          Cancelar
        </button>
        <button type="submit" className="btn-primary" disabled={guardar.isPending}>
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
