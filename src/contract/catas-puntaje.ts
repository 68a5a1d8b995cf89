/**
 * The SCA 2004 cupping sheet's arithmetic, without zod: the server computes every total with it and the web's
 * form shows the same number live (docs/decisions/019).
 */

/** The seven attributes scored 6.00–10.00 in quarter points, in the order of the SCA form. */
export const ATRIBUTOS_SCA = [
  'fragranciaAroma',
  'sabor',
  'regusto',
  'acidez',
  'cuerpo',
  'balance',
  'puntajeCatador',
] as const;
export type AtributoSca = (typeof ATRIBUTOS_SCA)[number];

/** Ticked per cup, five cups, two points each cup. */
export const TAZAS_SCA = ['uniformidad', 'tazaLimpia', 'dulzor'] as const;
export type TazaSca = (typeof TAZAS_SCA)[number];

export const ATRIBUTO_LABELS: Record<AtributoSca | TazaSca, string> = {
  fragranciaAroma: 'Fragancia / aroma',
  sabor: 'Sabor',
  regusto: 'Regusto',
  acidez: 'Acidez',
  cuerpo: 'Cuerpo',
  balance: 'Balance',
  puntajeCatador: 'Puntaje del catador',
  uniformidad: 'Uniformidad',
  tazaLimpia: 'Taza limpia',
  dulzor: 'Dulzor',
};

export const SCA = { min: 6, max: 10, step: 0.25, tazas: 5, puntosPorTaza: 2 } as const;

/** Defects: cups × intensity (taint 2, fault 4), subtracted from the sum. */
export const INTENSIDAD_DEFECTO = { MANCHA: 2, FALLA: 4 } as const;
export type IntensidadDefecto = keyof typeof INTENSIDAD_DEFECTO;

export interface PuntajeInput {
  atributos: Record<AtributoSca, number>;
  tazas: Record<TazaSca, readonly boolean[]>;
  defectos: { tazas: number; intensidad: IntensidadDefecto };
}

/** Points of one cup-ticked attribute: 2 for each of the five cups ticked. */
export const puntosTazas = (cups: readonly boolean[]) =>
  cups.slice(0, SCA.tazas).filter(Boolean).length * SCA.puntosPorTaza;

export const puntosDefectos = (d: PuntajeInput['defectos']) => d.tazas * INTENSIDAD_DEFECTO[d.intensidad];

/** Total = the seven attributes + the three cup-ticked ones − defects, to two decimals. */
export function puntajeSca(hoja: PuntajeInput): number {
  const atributos = ATRIBUTOS_SCA.reduce((sum, a) => sum + hoja.atributos[a], 0);
  const tazas = TAZAS_SCA.reduce((sum, t) => sum + puntosTazas(hoja.tazas[t]), 0);
  return Math.round((atributos + tazas - puntosDefectos(hoja.defectos)) * 100) / 100;
}

/** An offer sample's verdict: whether the buyer is interested in the lot. */
export const DECISIONES_CATA = ['INTERESADO', 'NO_INTERESADO'] as const;
export type DecisionCata = (typeof DECISIONES_CATA)[number];
export const DECISION_CATA_LABELS: Record<DecisionCata, string> = {
  INTERESADO: 'Interesado',
  NO_INTERESADO: 'No interesado',
};
