import type { Certificacion, LoteFields, PesoSaco } from '../../../contract/lotes';
import type { ProductorPerfilData } from '../../../contract/perfiles';
import type { CherryColor } from './art';

/*
 * The demo data is written in the contract's types: a field renamed or a code added in the contract is a type
 * error here, not a seed that no longer parses.
 */

/** The demo producers hold the named certifications ("OTRA" is left to real users). */
export type CertSeed = Exclude<Certificacion, 'OTRA'>;

/** One lot as written by hand: what a cupper would check. The rest (physical data, offer, media) is derived. */
export interface LoteSeed extends Pick<LoteFields, 'nombre' | 'variedades' | 'proceso' | 'secado' | 'cosecha'> {
  finca: string;
  municipio?: string;
  secado: string;
  /** "YYYY-MM" within the origin's harvest season. */
  cosecha: string;
  puntaje: number;
  notas: LoteFields['notasCata'];
  altitud: [number, number];
  /** One or two sentences that only this lot can say (fermentation, picking, the family). */
  detalle: string;
  /** Vacuum boxes for micro-lots (30 or 35 kg) instead of the origin's usual bag. */
  caja?: Extract<PesoSaco, 30 | 35>;
  /** Screen size when the origin grades by it (Kenya's AA, AB, PB); otherwise derived. */
  zaranda?: string;
  certificaciones?: CertSeed[];
  /** Forced quality-control outcome, with the lab's reason, for the few lots that did not pass. */
  rechazo?: string;
}

export interface ProductorSeed extends Pick<ProductorPerfilData, 'tipoProductor' | 'nombre' | 'pais' | 'region'> {
  slug: string;
  email: string;
  contacto: { nombre: string; apellido: string };
  /** Three-letter region code used in lot codes, e.g. HUI in CO-HUI-25-014. */
  codigoRegion: string;
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
  pesoSaco: Exclude<PesoSaco, 30 | 35>;
  puerto: string;
  volcan: boolean;
  lotes: LoteSeed[];
}

export type { CherryColor };
