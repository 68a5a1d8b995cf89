import { useEffect, useState, type ReactNode } from 'react';
import {
  Controller,
  FormProvider,
  get,
  useForm,
  useFormContext,
  useWatch,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { z } from 'zod';
import {
  ATRIBUTO_LABELS,
  ATRIBUTOS_SCA,
  DECISION_CATA_LABELS,
  DECISION_OBLIGATORIA,
  DECISIONES_CATA,
  HojaCataSchema,
  INTENSIDADES,
  INTENSIDAD_DEFECTO,
  SCA,
  TAZAS_SCA,
  puntajeSca,
  tieneDecision,
  type AtributoSca,
  type HojaCata,
  type IntensidadDefecto,
  type TazaSca,
} from '../../contract/muestras';
import { PUNTAJE_VERIFICACION } from '../../contract/laboratorio';
import { useFormSubmit } from '../lib/form-errors';
import { formOf, type FormOf } from '../lib/form-schema';
import { formatNumber } from '../lib/format';
import { FieldError, FormAlert, fieldProps } from './ui/field';
import { NumeroInput } from './ui/numero-input';
import { formatoEs, readNumero, type OpcionesNumero } from './ui/numero';

type Intensidad = (typeof INTENSIDADES)[number];
const INTENSIDAD_LABELS: Record<Intensidad, string> = { BAJA: 'Baja', MEDIA: 'Media', ALTA: 'Alta' };
type Comentario = AtributoSca | TazaSca | 'general';

export const notasFrom = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 8);

/*
 * The sheet's form is the contract's HojaCataSchema (web/lib/form-schema): its numbers typed as text and read the
 * Spanish way, its messages, its defaults. Written here is only what a person types differently from what the
 * contract stores: the descriptors are one text separated by commas, and a comment left blank is no comment.
 */
export const HojaFormSchema = HojaCataSchema.extend({
  notasCata: z.string().transform(notasFrom).pipe(HojaCataSchema.shape.notasCata.unwrap()),
  comentarios: z.preprocess(
    (v) => Object.fromEntries(Object.entries(v ?? {}).filter(([, t]) => typeof t === 'string' && t.trim())),
    HojaCataSchema.shape.comentarios,
  ),
});
/** The sheet as the form holds it: numbers as typed ("8,25"), the descriptors as one text. */
export type HojaValues = Omit<FormOf<HojaCata>, 'notasCata' | 'comentarios'> & {
  notasCata: string;
  comentarios: Partial<Record<Comentario, string>>;
};
const hojaForm = formOf(HojaFormSchema);
/** The resolver of the sheet (the form's value type names the descriptors' text, which formOf cannot know). */
export const hojaResolver = hojaForm.resolver as unknown as Resolver<HojaValues, unknown, HojaCata>;
/** An offer sample's sheet also says whether the buyer is interested (the contract's CataInputSchema rule). */
export const conDecisionResolver = formOf(HojaFormSchema.refine(tieneDecision, DECISION_OBLIGATORIA))
  .resolver as unknown as Resolver<HojaValues, unknown, HojaCata>;

/** A new sheet: every attribute at 7,50, every cup ticked, no defects. */
export function emptyHoja(): HojaValues {
  return {
    ...(hojaForm.defaults() as unknown as HojaValues),
    atributos: Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, formatoEs(7.5, 2, 2)])) as Record<AtributoSca, string>,
    tazas: Object.fromEntries(TAZAS_SCA.map((t) => [t, [true, true, true, true, true]])) as Record<TazaSca, boolean[]>,
    defectos: { tazas: '0', intensidad: 'MANCHA' },
  };
}

/** How each typed number of the sheet is read and shown (contract/numero): attributes in quarter points up to 10. */
const OPCIONES = {
  ...(Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, { decimales: 2, max: SCA.max }])) as Record<
    AtributoSca,
    OpcionesNumero
  >),
  defectosTazas: { decimales: 0, max: SCA.tazas },
  agtron: { decimales: 0 },
} satisfies Record<string, OpcionesNumero>;

/** The sheet's typed numbers, by their names in the form (and the server's). */
const NUMEROS = [...ATRIBUTOS_SCA.map((a) => `atributos.${a}` as const), 'defectos.tazas', 'agtron'] as const;
/** The comments the sheet shows: one per attribute and the general one. */
const COMENTARIOS: Comentario[] = [...ATRIBUTOS_SCA, 'general'];

/** Every field of the sheet the server may name in a refusal, each shown under its box. */
export const CAMPOS_HOJA: Path<HojaValues>[] = [
  ...NUMEROS,
  ...COMENTARIOS.map((c) => `comentarios.${c}` as const),
  'defectos.intensidad',
  'intensidadAcidez',
  'intensidadCuerpo',
  'notasCata',
  'decision',
  'motivo',
];

/** Whether the form's check refused one of the sheet's numbers (`prefix`: where the sheet sits in its form). */
export const numberRefused = (errors: FieldErrors, prefix = '') => NUMEROS.some((n) => get(errors, `${prefix}${n}`));

const draftKey = (id: string) => `cereza:cata:${id}`;

/**
 * A stored draft: this form's values, or those of the earlier form, which kept the numbers as read and the
 * descriptors as `notas`.
 */
type Draft = Omit<Partial<HojaValues>, keyof OldDraft> & OldDraft;
interface OldDraft {
  atributos?: Partial<Record<AtributoSca, number | string>>;
  defectos?: { tazas?: number | string; intensidad?: string };
  notas?: string;
  agtron?: number | string | null;
  decision?: string | null;
  intensidadAcidez?: string | null;
  intensidadCuerpo?: string | null;
}

/** A stored draft as the form holds it. */
export function fromDraft(guardado: Draft): HojaValues {
  const vacia = emptyHoja();
  const texto = (v: unknown, decimales: number, minimo = 0) =>
    typeof v === 'number' ? formatoEs(v, decimales, minimo) : typeof v === 'string' ? v : undefined;
  const atributos = guardado.atributos ?? {};
  const { notas, ...resto } = guardado;
  return {
    ...vacia,
    ...resto,
    atributos: Object.fromEntries(
      ATRIBUTOS_SCA.map((a) => [a, texto(atributos[a], 2, 2) ?? vacia.atributos[a]]),
    ) as Record<AtributoSca, string>,
    tazas: { ...vacia.tazas, ...guardado.tazas },
    defectos: {
      tazas: texto(guardado.defectos?.tazas, 0) ?? vacia.defectos.tazas,
      intensidad: guardado.defectos?.intensidad ?? vacia.defectos.intensidad,
    },
    notasCata: guardado.notasCata ?? notas ?? '',
    comentarios: { ...guardado.comentarios },
    agtron: texto(guardado.agtron, 0) ?? '',
    decision: guardado.decision ?? '',
    intensidadAcidez: guardado.intensidadAcidez ?? '',
    intensidadCuerpo: guardado.intensidadCuerpo ?? '',
    fisico: null,
  };
}

function loadDraft(id: string): HojaValues {
  try {
    const raw = localStorage.getItem(draftKey(id));
    if (raw) return fromDraft(JSON.parse(raw) as Draft);
  } catch {
    // An unreadable draft is no draft.
  }
  return emptyHoja();
}

/**
 * What the live total counts: each typed number as last read (a text it cannot read keeps the last reading; on
 * opening, a new sheet's value).
 */
type Lecturas = Record<AtributoSca | 'defectosTazas', number>;
function lecturasOf(h: HojaValues): Lecturas {
  const read = (t: string, o: OpcionesNumero, previo: number) => {
    const r = t.trim() === '' ? null : readNumero(t, o);
    return r?.ok ? r.valor : previo;
  };
  return {
    ...(Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, read(h.atributos[a], OPCIONES[a], 7.5)])) as Record<
      AtributoSca,
      number
    >),
    defectosTazas: read(h.defectos.tazas, OPCIONES.defectosTazas, 0),
  };
}

/** A field's message, or for a list (the descriptors) the first of its items'. */
function mensaje(errors: FieldErrors, name: string): string | undefined {
  const e = get(errors, name) as { message?: string } | undefined;
  if (!e) return undefined;
  const items = Object.values(e) as Array<{ message?: string } | undefined>;
  return e.message ?? items.find((x) => typeof x === 'object' && x?.message)?.message;
}

/**
 * The sheet's fields (attributes, cups, defects, intensities and roast, descriptors, general comment), for the
 * cupping form and for any form that carries a sheet (a claim's arrival cupping, under `prefix`), inside that
 * form's FormProvider. Each number is typed the Spanish way ("8,25") and the arrows move an attribute by 0,25;
 * `total` shows the live score (the server's own function) where the form wants it.
 */
export function CataCampos({
  prefix = '',
  total,
  despues,
}: {
  prefix?: '' | 'cataLlegada.';
  total: (puntaje: number) => ReactNode;
  /** What the form shows after the sheet that depends on its score (the lab's verdict). */
  despues?: (puntaje: number) => ReactNode;
}) {
  const { control, register, getValues, formState } = useFormContext<HojaValues>();
  // The sheet's names are its own behind the prefix: typed as the sheet's, whatever form holds it.
  const n = (campo: Path<HojaValues>) => `${prefix}${campo}` as Path<HojaValues>;
  const error = (campo: Path<HojaValues>) => mensaje(formState.errors, n(campo));
  const [leido, setLeido] = useState<Lecturas>(() =>
    lecturasOf((prefix ? get(getValues(), prefix.slice(0, -1)) : getValues()) as HojaValues),
  );
  const [tazas, intensidad] = useWatch({ control, name: [n('tazas'), n('defectos.intensidad')] }) as unknown as [
    HojaValues['tazas'],
    IntensidadDefecto,
  ];
  const puntaje = puntajeSca({ atributos: leido, tazas, defectos: { tazas: leido.defectosTazas, intensidad } });
  const remember = (k: keyof Lecturas, t: string) => {
    const r = t.trim() === '' ? null : readNumero(t, OPCIONES[k]);
    if (r?.ok) setLeido((x) => ({ ...x, [k]: r.valor }));
  };
  const describe = (id: string, campo: Path<HojaValues>) => fieldProps(id, error(campo));

  return (
    <>
      {total(puntaje)}
      <fieldset>
        <legend className="mb-2 font-semibold">Atributos (6,00 a 10,00, en pasos de 0,25)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ATRIBUTOS_SCA.map((a) => (
            <div key={a}>
              <label htmlFor={`cata-${a}`} className="text-sm font-medium">
                {ATRIBUTO_LABELS[a]}
              </label>
              <Controller
                control={control}
                name={n(`atributos.${a}`)}
                render={({ field }) => {
                  const write = (t: string) => {
                    field.onChange(t);
                    remember(a, t);
                  };
                  return (
                    <NumeroInput
                      {...describe(`cata-${a}`, `atributos.${a}`)}
                      ref={field.ref}
                      name={field.name}
                      onBlur={field.onBlur}
                      role="spinbutton"
                      aria-valuemin={SCA.min}
                      aria-valuemax={SCA.max}
                      aria-valuenow={leido[a]}
                      {...OPCIONES[a]}
                      value={String(field.value)}
                      onChange={write}
                      onKeyDown={(e) => {
                        // The arrows move by a quarter point, as the sheet's scale does.
                        if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
                        e.preventDefault();
                        const paso = e.key === 'ArrowUp' ? SCA.step : -SCA.step;
                        const v = Math.min(SCA.max, Math.max(SCA.min, Math.round((leido[a] + paso) * 4) / 4));
                        write(formatoEs(v, 2, 2));
                      }}
                      className="input mt-1 w-full"
                    />
                  );
                }}
              />
              <FieldError id={`cata-${a}`} error={error(`atributos.${a}`)} />
              <input
                type="text"
                aria-label={`Comentario sobre ${ATRIBUTO_LABELS[a].toLowerCase()}`}
                placeholder="Comentario (opcional)"
                maxLength={500}
                className="input mt-1 w-full text-sm"
                {...describe(`cata-comentario-${a}`, `comentarios.${a}`)}
                {...register(n(`comentarios.${a}`))}
              />
              <FieldError id={`cata-comentario-${a}`} error={error(`comentarios.${a}`)} />
            </div>
          ))}
        </div>
      </fieldset>

      {TAZAS_SCA.map((t) => (
        <fieldset key={t}>
          <legend className="mb-1 font-semibold">
            {ATRIBUTO_LABELS[t]}{' '}
            <span className="text-sm font-normal text-gray-600 dark:text-gray-400">(2 puntos por taza)</span>
          </legend>
          <Controller
            control={control}
            name={n(`tazas.${t}`)}
            render={({ field }) => {
              const marcadas = field.value as boolean[];
              return (
                <div className="flex flex-wrap gap-2">
                  {marcadas.map((v, i) => (
                    <label key={i} className="inline-flex min-h-11 items-center gap-1 rounded border px-3">
                      <input
                        type="checkbox"
                        checked={v}
                        onChange={() => field.onChange(marcadas.map((x, j) => (j === i ? !x : x)))}
                      />
                      Taza {i + 1}
                    </label>
                  ))}
                </div>
              );
            }}
          />
        </fieldset>
      ))}

      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 font-semibold">Defectos (tazas × intensidad, se restan)</legend>
        <div>
          <label htmlFor="cata-defectos-tazas" className="text-sm">
            Tazas con defecto
          </label>
          <Controller
            control={control}
            name={n('defectos.tazas')}
            render={({ field }) => (
              <NumeroInput
                {...describe('cata-defectos-tazas', 'defectos.tazas')}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                {...OPCIONES.defectosTazas}
                value={String(field.value)}
                onChange={(t) => {
                  field.onChange(t);
                  remember('defectosTazas', t);
                }}
                className="input mt-1 w-24"
              />
            )}
          />
          <FieldError id="cata-defectos-tazas" error={error('defectos.tazas')} />
        </div>
        <div>
          <label htmlFor="cata-defectos-intensidad" className="text-sm">
            Intensidad
          </label>
          <select
            className="input mt-1"
            {...describe('cata-defectos-intensidad', 'defectos.intensidad')}
            {...register(n('defectos.intensidad'))}
          >
            {(Object.keys(INTENSIDAD_DEFECTO) as IntensidadDefecto[]).map((k) => (
              <option key={k} value={k}>
                {k === 'MANCHA' ? 'Mancha (2)' : 'Falla (4)'}
              </option>
            ))}
          </select>
          <FieldError id="cata-defectos-intensidad" error={error('defectos.intensidad')} />
        </div>
      </fieldset>

      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 font-semibold">Intensidades y tueste (opcional)</legend>
        {(
          [
            ['intensidadAcidez', 'Intensidad de la acidez'],
            ['intensidadCuerpo', 'Intensidad del cuerpo'],
          ] as const
        ).map(([key, label]) => (
          <div key={key}>
            <label htmlFor={`cata-${key}`} className="text-sm">
              {label}
            </label>
            <select className="input mt-1" {...describe(`cata-${key}`, key)} {...register(n(key))}>
              <option value="">Sin indicar</option>
              {INTENSIDADES.map((i) => (
                <option key={i} value={i}>
                  {INTENSIDAD_LABELS[i]}
                </option>
              ))}
            </select>
            <FieldError id={`cata-${key}`} error={error(key)} />
          </div>
        ))}
        <div>
          <label htmlFor="cata-agtron" className="text-sm">
            Tueste (Agtron)
          </label>
          <Controller
            control={control}
            name={n('agtron')}
            render={({ field }) => (
              <NumeroInput
                {...describe('cata-agtron', 'agtron')}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                {...OPCIONES.agtron}
                value={String(field.value)}
                onChange={field.onChange}
                className="input mt-1 w-28"
              />
            )}
          />
          <FieldError id="cata-agtron" error={error('agtron')} />
        </div>
      </fieldset>

      <div>
        <label htmlFor="cata-notas" className="font-semibold">
          Descriptores (separados por comas, hasta 8)
        </label>
        <input
          type="text"
          placeholder="panela, mandarina, jazmín"
          className="input mt-1 w-full"
          {...describe('cata-notas', 'notasCata')}
          {...register(n('notasCata'))}
        />
        <FieldError id="cata-notas" error={error('notasCata')} />
      </div>
      <div>
        <label htmlFor="cata-general" className="font-semibold">
          Comentario general
        </label>
        <textarea
          rows={2}
          maxLength={500}
          className="input mt-1 w-full"
          {...describe('cata-general', 'comentarios.general')}
          {...register(n('comentarios.general'))}
        />
        <FieldError id="cata-general" error={error('comentarios.general')} />
      </div>
      {despues?.(puntaje)}
    </>
  );
}

/**
 * The SCA 2004 sheet (docs/product.md §10–11): seven attributes in quarter points (typed the Spanish way, "8,25"; arrows move by 0,25), five
 * cups of uniformity / clean cup / sweetness as toggles, defects, the total live from the server's own function,
 * descriptors, a comment per attribute, the decision. The draft is kept while typing; submitting is final.
 */
export function CataForm({
  muestraId,
  titulo,
  onSubmit,
  pending,
  laboratorio = false,
  conDecision = !laboratorio,
}: {
  /** The draft's key: the sample's id (or the lot's, for the lab). */
  muestraId: string;
  titulo: string;
  onSubmit: (hoja: HojaCata) => Promise<unknown>;
  pending: boolean;
  /** Cereza's lab cups a lot: no buyer's decision; the total decides (80 or more verifies). */
  laboratorio?: boolean;
  /**
   * "¿Te interesa el lote?": asked of offer samples only; a pre-shipment or arrival sample belongs to an order
   * already contracted (its approval is the order's own move).
   */
  conDecision?: boolean;
}) {
  const [draft] = useState(() => loadDraft(muestraId));
  const form = useForm<HojaValues, unknown, HojaCata>({
    defaultValues: draft,
    resolver: conDecision ? conDecisionResolver : hojaResolver,
  });
  const { register, formState } = form;
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          try {
            localStorage.setItem(draftKey(muestraId), JSON.stringify(values));
          } catch {
            // Private mode: the draft lives only in the page.
          }
        },
      }),
    [form, muestraId],
  );
  const { submit, alert } = useFormSubmit(
    form,
    CAMPOS_HOJA,
    async (hoja) => {
      await onSubmit(conDecision ? hoja : { ...hoja, decision: null });
      localStorage.removeItem(draftKey(muestraId));
    },
    {
      marked: 'Revisa los campos marcados.',
      invalid: (errors) => (numberRefused(errors) ? 'Revisa los números marcados.' : null),
    },
  );
  const decisionError = formState.errors.decision?.message;
  const motivoError = formState.errors.motivo?.message;
  const motivo = (label: string) => (
    <>
      <label htmlFor="cata-motivo" className="mt-2 block text-sm">
        {label}
      </label>
      <input
        type="text"
        maxLength={500}
        className="input mt-1 w-full"
        {...fieldProps('cata-motivo', motivoError)}
        {...register('motivo')}
      />
      <FieldError id="cata-motivo" error={motivoError} />
    </>
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} aria-label={`Ficha de cata de ${titulo}`} className="space-y-5" noValidate>
        <CataCampos
          total={(total) => (
            <div
              className="sticky top-0 z-20 flex items-center justify-between rounded-lg border border-primary-200 bg-primary-50 px-4 py-2 shadow-sm dark:border-gray-700 dark:bg-gray-800"
              aria-live="polite"
            >
              <span className="text-sm text-gray-700 dark:text-gray-300">Puntaje total (SCA)</span>
              <output className="text-2xl font-semibold tabular-nums" aria-label="Puntaje total">
                {formatNumber(total, 2, 2)}
              </output>
            </div>
          )}
          despues={
            laboratorio
              ? (total) => (
                  <div>
                    <p className="font-semibold" aria-live="polite">
                      Dictamen:{' '}
                      {total >= PUNTAJE_VERIFICACION
                        ? `el lote queda verificado con ${formatNumber(total, 2, 2)} puntos.`
                        : `el lote queda rechazado (${formatNumber(total, 2, 2)} puntos; se necesitan ${PUNTAJE_VERIFICACION}).`}
                    </p>
                    {motivo(
                      'Observaciones para el productor (opcional; con un rechazo, son el motivo junto a la ficha)',
                    )}
                  </div>
                )
              : undefined
          }
        />

        {laboratorio ? null : conDecision ? (
          <fieldset aria-describedby={decisionError ? 'cata-decision-error' : undefined}>
            <legend className="mb-1 font-semibold">¿Te interesa el lote?</legend>
            <div className="flex flex-wrap gap-4">
              {DECISIONES_CATA.map((v) => (
                <label key={v} className="inline-flex min-h-11 items-center gap-2">
                  <input
                    type="radio"
                    value={v}
                    aria-invalid={decisionError ? true : undefined}
                    {...register('decision')}
                  />
                  {DECISION_CATA_LABELS[v]}
                </label>
              ))}
            </div>
            <FieldError id="cata-decision" error={decisionError} />
            {motivo('Motivo (opcional)')}
          </fieldset>
        ) : null}

        <FormAlert message={alert} />
        <p className="text-sm text-gray-600 dark:text-gray-400">
          El borrador se guarda en este navegador mientras escribes. Al enviar, la ficha es definitiva y el productor
          podrá leerla
          {laboratorio ? '; si el lote queda verificado, también la verá el público en la página del lote' : ''}.
        </p>
        <button type="submit" className="btn-primary" disabled={pending}>
          {pending ? 'Enviando…' : laboratorio ? 'Enviar ficha y dictamen' : 'Enviar ficha de cata'}
        </button>
      </form>
    </FormProvider>
  );
}
