import type { Lote, Ubicacion } from '../../../contract/lotes';
import type { AddImgItem } from '../../components/ui/add-img';

/*
 * The lot form's values and their translation to the API body. The inputs hold text (so that "12,40" and an
 * empty box are both possible while typing); toBody() turns them into the body that the contract's
 * LoteInputSchema validates, in the browser and on the server alike.
 */

export interface LoteFormValues {
  nombre: string;
  codigo: string;
  descripcion: string;
  pais: string | null;
  region: string;
  municipio: string;
  finca: string;
  altitudMin: string;
  altitudMax: string;
  latitud: string;
  longitud: string;
  variedades: string[];
  proceso: string;
  secado: string;
  cosecha: string | null;
  puntaje: string;
  notasCata: string[];
  humedad: string;
  actividadAgua: string;
  densidad: string;
  zaranda: string;
  sacosDisponibles: string;
  pesoSacoKg: string;
  loteMinimoSacos: string;
  precioKg: string;
  moneda: string;
  incoterm: string;
  posicion: string;
  ventanaEmbarque: string;
  certificaciones: string[];
  conDesglose: boolean;
  desglosePrecio: { precioFinca: string; costosExportacion: string; comisionPlataforma: string };
  galeriaLote: AddImgItem[];
  muestra: { disponible: boolean; gramos: string; precio: string; imagen: string | null };
  ocultar: boolean;
}

const txt = (n: number | null | undefined) => (n == null ? '' : String(n).replace('.', ','));

export function initialValues(l?: Lote): LoteFormValues {
  const punto = l?.ubicacion?.type === 'Point' ? l.ubicacion.coordinates : null;
  return {
    nombre: l?.nombre ?? '',
    codigo: l?.codigo ?? '',
    descripcion: l?.descripcion ?? '',
    pais: l?.pais ?? null,
    region: l?.region ?? '',
    municipio: l?.municipio ?? '',
    finca: l?.finca ?? '',
    altitudMin: txt(l?.altitudMin),
    altitudMax: txt(l?.altitudMax),
    latitud: punto ? txt(punto[1]) : '',
    longitud: punto ? txt(punto[0]) : '',
    variedades: l?.variedades ?? [],
    proceso: l?.proceso ?? '',
    secado: l?.secado ?? '',
    cosecha: l?.cosecha ?? null,
    puntaje: txt(l?.puntaje),
    notasCata: l?.notasCata ?? [],
    humedad: txt(l?.humedad),
    actividadAgua: txt(l?.actividadAgua),
    densidad: txt(l?.densidad),
    zaranda: l?.zaranda ?? '',
    sacosDisponibles: txt(l?.sacosDisponibles),
    pesoSacoKg: String(l?.pesoSacoKg ?? 70),
    loteMinimoSacos: txt(l?.loteMinimoSacos ?? 1),
    precioKg: txt(l?.precioKg),
    moneda: l?.moneda ?? 'USD',
    incoterm: l?.incoterm ?? 'FOB',
    posicion: l?.posicion ?? 'DISPONIBLE',
    ventanaEmbarque: l?.ventanaEmbarque ?? '',
    certificaciones: l?.certificaciones ?? [],
    conDesglose: !!l?.desglosePrecio,
    desglosePrecio: {
      precioFinca: txt(l?.desglosePrecio?.precioFinca),
      costosExportacion: txt(l?.desglosePrecio?.costosExportacion),
      comisionPlataforma: txt(l?.desglosePrecio?.comisionPlataforma),
    },
    galeriaLote: (l?.galeriaLote ?? []).map((g) => ({
      url: g.url,
      thumb: g.thumb,
      alt: g.alt,
      width: g.width,
      height: g.height,
    })),
    muestra: {
      disponible: l?.muestra.disponible ?? false,
      gramos: txt(l?.muestra.gramos),
      precio: txt(l?.muestra.precio),
      imagen: l?.muestra.imagen ?? null,
    },
    ocultar: l?.ocultar ?? false,
  };
}

/** "12,40" → 12.4; "" → null (absent); anything else → NaN, which the schema reports as "debe ser un número". */
const num = (s: string): number | null =>
  s.trim() === '' ? null : Number(s.trim().replace(/\s/g, '').replace(',', '.'));
const opt = (s: string) => (s.trim() === '' ? null : s.trim());

/** The API body for these form values; `poligono` is a plot polygon kept from the lot being edited. */
export function toBody(v: LoteFormValues, poligono: Ubicacion | null): Record<string, unknown> {
  const lat = num(v.latitud);
  const lon = num(v.longitud);
  const ubicacion =
    lat === null && lon === null ? poligono : { type: 'Point', coordinates: [lon ?? Number.NaN, lat ?? Number.NaN] };
  return {
    nombre: v.nombre,
    ...(v.codigo.trim() ? { codigo: v.codigo.trim() } : {}),
    descripcion: v.descripcion,
    pais: v.pais ?? '',
    region: v.region,
    municipio: opt(v.municipio),
    finca: opt(v.finca),
    altitudMin: num(v.altitudMin),
    altitudMax: num(v.altitudMax),
    ubicacion,
    variedades: v.variedades,
    proceso: v.proceso,
    secado: opt(v.secado),
    cosecha: v.cosecha,
    puntaje: num(v.puntaje),
    notasCata: v.notasCata,
    humedad: num(v.humedad),
    actividadAgua: num(v.actividadAgua),
    densidad: num(v.densidad),
    zaranda: opt(v.zaranda),
    sacosDisponibles: num(v.sacosDisponibles) ?? undefined,
    pesoSacoKg: Number(v.pesoSacoKg),
    loteMinimoSacos: num(v.loteMinimoSacos) ?? undefined,
    precioKg: num(v.precioKg) ?? Number.NaN,
    moneda: v.moneda,
    incoterm: v.incoterm,
    posicion: v.posicion,
    ventanaEmbarque: opt(v.ventanaEmbarque),
    certificaciones: v.certificaciones,
    desglosePrecio: v.conDesglose
      ? {
          precioFinca: num(v.desglosePrecio.precioFinca) ?? Number.NaN,
          costosExportacion: num(v.desglosePrecio.costosExportacion) ?? Number.NaN,
          comisionPlataforma: num(v.desglosePrecio.comisionPlataforma) ?? Number.NaN,
        }
      : null,
    galeriaLote: v.galeriaLote,
    muestra: v.muestra.disponible
      ? { disponible: true, gramos: num(v.muestra.gramos), precio: num(v.muestra.precio), imagen: v.muestra.imagen }
      : { disponible: false },
    ocultar: v.ocultar,
  };
}

/** Field errors from the server ("desglosePrecio.precioFinca", "ubicacion.coordinates.0") to form fields. */
export function errorField(key: string): string {
  if (key.startsWith('ubicacion')) return 'ubicacion';
  if (key.startsWith('galeriaLote')) return 'galeriaLote';
  if (key.startsWith('variedades')) return 'variedades';
  if (key.startsWith('notasCata')) return 'notasCata';
  if (key.startsWith('certificaciones')) return 'certificaciones';
  return key;
}
