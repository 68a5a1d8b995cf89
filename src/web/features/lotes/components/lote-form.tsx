import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Controller, get, useForm, type FieldErrors, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useBlocker } from 'react-router';
import {
  CERTIFICACION_LABELS,
  CERTIFICACIONES,
  INCOTERM_LABELS,
  INCOTERMS,
  LOTE_LIMITS,
  LOTE_STATUS_LABELS,
  LoteInputSchema,
  MONEDA_LABELS,
  MONEDAS,
  PAISES,
  PESO_SACO_LABELS,
  PESOS_SACO,
  POSICION_LABELS,
  POSICIONES,
  PROCESO_LABELS,
  PROCESOS,
  SUGGESTED_VARIEDADES,
  type Lote,
  type LoteInput,
  type Ubicacion,
} from '../../../../contract/lotes';
import { FieldError } from '../../../components/ui/field';
import { AddImg } from '../../../components/ui/add-img';
import { MesYear } from '../../../components/ui/mes-year';
import { Modal } from '../../../components/ui/modal';
import { Select, type SelectOption } from '../../../components/ui/select';
import { ApiError } from '../../../lib/api';
import { toast } from '../../../lib/toast';
import { errorField, toBody, initialValues, type LoteFormValues } from '../form-values';

/*
 * One form for creating and editing a lot. toBody() (form-values.ts) turns the inputs into the API body and
 * the contract's LoteInputSchema, the same one the server runs, validates it through @hookform/resolvers/zod.
 */

const zod = zodResolver(LoteInputSchema);

const toOptions = <T extends string | number>(values: readonly T[], labels: Record<T, string>): SelectOption[] =>
  values.map((v) => ({ value: String(v), label: labels[v] }));
const PAIS_OPTIONS: SelectOption[] = PAISES.map((p) => ({ value: p.code, label: p.nombre }));
const VARIEDAD_OPTIONS: SelectOption[] = SUGGESTED_VARIEDADES.map((v) => ({ value: v, label: v }));
const CERT_OPTIONS = toOptions(CERTIFICACIONES, CERTIFICACION_LABELS);

function Section({ titulo, descripcion, children }: { titulo: string; descripcion?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="card p-5">
      <h2 id={id} className="text-lg font-semibold">
        {titulo}
      </h2>
      {descripcion && <p className="mt-1 text-sm text-gray-600 dark:text-gray-400">{descripcion}</p>}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">{children}</div>
    </section>
  );
}

export interface LoteFormProps {
  lote?: Lote;
  submitLabel: string;
  /** The spec's failure text for this call ("Error al crear lote" / "Error al actualizar lote"). */
  errorText: string;
  onSubmit: (body: LoteInput) => Promise<unknown>;
  onSaved: () => void;
  cancelHref: string;
}

export function LoteForm({ lote, submitLabel, errorText, onSubmit, onSaved, cancelHref }: LoteFormProps) {
  const [poligono, setPoligono] = useState<Ubicacion | null>(
    lote?.ubicacion?.type === 'Polygon' ? lote.ubicacion : null,
  );
  const poligonoRef = useRef(poligono);
  poligonoRef.current = poligono;
  const [generalError, setGeneralError] = useState<string | null>(null);
  // Each AddImg reports its uploads; saving waits until every photo has arrived.
  const [uploading, setUploading] = useState<Record<string, boolean>>({});
  const hasUploads = Object.values(uploading).some(Boolean);
  const markUploaded = (fieldName: string) => (busy: boolean) =>
    setUploading((s) => (s[fieldName] === busy ? s : { ...s, [fieldName]: busy }));
  const saved = useRef(false);
  const formId = useId();

  const resolver: Resolver<LoteFormValues> = async (values, ctx, options) => {
    const result = await zod(toBody(values, poligonoRef.current) as never, ctx, options as never);
    if (Object.keys(result.errors).length) {
      return { values: {}, errors: result.errors as FieldErrors<LoteFormValues> };
    }
    return { values: result.values as unknown as LoteFormValues, errors: {} };
  };

  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors, isDirty, isSubmitting },
  } = useForm<LoteFormValues>({ defaultValues: initialValues(lote), resolver, mode: 'onTouched' });

  const dirty = isDirty || poligono !== (lote?.ubicacion?.type === 'Polygon' ? lote.ubicacion : null);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty && !saved.current && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (saved.current) return;
      e.preventDefault();
      e.returnValue = '';
    };
    addEventListener('beforeunload', onBeforeUnload);
    return () => removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);

  const err = (name: string): string | undefined => {
    const e = get(errors, name) as { message?: string; root?: { message?: string } } | undefined;
    return e?.message ?? e?.root?.message;
  };
  /** Lists and the location report errors on their items ("ubicacion.coordinates.0"): the first one found. */
  const errDeep = (name: string): string | undefined => {
    const find = (e: unknown): string | undefined => {
      if (!e || typeof e !== 'object') return undefined;
      const m = (e as { message?: unknown }).message;
      if (typeof m === 'string' && m) return m;
      for (const [k, v] of Object.entries(e)) {
        if (k === 'ref') continue;
        const found = find(v);
        if (found) return found;
      }
      return undefined;
    };
    return find(get(errors, name));
  };
  const fieldId = (name: string) => `${formId}-${name.replace(/\./g, '-')}`;
  const describedBy = (name: string) => (err(name) ? `${fieldId(name)}-error` : undefined);

  const errorOf = (name: string) => <FieldError id={fieldId(name)} error={err(name)} />;

  /** A registered text input with its label, hint and error. */
  const text = ({
    name,
    label,
    hint,
    inputMode,
    wide,
    placeholder,
    maxLength,
  }: {
    name: keyof LoteFormValues | `desglosePrecio.${string}` | `muestra.${string}`;
    label: string;
    hint?: string;
    inputMode?: 'decimal' | 'numeric' | 'text';
    wide?: boolean;
    placeholder?: string;
    maxLength?: number;
  }) => (
    <div className={wide ? 'sm:col-span-2' : ''}>
      <label htmlFor={fieldId(name)} className="label">
        {label}
      </label>
      <input
        id={fieldId(name)}
        className="input"
        inputMode={inputMode}
        placeholder={placeholder}
        maxLength={maxLength}
        aria-invalid={!!err(name)}
        aria-describedby={
          [describedBy(name), hint ? `${fieldId(name)}-hint` : ''].filter(Boolean).join(' ') || undefined
        }
        {...register(name as never)}
      />
      {hint && (
        <p id={`${fieldId(name)}-hint`} className="mt-1 text-xs text-gray-600 dark:text-gray-400">
          {hint}
        </p>
      )}
      {errorOf(name)}
    </div>
  );

  const list = ({ name, label, values }: { name: keyof LoteFormValues; label: string; values: SelectOption[] }) => (
    <div>
      <label htmlFor={fieldId(name)} className="label">
        {label}
      </label>
      <select
        id={fieldId(name)}
        className="input"
        aria-invalid={!!err(name)}
        aria-describedby={describedBy(name)}
        {...register(name)}
      >
        {values.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {errorOf(name)}
    </div>
  );

  const submit = handleSubmit(async (values) => {
    setGeneralError(null);
    try {
      await onSubmit(values as unknown as LoteInput);
      saved.current = true;
      onSaved();
    } catch (e) {
      toast.error(errorText);
      if (e instanceof ApiError && e.fields) {
        let first = true;
        for (const [key, message] of Object.entries(e.fields)) {
          if (key === '_') {
            setGeneralError(message);
            continue;
          }
          setError(errorField(key) as never, { type: 'server', message }, { shouldFocus: first });
          first = false;
        }
      } else {
        setGeneralError(e instanceof ApiError ? e.message : errorText);
      }
    }
  });

  const withDesglose = watch('conDesglose');
  const muestraAvailable = watch('muestra.disponible');
  const posicion = watch('posicion');

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-5"
      aria-describedby={generalError ? `${formId}-general` : undefined}
    >
      {lote && (
        <p className="text-sm text-gray-700 dark:text-gray-300">
          Control de calidad: <strong>{LOTE_STATUS_LABELS[lote.status]}</strong>
          {lote.motivoRechazo ? ` — ${lote.motivoRechazo}` : ''}
        </p>
      )}

      <Section titulo="Identidad del lote">
        {text({ name: 'nombre', label: 'Nombre del lote', wide: true, maxLength: 120 })}
        {text({
          name: 'codigo',
          label: 'Código del lote',
          hint: lote ? undefined : 'Si lo dejas vacío, lo generamos (por ejemplo CO-25-0001).',
          maxLength: 40,
          placeholder: 'CO-HUI-24-014',
        })}
        <div className="sm:col-span-2">
          <label htmlFor={fieldId('descripcion')} className="label">
            Descripción
          </label>
          <textarea
            id={fieldId('descripcion')}
            rows={5}
            maxLength={5000}
            className="input"
            aria-invalid={!!err('descripcion')}
            aria-describedby={describedBy('descripcion')}
            {...register('descripcion')}
          />
          {errorOf('descripcion')}
        </div>
      </Section>

      <Section titulo="Origen">
        <Controller
          control={control}
          name="pais"
          render={({ field }) => (
            <div>
              <Select
                label="País"
                options={PAIS_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={err('pais')}
              />
            </div>
          )}
        />
        {text({ name: 'region', label: 'Región', maxLength: 100 })}
        {text({ name: 'municipio', label: 'Municipio', maxLength: 100 })}
        {text({ name: 'finca', label: 'Finca', maxLength: 120 })}
        {text({ name: 'altitudMin', label: 'Altitud mínima (m s. n. m.)', inputMode: 'numeric' })}
        {text({ name: 'altitudMax', label: 'Altitud máxima (m s. n. m.)', inputMode: 'numeric' })}
        {poligono ? (
          <div className="sm:col-span-2 rounded-lg bg-gray-50 p-3 text-sm dark:bg-gray-800">
            La parcela tiene un polígono de ubicación guardado.{' '}
            <button type="button" className="font-medium underline" onClick={() => setPoligono(null)}>
              Quitar el polígono
            </button>
          </div>
        ) : (
          <>
            {text({
              name: 'latitud',
              label: 'Latitud de la parcela',
              inputMode: 'decimal',
              hint: 'Entre -90 y 90; por ejemplo 2,19.',
            })}
            {text({
              name: 'longitud',
              label: 'Longitud de la parcela',
              inputMode: 'decimal',
              hint: 'Entre -180 y 180; por ejemplo -75,63.',
            })}
          </>
        )}
        {errDeep('ubicacion') && (
          <p className="field-error sm:col-span-2" role="alert">
            {errDeep('ubicacion')}
          </p>
        )}
      </Section>

      <Section titulo="Café">
        <Controller
          control={control}
          name="variedades"
          render={({ field }) => (
            <div className="sm:col-span-2">
              <Select
                multiple
                allowCustom
                max={LOTE_LIMITS.variedades}
                label="Variedades"
                options={VARIEDAD_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errDeep('variedades')}
              />
            </div>
          )}
        />
        {list({
          name: 'proceso',
          label: 'Proceso',
          values: [{ value: '', label: 'Elige un proceso' }, ...toOptions(PROCESOS, PROCESO_LABELS)],
        })}
        {text({ name: 'secado', label: 'Secado', placeholder: 'Camas africanas, 18 días', maxLength: 120 })}
        <Controller
          control={control}
          name="cosecha"
          render={({ field }) => (
            <MesYear
              label="Cosecha"
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('cosecha')}
            />
          )}
        />
      </Section>

      <Section titulo="Taza">
        {text({ name: 'puntaje', label: 'Puntaje SCA', inputMode: 'decimal', hint: 'De 0 a 100, en pasos de 0,25.' })}
        <Controller
          control={control}
          name="notasCata"
          render={({ field }) => (
            <div className="sm:col-span-2">
              <Select
                multiple
                allowCustom
                max={LOTE_LIMITS.notasCata}
                label="Notas de cata"
                options={[]}
                placeholder="Escribe una nota y pulsa Intro"
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errDeep('notasCata')}
              />
            </div>
          )}
        />
      </Section>

      <Section titulo="Físico">
        {text({ name: 'humedad', label: 'Humedad (%)', inputMode: 'decimal' })}
        {text({
          name: 'actividadAgua',
          label: 'Actividad de agua (aw)',
          inputMode: 'decimal',
          hint: 'Entre 0 y 1; por ejemplo 0,55.',
        })}
        {text({ name: 'densidad', label: 'Densidad (g/L)', inputMode: 'numeric' })}
        {text({ name: 'zaranda', label: 'Zaranda', placeholder: '15+', maxLength: 20 })}
      </Section>

      <Section titulo="Oferta">
        {text({ name: 'precioKg', label: 'Precio por kg', inputMode: 'decimal' })}
        {list({ name: 'moneda', label: 'Moneda', values: toOptions(MONEDAS, MONEDA_LABELS) })}
        {list({ name: 'incoterm', label: 'Incoterm', values: toOptions(INCOTERMS, INCOTERM_LABELS) })}
        {list({ name: 'posicion', label: 'Posición', values: toOptions(POSICIONES, POSICION_LABELS) })}
        {text({ name: 'sacosDisponibles', label: 'Sacos disponibles', inputMode: 'numeric' })}
        {list({ name: 'pesoSacoKg', label: 'Peso por saco', values: toOptions(PESOS_SACO, PESO_SACO_LABELS) })}
        {text({ name: 'loteMinimoSacos', label: 'Pedido mínimo (sacos)', inputMode: 'numeric' })}
        {text({
          name: 'ventanaEmbarque',
          label: 'Ventana de embarque',
          placeholder: 'Marzo–abril 2026',
          maxLength: 60,
          hint: posicion === 'FUTURO' ? 'Obligatoria para un lote a futuro.' : undefined,
        })}
        <Controller
          control={control}
          name="certificaciones"
          render={({ field }) => (
            <div className="sm:col-span-2">
              <Select
                multiple
                label="Certificaciones"
                options={CERT_OPTIONS}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errDeep('certificaciones')}
              />
            </div>
          )}
        />
        <div className="sm:col-span-2">
          <label className="flex items-center gap-2 text-sm font-medium">
            <input type="checkbox" className="size-4 accent-primary-700" {...register('conDesglose')} />
            Mostrar el desglose del precio (finca, exportación y comisión)
          </label>
          {err('desglosePrecio') && <p className="field-error">{err('desglosePrecio')}</p>}
        </div>
        {withDesglose && (
          <>
            {text({ name: 'desglosePrecio.precioFinca', label: 'Precio en finca por kg', inputMode: 'decimal' })}
            {text({
              name: 'desglosePrecio.costosExportacion',
              label: 'Costos de exportación por kg',
              inputMode: 'decimal',
            })}
            {text({
              name: 'desglosePrecio.comisionPlataforma',
              label: 'Comisión de la plataforma por kg',
              inputMode: 'decimal',
              hint: 'Las tres partes deben sumar el precio por kg.',
            })}
          </>
        )}
      </Section>

      <section className="card p-5">
        <Controller
          control={control}
          name="galeriaLote"
          render={({ field }) => (
            <AddImg
              label="Galería de fotos"
              max={LOTE_LIMITS.galeriaLote}
              value={field.value}
              onChange={field.onChange}
              onBusyChange={markUploaded('galeria')}
              error={errDeep('galeriaLote')}
            />
          )}
        />
      </section>

      <Section titulo="Muestra" descripcion="La muestra que envías a los compradores que la pidan.">
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" className="size-4 accent-primary-700" {...register('muestra.disponible')} />
          Ofrezco muestra de este lote
        </label>
        {muestraAvailable && (
          <>
            {text({ name: 'muestra.gramos', label: 'Gramos de la muestra', inputMode: 'numeric' })}
            {text({
              name: 'muestra.precio',
              label: 'Precio de la muestra',
              inputMode: 'decimal',
              hint: 'Déjalo vacío o en 0 si es gratuita.',
            })}
            <div className="sm:col-span-2">
              <Controller
                control={control}
                name="muestra.imagen"
                render={({ field }) => (
                  <AddImg
                    label="Foto de la muestra"
                    max={1}
                    value={field.value ? [{ url: field.value }] : []}
                    onChange={(items) => field.onChange(items[0]?.url ?? null)}
                    toItem={(img) => ({ url: img.urls.md, width: img.width, height: img.height })}
                    onBusyChange={markUploaded('muestra')}
                    error={err('muestra.imagen')}
                  />
                )}
              />
            </div>
          </>
        )}
      </Section>

      <section className="card p-5">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" className="size-4 accent-primary-700" {...register('ocultar')} />
          Ocultar este lote del catálogo público
        </label>
      </section>

      {generalError && (
        <p id={`${formId}-general`} role="alert" className="field-error">
          {generalError}
        </p>
      )}
      {Object.keys(errors).length > 0 && (
        <p role="alert" className="field-error">
          Revisa los campos marcados antes de guardar.
        </p>
      )}
      <div className="sticky bottom-0 z-10 -mx-1 flex flex-wrap justify-end gap-2 border-t border-gray-200 bg-gray-50/95 px-1 py-3 backdrop-blur dark:border-gray-800 dark:bg-gray-950/95">
        <Link to={cancelHref} className="btn-secondary">
          Cancelar
        </Link>
        <button type="submit" className="btn-primary" disabled={isSubmitting || hasUploads}>
          {isSubmitting ? 'Guardando…' : hasUploads ? 'Subiendo imágenes…' : submitLabel}
        </button>
      </div>

      <Modal
        open={blocker.state === 'blocked'}
        onClose={() => blocker.reset?.()}
        title="¿Salir sin guardar?"
        size="max-w-md"
      >
        <p className="text-gray-700 dark:text-gray-300">
          Tienes cambios sin guardar en este lote. Si sales ahora, se perderán.
        </p>
        <div className="mt-5 flex justify-end gap-2">
          <button type="button" className="btn-secondary" onClick={() => blocker.reset?.()}>
            Seguir editando
          </button>
          <button type="button" className="btn-danger" onClick={() => blocker.proceed?.()}>
            Salir sin guardar
          </button>
        </div>
      </Modal>
    </form>
  );
}
