import { createRequire } from 'node:module';
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { feature } from 'topojson-client';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * Coarse country borders for "the plot lies in its declared country" (decision 058). The data is Natural Earth's
 * 1:50m Admin 0 countries (public domain, naturalearthdata.com), as packaged by the `world-atlas` npm package
 * (TopoJSON, features keyed by ISO 3166-1 numeric code). Only the server reads it, once, on first use.
 */

/** ISO 3166-1 alpha-2 (Cereza's country codes) to numeric (world-atlas' ids), for every origin Cereza lists. */
const NUMERIC: Record<string, string> = {
  CO: '170', BR: '076', ET: '231', KE: '404', PE: '604', EC: '218', BO: '068', HN: '340', GT: '320', SV: '222',
  NI: '558', CR: '188', PA: '591', MX: '484', DO: '214', JM: '388', CU: '192', HT: '332', PR: '630', VE: '862',
  RW: '646', BI: '108', TZ: '834', UG: '800', CD: '180', CM: '120', MW: '454', ZM: '894', ZW: '716', YE: '887',
  IN: '356', ID: '360', VN: '704', LA: '418', TH: '764', MM: '104', CN: '156', PG: '598', TL: '626', PH: '608',
}; // prettier-ignore

type Borde = Feature<Polygon | MultiPolygon>;
let bordes: Map<string, Borde> | undefined;

function load(): Map<string, Borde> {
  const require = createRequire(import.meta.url);
  const topo = require('world-atlas/countries-50m.json') as Topology<{ countries: GeometryCollection }>;
  const fc = feature(topo, topo.objects.countries) as unknown as { features: Borde[] };
  const porId = new Map<string, Borde>();
  for (const f of fc.features) if (f.id != null) porId.set(String(f.id), f);
  const out = new Map<string, Borde>();
  for (const [alpha2, numeric] of Object.entries(NUMERIC)) {
    const f = porId.get(numeric);
    if (f) out.set(alpha2, f);
  }
  return out;
}

/** The country's coarse border, or undefined when Cereza has none for that code. */
export function bordeDe(pais: string): Borde | undefined {
  bordes ??= load();
  return bordes.get(pais.toUpperCase());
}

export const dentroDe = (borde: Borde, lon: number, lat: number): boolean => booleanPointInPolygon([lon, lat], borde);
