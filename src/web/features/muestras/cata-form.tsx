import { useEffect, useMemo, useState, type FormEvent } from 'react';
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
} from '../../../contract/muestras';
import { PUNTAJE_VERIFICACION } from '../../../contract/laboratorio';
import { ApiError, errorMessage } from '../../lib/api';
import { formatNumber } from '../../lib/format';
import { FormAlert } from '../../components/ui/field';

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

/**
 * The SCA 2004 sheet (docs/product.md §10–11): seven attributes in quarter points (number inputs: arrows move by 0,25), five
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

  const setAtributo = (a: AtributoSca, v: number) => setD((x) => ({ ...x, atributos: { ...x.atributos, [a]: v } }));
  const toggleTaza = (t: TazaSca, i: number) =>
    setD((x) => ({ ...x, tazas: { ...x.tazas, [t]: x.tazas[t].map((v, j) => (j === i ? !v : v)) } }));
  const setComentario = (k: AtributoSca | TazaSca | 'general', v: string) =>
    setD((x) => ({ ...x, comentarios: { ...x.comentarios, [k]: v } }));

  return (
    <form onSubmit={submit} aria-label={`Ficha de cata de ${titulo}`} className="space-y-5">
      <div
        className="sticky top-0 z-10 flex items-center justify-between rounded-lg bg-cereza-50 px-4 py-2 dark:bg-gray-800"
        aria-live="polite"
      >
        <span className="text-sm text-gray-700 dark:text-gray-300">Puntaje total (SCA)</span>
        <output className="text-2xl font-semibold tabular-nums" aria-label="Puntaje total">
          {formatNumber(total, 2, 2)}
        </output>
      </div>

      <fieldset>
        <legend className="mb-2 font-semibold">Atributos (6,00 a 10,00, en pasos de 0,25)</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {ATRIBUTOS_SCA.map((a) => (
            <div key={a}>
              <label htmlFor={`cata-${a}`} className="text-sm font-medium">
                {ATRIBUTO_LABELS[a]}
              </label>
              <input
                id={`cata-${a}`}
                type="number"
                inputMode="decimal"
                min={SCA.min}
                max={SCA.max}
                step={SCA.step}
                value={d.atributos[a]}
                onChange={(e) => {
                  const v = Number(e.target.value);
                  if (Number.isFinite(v)) setAtributo(a, v);
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
          <input
            id="cata-defectos-tazas"
            type="number"
            min={0}
            max={SCA.tazas}
            step={1}
            value={d.defectos.tazas}
            onChange={(e) =>
              setD((x) => ({
                ...x,
                defectos: { ...x.defectos, tazas: Math.max(0, Math.min(5, Math.trunc(Number(e.target.value) || 0))) },
              }))
            }
            className="input mt-1 w-24"
          />
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
          <input
            id="cata-agtron"
            type="number"
            min={20}
            max={120}
            step={1}
            value={d.agtron ?? ''}
            onChange={(e) =>
              setD((x) => ({ ...x, agtron: e.target.value === '' ? null : Math.trunc(Number(e.target.value)) }))
            }
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
