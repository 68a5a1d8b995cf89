import { useEffect, useMemo, useState, type Dispatch, type FormEvent, type SetStateAction } from 'react';
import {
  ATRIBUTO_LABELS,
  ATRIBUTOS_SCA,
  DECISION_CATA_LABELS,
  DECISIONES_CATA,
  INTENSIDADES,
  INTENSIDAD_DEFECTO,
  SCA,
  TAZAS_SCA,
  puntajeSca,
  type AtributoSca,
  type DecisionCata,
  type HojaCata,
  type IntensidadDefecto,
  type TazaSca,
} from '../../contract/muestras';
import { PUNTAJE_VERIFICACION } from '../../contract/laboratorio';
import { ApiError, errorMessage } from '../lib/api';
import { formatNumber } from '../lib/format';
import { FormAlert } from './ui/field';
import { NumeroInput } from './ui/numero-input';
import { formatoEs, readNumero, type OpcionesNumero } from './ui/numero';

export interface Draft {
  atributos: Record<AtributoSca, number>;
  tazas: Record<TazaSca, boolean[]>;
  defectos: { tazas: number; intensidad: IntensidadDefecto };
  notas: string;
  comentarios: Partial<Record<AtributoSca | TazaSca | 'general', string>>;
  decision: DecisionCata | null;
  motivo: string;
  intensidadAcidez?: Intensidad | null;
  intensidadCuerpo?: Intensidad | null;
  agtron?: number | null;
}

type Intensidad = (typeof INTENSIDADES)[number];
const INTENSIDAD_LABELS: Record<Intensidad, string> = { BAJA: 'Baja', MEDIA: 'Media', ALTA: 'Alta' };

export const emptyDraft = (): Draft => ({
  atributos: Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, 7.5])) as Record<AtributoSca, number>,
  tazas: Object.fromEntries(TAZAS_SCA.map((t) => [t, [true, true, true, true, true]])) as Record<TazaSca, boolean[]>,
  defectos: { tazas: 0, intensidad: 'MANCHA' },
  notas: '',
  comentarios: {},
  decision: null,
  motivo: '',
});

const draftKey = (id: string) => `cereza:cata:${id}`;

function loadDraft(id: string): Draft {
  try {
    const raw = localStorage.getItem(draftKey(id));
    if (raw) return { ...emptyDraft(), ...(JSON.parse(raw) as Partial<Draft>) };
  } catch {
    // An unreadable draft is no draft.
  }
  return emptyDraft();
}

export const notasFrom = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .slice(0, 8);

export function toHoja(d: Draft): HojaCata {
  const comentarios = Object.fromEntries(Object.entries(d.comentarios).filter(([, v]) => v && v.trim())) as Record<
    string,
    string
  >;
  return {
    atributos: d.atributos,
    tazas: d.tazas,
    defectos: d.defectos,
    intensidadAcidez: d.intensidadAcidez ?? null,
    intensidadCuerpo: d.intensidadCuerpo ?? null,
    notasCata: notasFrom(d.notas),
    comentarios,
    agtron: d.agtron ?? null,
    fisico: null,
    decision: d.decision,
    motivo: d.motivo,
  };
}

/** The sheet's typed numbers, as the person wrote them ("8,25"): the draft holds what they read as. */
export type TextosCata = Record<AtributoSca | 'defectosTazas' | 'agtron', string>;

/** How each typed number of the sheet is read (contract/numero): attributes in quarter points up to 10. */
const OPCIONES: Record<keyof TextosCata, OpcionesNumero> = {
  ...(Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, { decimales: 2, max: SCA.max }])) as Record<
    AtributoSca,
    OpcionesNumero
  >),
  defectosTazas: { decimales: 0, max: SCA.tazas },
  agtron: { decimales: 0 },
};

/** The texts a draft shows, in the Spanish way ("7,50"). */
export function textosDe(d: Draft): TextosCata {
  return {
    ...(Object.fromEntries(ATRIBUTOS_SCA.map((a) => [a, formatoEs(d.atributos[a], 2, 2)])) as Record<
      AtributoSca,
      string
    >),
    defectosTazas: formatoEs(d.defectos.tazas, 0),
    agtron: d.agtron != null ? formatoEs(d.agtron, 0) : '',
  };
}

/**
 * What cannot be read among the sheet's typed numbers, keyed as the server names the fields ("atributos.acidez",
 * "defectos.tazas", "agtron"): a sheet is sent only when this is empty.
 */
export function erroresDeTextos(t: TextosCata): Record<string, string> {
  const campo = (k: keyof TextosCata) =>
    k === 'defectosTazas' ? 'defectos.tazas' : k === 'agtron' ? 'agtron' : `atributos.${k}`;
  return Object.fromEntries(
    (Object.keys(OPCIONES) as (keyof TextosCata)[]).flatMap((k) => {
      if (k !== 'agtron' && t[k].trim() === '') return [[campo(k), 'Escribe un número.']];
      const r = t[k].trim() === '' ? null : readNumero(t[k], OPCIONES[k]);
      return r && !r.ok ? [[campo(k), r.error]] : [];
    }),
  );
}

/**
 * The sheet's fields (attributes, cups, defects, intensities and roast, descriptors, general comment), for the
 * cupping form and for any form that carries a sheet (a claim's arrival cupping). The parent holds the draft and
 * the typed texts; each number is typed the Spanish way ("8,25") and the arrows move an attribute by 0,25.
 */
export function CataCampos({
  d,
  setD,
  textos,
  setTextos,
  fields,
}: {
  d: Draft;
  setD: Dispatch<SetStateAction<Draft>>;
  textos: TextosCata;
  setTextos: Dispatch<SetStateAction<TextosCata>>;
  fields: Record<string, string>;
}) {
  const write = (k: keyof TextosCata, t: string) => {
    setTextos((x) => ({ ...x, [k]: t }));
    const r = t.trim() === '' ? null : readNumero(t, OPCIONES[k]);
    if (k === 'agtron') {
      if (!r || r.ok) setD((x) => ({ ...x, agtron: r ? r.valor : null }));
    } else if (r?.ok) {
      const v = r.valor;
      setD((x) =>
        k === 'defectosTazas'
          ? { ...x, defectos: { ...x.defectos, tazas: v } }
          : { ...x, atributos: { ...x.atributos, [k]: v } },
      );
    }
  };
  const toggleTaza = (t: TazaSca, i: number) =>
    setD((x) => ({ ...x, tazas: { ...x.tazas, [t]: x.tazas[t].map((v, j) => (j === i ? !v : v)) } }));
  const setComentario = (k: AtributoSca | TazaSca | 'general', v: string) =>
    setD((x) => ({ ...x, comentarios: { ...x.comentarios, [k]: v } }));
  return (
    <>
      <fieldset>
        <legend className="mb-2 font-semibold">Atributos (6,00 a 10,00, en pasos de 0,25)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ATRIBUTOS_SCA.map((a) => (
            <div key={a}>
              <label htmlFor={`cata-${a}`} className="text-sm font-medium">
                {ATRIBUTO_LABELS[a]}
              </label>
              <NumeroInput
                id={`cata-${a}`}
                role="spinbutton"
                aria-valuemin={SCA.min}
                aria-valuemax={SCA.max}
                aria-valuenow={d.atributos[a]}
                {...OPCIONES[a]}
                value={textos[a]}
                onChange={(t) => write(a, t)}
                onKeyDown={(e) => {
                  // The arrows move by a quarter point, as the sheet's scale does.
                  if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
                  e.preventDefault();
                  const paso = e.key === 'ArrowUp' ? SCA.step : -SCA.step;
                  const v = Math.min(SCA.max, Math.max(SCA.min, Math.round((d.atributos[a] + paso) * 4) / 4));
                  write(a, formatoEs(v, 2, 2));
                }}
                className="input mt-1 w-full"
                aria-invalid={fields[`atributos.${a}`] ? true : undefined}
              />
              {fields[`atributos.${a}`] && <p className="field-error">{fields[`atributos.${a}`]}</p>}
              <input
                type="text"
                aria-label={`Comentario sobre ${ATRIBUTO_LABELS[a].toLowerCase()}`}
                placeholder="Comentario (opcional)"
                value={d.comentarios[a] ?? ''}
                onChange={(e) => setComentario(a, e.target.value)}
                maxLength={500}
                className="input mt-1 w-full text-sm"
              />
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
          <div className="flex flex-wrap gap-2">
            {d.tazas[t].map((v, i) => (
              <label key={i} className="inline-flex min-h-11 items-center gap-1 rounded border px-3">
                <input type="checkbox" checked={v} onChange={() => toggleTaza(t, i)} />
                Taza {i + 1}
              </label>
            ))}
          </div>
        </fieldset>
      ))}

      <fieldset className="flex flex-wrap items-end gap-3">
        <legend className="mb-1 font-semibold">Defectos (tazas × intensidad, se restan)</legend>
        <div>
          <label htmlFor="cata-defectos-tazas" className="text-sm">
            Tazas con defecto
          </label>
          <NumeroInput
            id="cata-defectos-tazas"
            {...OPCIONES.defectosTazas}
            value={textos.defectosTazas}
            onChange={(t) => write('defectosTazas', t)}
            className="input mt-1 w-24"
            aria-invalid={fields['defectos.tazas'] ? true : undefined}
          />
          {fields['defectos.tazas'] && <p className="field-error">{fields['defectos.tazas']}</p>}
        </div>
        <div>
          <label htmlFor="cata-defectos-intensidad" className="text-sm">
            Intensidad
          </label>
          <select
            id="cata-defectos-intensidad"
            value={d.defectos.intensidad}
            onChange={(e) =>
              setD((x) => ({ ...x, defectos: { ...x.defectos, intensidad: e.target.value as IntensidadDefecto } }))
            }
            className="input mt-1"
          >
            {(Object.keys(INTENSIDAD_DEFECTO) as IntensidadDefecto[]).map((k) => (
              <option key={k} value={k}>
                {k === 'MANCHA' ? 'Mancha (2)' : 'Falla (4)'}
              </option>
            ))}
          </select>
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
            <select
              id={`cata-${key}`}
              className="input mt-1"
              value={d[key] ?? ''}
              onChange={(e) => setD((x) => ({ ...x, [key]: (e.target.value || null) as Intensidad | null }))}
            >
              <option value="">Sin indicar</option>
              {INTENSIDADES.map((i) => (
                <option key={i} value={i}>
                  {INTENSIDAD_LABELS[i]}
                </option>
              ))}
            </select>
          </div>
        ))}
        <div>
          <label htmlFor="cata-agtron" className="text-sm">
            Tueste (Agtron)
          </label>
          <NumeroInput
            id="cata-agtron"
            {...OPCIONES.agtron}
            value={textos.agtron}
            onChange={(t) => write('agtron', t)}
            className="input mt-1 w-28"
            aria-invalid={fields.agtron ? true : undefined}
          />
          {fields.agtron && <p className="field-error">{fields.agtron}</p>}
        </div>
      </fieldset>

      <div>
        <label htmlFor="cata-notas" className="font-semibold">
          Descriptores (separados por comas, hasta 8)
        </label>
        <input
          id="cata-notas"
          type="text"
          value={d.notas}
          onChange={(e) => setD((x) => ({ ...x, notas: e.target.value }))}
          placeholder="panela, mandarina, jazmín"
          className="input mt-1 w-full"
        />
      </div>
      <div>
        <label htmlFor="cata-general" className="font-semibold">
          Comentario general
        </label>
        <textarea
          id="cata-general"
          rows={2}
          maxLength={500}
          value={d.comentarios.general ?? ''}
          onChange={(e) => setComentario('general', e.target.value)}
          className="input mt-1 w-full"
        />
      </div>
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
  const [d, setD] = useState<Draft>(() => loadDraft(muestraId));
  const [textos, setTextos] = useState<TextosCata>(() => textosDe(d));
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  useEffect(() => {
    try {
      localStorage.setItem(draftKey(muestraId), JSON.stringify(d));
    } catch {
      // Private mode: the draft lives only in the page.
    }
  }, [d, muestraId]);

  const total = useMemo(() => puntajeSca(d), [d]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    const ilegibles = erroresDeTextos(textos);
    if (Object.keys(ilegibles).length) {
      setFields(ilegibles);
      setError('Revisa los números marcados.');
      return;
    }
    if (conDecision && !d.decision) {
      setFields({ decision: 'Elige si te interesa el lote.' });
      return;
    }
    try {
      await onSubmit(conDecision ? toHoja(d) : { ...toHoja(d), decision: null });
      localStorage.removeItem(draftKey(muestraId));
    } catch (err) {
      if (err instanceof ApiError && err.fields) setFields(err.fields);
      setError(errorMessage(err));
    }
  };

  return (
    <form onSubmit={submit} aria-label={`Ficha de cata de ${titulo}`} className="space-y-5">
      <div
        className="sticky top-0 z-20 flex items-center justify-between rounded-lg border border-primary-200 bg-primary-50 px-4 py-2 shadow-sm dark:border-gray-700 dark:bg-gray-800"
        aria-live="polite"
      >
        <span className="text-sm text-gray-700 dark:text-gray-300">Puntaje total (SCA)</span>
        <output className="text-2xl font-semibold tabular-nums" aria-label="Puntaje total">
          {formatNumber(total, 2, 2)}
        </output>
      </div>

      <CataCampos d={d} setD={setD} textos={textos} setTextos={setTextos} fields={fields} />

      {laboratorio ? (
        <div>
          <p className="font-semibold" aria-live="polite">
            Dictamen:{' '}
            {total >= PUNTAJE_VERIFICACION
              ? `el lote queda verificado con ${formatNumber(total, 2, 2)} puntos.`
              : `el lote queda rechazado (${formatNumber(total, 2, 2)} puntos; se necesitan ${PUNTAJE_VERIFICACION}).`}
          </p>
          <label htmlFor="cata-motivo" className="mt-2 block text-sm">
            Observaciones para el productor (opcional; con un rechazo, son el motivo junto a la ficha)
          </label>
          <input
            id="cata-motivo"
            type="text"
            maxLength={500}
            value={d.motivo}
            onChange={(e) => setD((x) => ({ ...x, motivo: e.target.value }))}
            className="input mt-1 w-full"
          />
        </div>
      ) : conDecision ? (
        <fieldset>
          <legend className="mb-1 font-semibold">¿Te interesa el lote?</legend>
          <div className="flex flex-wrap gap-4">
            {DECISIONES_CATA.map((v) => (
              <label key={v} className="inline-flex min-h-11 items-center gap-2">
                <input
                  type="radio"
                  name="decision"
                  value={v}
                  checked={d.decision === v}
                  onChange={() => setD((x) => ({ ...x, decision: v }))}
                />
                {DECISION_CATA_LABELS[v]}
              </label>
            ))}
          </div>
          {fields.decision && <p className="field-error">{fields.decision}</p>}
          <label htmlFor="cata-motivo" className="mt-2 block text-sm">
            Motivo (opcional)
          </label>
          <input
            id="cata-motivo"
            type="text"
            maxLength={500}
            value={d.motivo}
            onChange={(e) => setD((x) => ({ ...x, motivo: e.target.value }))}
            className="input mt-1 w-full"
          />
        </fieldset>
      ) : null}

      <FormAlert message={error} />
      <p className="text-sm text-gray-600 dark:text-gray-400">
        El borrador se guarda en este navegador mientras escribes. Al enviar, la ficha es definitiva y el productor
        podrá leerla
        {laboratorio ? '; si el lote queda verificado, también la verá el público en la página del lote' : ''}.
      </p>
      <button type="submit" className="btn-primary" disabled={pending}>
        {pending ? 'Enviando…' : laboratorio ? 'Enviar ficha y dictamen' : 'Enviar ficha de cata'}
      </button>
    </form>
  );
}
