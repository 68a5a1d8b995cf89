/*
 * The other words buyers use for what a lot stores as a code or a single spelling (issue 32, "search speaks the
 * buyer's words"): a country's English and usual names beside its Spanish one, a process's English and Spanish
 * names, a variety's common spellings. They go into the lot's search text (search-text.ts), on the server only:
 * the public catalogue's first load carries none of them.
 *
 * Written accent-free and in lower case (as normalizeText leaves them); a name equal to the Spanish one is not
 * repeated.
 */
import type { Proceso } from '../../../contract/lotes-codes';

/** By ISO code: the English name(s) and other usual names of a country (its Spanish name comes from PAISES). */
export const PAIS_ALIASES: Record<string, string[]> = {
  BR: ['brazil'],
  ET: ['ethiopia'],
  KE: ['kenya'],
  SV: ['salvador'],
  DO: ['dominican republic', 'dominicana'],
  RW: ['rwanda'],
  CD: ['congo', 'dr congo', 'democratic republic of the congo', 'rdc', 'drc'],
  CM: ['cameroon'],
  MW: ['malawi'],
  ZW: ['zimbabwe'],
  TH: ['thailand'],
  MM: ['burma', 'birmania'],
  PG: ['papua new guinea', 'png'],
  TL: ['east timor', 'timor-leste', 'timor leste'],
  PH: ['philippines'],
  VN: ['viet nam'],
  ES: ['spain'],
  US: ['united states', 'usa'],
  DE: ['germany'],
  FR: ['france'],
  NL: ['netherlands', 'holanda'],
  BE: ['belgium'],
  GB: ['united kingdom', 'uk', 'inglaterra'],
  IE: ['ireland'],
  CH: ['switzerland'],
  SE: ['sweden'],
  NO: ['norway'],
  DK: ['denmark'],
  FI: ['finland'],
  PL: ['poland'],
  CZ: ['czechia', 'republica checa'],
  GR: ['greece'],
  TR: ['turkey'],
  AE: ['united arab emirates'],
  SA: ['saudi arabia'],
  JP: ['japan'],
  KR: ['south korea', 'korea'],
  SG: ['singapore'],
  NZ: ['new zealand'],
};

/** By process code: what buyers call it in Spanish and English, beyond its label. */
export const PROCESO_ALIASES: Record<Proceso, string[]> = {
  LAVADO: ['washed', 'fully washed', 'humedo'],
  NATURAL: ['seco', 'dry', 'sun-dried', 'sun dried'],
  HONEY: ['miel', 'pulped'],
  SEMI_LAVADO: ['semi-lavado', 'semi lavado', 'semi-washed', 'semiwashed', 'wet-hulled', 'giling basah'],
  ANAEROBICO: ['anaerobic', 'anaerobia', 'fermentacion anaerobica'],
  EXPERIMENTAL: ['infused', 'co-fermented', 'cofermentado'],
};

/**
 * Spellings of the same variety, each group accent-free. A lot whose variety is one of a group is found by any
 * other of the group ("gesha" finds a lot that says "Geisha").
 */
const VARIEDAD_GROUPS: string[][] = [
  ['geisha', 'gesha', 'geisha/gesha'],
  ['typica', 'tipica', 'tipico'],
  ['bourbon', 'borbon'],
  ['bourbon rosado', 'pink bourbon', 'borbon rosado'],
  ['bourbon amarillo', 'yellow bourbon', 'borbon amarillo'],
  ['bourbon rojo', 'red bourbon', 'borbon rojo'],
  ['sl28', 'sl-28', 'sl 28'],
  ['sl34', 'sl-34', 'sl 34'],
  ['ruiru 11', 'ruiru11', 'ruiru-11'],
  ['heirloom', 'landrace', 'variedades locales'],
  ['74110', 'jarc 74110'],
  ['74112', 'jarc 74112'],
  ['catuai', 'catuai amarillo', 'catuai rojo'],
  ['mundo novo', 'mundo nuevo'],
  ['maragogipe', 'maragogype', 'elephant bean'],
  ['wush wush', 'wushwush', 'wush-wush'],
  ['sidra', 'sydra'],
  ['cenicafe 1', 'cenicafe1'],
  ['catimor', 'catimore'],
  ['pacamara', 'paca-mara'],
];

const VARIEDAD_ALIASES = new Map<string, string[]>();
for (const group of VARIEDAD_GROUPS)
  for (const name of group)
    VARIEDAD_ALIASES.set(
      name,
      [...new Set(group)].filter((n) => n !== name),
    );

/** The other spellings of a variety (given accent-free, lower case), or none. */
export const variedadAliases = (folded: string): string[] => VARIEDAD_ALIASES.get(folded.trim()) ?? [];
