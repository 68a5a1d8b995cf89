import type { CherryColor } from './art';

export type TipoProductor =
  'FINCA' | 'GRUPO_DE_FINCAS' | 'ASOCIACION' | 'COOPERATIVA' | 'ESTACION_DE_LAVADO' | 'BENEFICIO_SECO';
export type ProcesoSeed = 'LAVADO' | 'NATURAL' | 'HONEY' | 'SEMI_LAVADO' | 'ANAEROBICO' | 'EXPERIMENTAL';
export type CertSeed = 'ORGANICO' | 'COMERCIO_JUSTO' | 'RAINFOREST_ALLIANCE' | 'BIRD_FRIENDLY';

/** One lot as written by hand: what a cupper would check. The rest (physical data, offer, media) is derived. */
export interface LoteSeed {
  nombre: string;
  finca: string;
  municipio?: string;
  variedades: string[];
  proceso: ProcesoSeed;
  secado: string;
  /** "YYYY-MM" within the origin's harvest season. */
  cosecha: string;
  puntaje: number;
  notas: string[];
  altitud: [number, number];
  /** One or two sentences that only this lot can say (fermentation, picking, the family). */
  detalle: string;
  /** Vacuum boxes for micro-lots (30 or 35 kg) instead of the origin's usual bag. */
  caja?: 30 | 35;
  /** Screen size when the origin grades by it (Kenya's AA, AB, PB); otherwise derived. */
  zaranda?: string;
  certificaciones?: CertSeed[];
  /** Forced quality-control outcome, with the lab's reason, for the few lots that did not pass. */
  rechazo?: string;
}

export interface ProductorSeed {
  slug: string;
  email: string;
  contacto: { nombre: string; apellido: string };
  tipoProductor: TipoProductor;
  nombre: string;
  pais: string;
  /** Three-letter region code used in lot codes, e.g. HUI in CO-HUI-25-014. */
  codigoRegion: string;
  region: string;
  municipio: string;
  altitud: number;
  hectareas: number;
  anioFundacion: number;
  telefono: string;
  certificaciones: CertSeed[];
  /** Markdown, 2-4 paragraphs. */
  descripcion: string;
  /** [longitude, latitude] of the farm or station. */
  coordenadas: [number, number];
  /** Usual export bag for the origin, in kg. */
  pesoSaco: 46 | 60 | 69 | 70;
  puerto: string;
  volcan: boolean;
  lotes: LoteSeed[];
}

export type { CherryColor };
