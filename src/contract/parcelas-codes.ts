/*
 * Plots for the EU Deforestation Regulation (issue 30, decision 058): the rules a member farm's geometry must pass,
 * each with its Spanish message, and the figures they use. Zod-free: the lot page and the catalogue read it.
 */

/** A plot up to this size may be a point; a larger one must be a polygon (Regulation (EU) 2023/1115, art. 2(28)). */
export const EUDR_HECTAREAS_PUNTO_MAX = 4;
/** Decimals every geometry must carry (the Information System asks for six). */
export const EUDR_DECIMALES_MIN = 6;
/**
 * How far the declared area may be from the geodesic area of the polygon: 10 % of the computed area, and never less
 * than 0.1 ha (a small plot drawn by hand is never exact to the square metre).
 */
export const AREA_TOLERANCIA_RELATIVA = 0.1;
export const AREA_TOLERANCIA_MIN_HA = 0.1;
/** Two plots overlap when they share more than this many square metres (a common border shares none). */
export const SOLAPE_MIN_M2 = 100;
/** A plot outside its country's coarse border but this close to it is doubtful: a warning, not a refusal. */
export const PAIS_DUDA_KM = 10;

export const REGLAS_PARCELA = [
  'COORDENADAS',
  'DECIMALES',
  'ANILLO_CERRADO',
  'AUTOINTERSECCION',
  'POLIGONO_REQUERIDO',
  'AREA',
  'PAIS',
  'SOLAPE',
] as const;
export type ReglaParcela = (typeof REGLAS_PARCELA)[number];

export interface HallazgoParcela {
  regla: ReglaParcela;
  /** An error refuses the plot; a warning waits for the producer's confirmation. */
  nivel: 'error' | 'aviso';
  /** The form field it belongs to. */
  campo: 'ubicacion' | 'hectareas' | 'pais';
  mensaje: string;
}

const ha = (n: number) => `${(Math.round(n * 100) / 100).toString().replace('.', ',')} ha`;

export const PARCELA_MESSAGES = {
  RANGO_LONGITUD: (v: number) => `La longitud ${v} está fuera de -180 a 180.`,
  RANGO_LATITUD: (v: number) => `La latitud ${v} está fuera de -90 a 90.`,
  INVERTIDAS: (lon: number, lat: number) =>
    `El punto [${lon}, ${lat}] parece tener la longitud y la latitud invertidas: GeoJSON escribe primero la longitud.`,
  NO_NUMERO: 'Las coordenadas deben ser números.',
  DECIMALES: (n: number) =>
    `Las coordenadas llevan ${n} decimales: se piden al menos ${EUDR_DECIMALES_MIN} (unos 10 cm de precisión).`,
  ANILLO_ABIERTO: 'El polígono no está cerrado: el último punto debe repetir el primero.',
  ANILLO_CORTO: 'Cada anillo del polígono necesita al menos cuatro puntos (el último repite el primero).',
  AUTOINTERSECCION: (lon: number, lat: number) =>
    `El polígono se cruza consigo mismo cerca de [${lon.toFixed(6)}, ${lat.toFixed(6)}] (forma de lazo): dibuja el contorno sin cruces.`,
  POLIGONO_REQUERIDO: (declarada: number) =>
    `Una parcela de más de ${EUDR_HECTAREAS_PUNTO_MAX} ha (declaras ${ha(declarada)}) debe darse como polígono, no como punto.`,
  SIN_HECTAREAS: 'Indica las hectáreas de la parcela.',
  AREA: (declarada: number, calculada: number) =>
    `Declaras ${ha(declarada)} pero el polígono mide ${ha(calculada)}: la diferencia supera el ${Math.round(
      AREA_TOLERANCIA_RELATIVA * 100,
    )} % (mínimo ${ha(AREA_TOLERANCIA_MIN_HA)}).`,
  PUNTO_GRANDE: (calculada: number) =>
    `El polígono mide ${ha(calculada)}: con más de ${EUDR_HECTAREAS_PUNTO_MAX} ha la parcela debe ser un polígono.`,
  FUERA_DE_PAIS: (pais: string) =>
    `La parcela queda fuera de ${pais}, lejos de su frontera. Revisa las coordenadas (¿longitud y latitud invertidas?) o el país.`,
  FUERA_DE_PAIS_INVERTIDA: (pais: string) =>
    `La parcela queda fuera de ${pais}; con la longitud y la latitud intercambiadas caería dentro: probablemente están invertidas.`,
  PAIS_DUDOSO: (pais: string) =>
    `La parcela queda junto a la frontera de ${pais} (a menos de ${PAIS_DUDA_KM} km) y nuestro mapa de fronteras es aproximado: confirma que está en ${pais}.`,
  PAIS_SIN_MAPA: (pais: string) => `No tenemos la frontera de ${pais}: confirma que la parcela está en ese país.`,
  SOLAPE: (otra: string) => `La parcela se superpone con «${otra}», otra parcela de tu organización.`,
  AVISOS: 'Revisa los avisos de la parcela y confírmalos para guardarla.',
  REFUSED: 'La parcela no cumple las reglas de geolocalización.',
} as const;

/** Missing pieces that keep a saved farm from counting as an EUDR plot (not refusals: a farm may be listed first). */
export const PARCELA_FALTA = {
  SIN_UBICACION: 'Falta la geolocalización (punto o polígono).',
  SIN_PAIS: 'Falta el país de la parcela.',
  SIN_HECTAREAS: 'Faltan las hectáreas declaradas.',
  SIN_COMPROBAR: 'Se guardó antes de las reglas de geolocalización: ábrela y guárdala de nuevo para comprobarla.',
} as const;

export const EVIDENCIA_TIPOS = ['TITULO', 'PERMISO', 'CERTIFICADO', 'ANALISIS_DEFORESTACION', 'OTRO'] as const;
export type EvidenciaTipo = (typeof EVIDENCIA_TIPOS)[number];
export const EVIDENCIA_TIPO_LABELS: Record<EvidenciaTipo, string> = {
  TITULO: 'Título o tenencia de la tierra',
  PERMISO: 'Permiso',
  CERTIFICADO: 'Certificado',
  ANALISIS_DEFORESTACION: 'Análisis de deforestación de un tercero',
  OTRO: 'Otro documento',
};
