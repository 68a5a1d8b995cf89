import { informacionComprador, informacionProductor } from './informacion-comercial';
import { comisionOf, PROCESO_LABELS, type LoteFields, type Ubicacion } from '../../../contract/lotes';
import { buildSearchText } from '../../modules/lotes/search-text';
import type {
  compradorPerfiles,
  favoritos,
  lotes,
  noticias,
  notificaciones,
  productorPerfiles,
  users,
} from '../schema';
import { describeComprador } from '../../../contract/lote-notificaciones';
import { renderNotificacion, type NotificacionParams, type TipoNotificacion } from '../../../contract/notificaciones';
import { toRol } from '../../../contract/roles';
import { summarizeMarkdown } from '../../modules/noticias/markdown';
import type { CherryColor, Secado } from './art';
import { COMPRADORES } from './compradores';
import { CATACIONES, CHERRY_POOL, MUESTRAS, LANDSCAPES, SACOS, SECADO_POOL, LG, type SceneUrls } from './images';
import { NOTICIAS } from './noticias';
import { PRODUCTORES } from './productores';
import { createRng, seedFrom, type Rng } from './prng';
import type { LoteSeed, ProductorSeed } from './types';
import { MONTHS } from '../../../contract/months';
import { panel } from '../../../contract/paginas';

/** Every date in the demo counts back from here, so that the data always looks like "this season". */
export const REFERENCE_DATE = new Date('2026-11-01T12:00:00Z');
const DAY = 86_400_000;
const daysBefore = (days: number) => new Date(REFERENCE_DATE.getTime() - Math.round(days * DAY));

export interface SeedRows {
  users: Array<typeof users.$inferInsert>;
  productorPerfiles: Array<typeof productorPerfiles.$inferInsert>;
  compradorPerfiles: Array<typeof compradorPerfiles.$inferInsert>;
  lotes: Array<typeof lotes.$inferInsert>;
  noticias: Array<typeof noticias.$inferInsert>;
  favoritos: Array<typeof favoritos.$inferInsert>;
  notificaciones: Array<typeof notificaciones.$inferInsert>;
}

/** Deterministic ids: the same demo everywhere, so that links in docs and screenshots stay valid. */
export function uuid(rng: Rng): string {
  const hex = Array.from({ length: 32 }, () => rng.int(0, 15).toString(16));
  hex[12] = '4';
  hex[16] = ((rng.int(0, 15) & 0x3) | 0x8).toString(16);
  const s = hex.join('');
  return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
}

export function initials(nombre: string): string {
  const skip = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'el', 's.l.']);
  const generic = new Set([
    'asociación',
    'cooperativa',
    'sociedad',
    'finca',
    'estación',
    'beneficio',
    'hacienda',
    'fazenda',
    'micro',
    'lavado',
    'seco',
    'agraria',
    'cafetalera',
    'cafetaleros',
    'caficultores',
    'agroecológica',
    'cafés',
    'especiales',
    'café',
    'distribuciones',
    'cafeteras',
    'importaciones',
    'tostadores',
    'especialidad',
  ]);
  const words = nombre.split(/\s+/).filter((w) => !skip.has(w.toLowerCase()));
  const specific = words.filter((w) => !generic.has(w.toLowerCase()));
  const chosen = (specific.length ? specific : words).slice(0, 2);
  return chosen
    .map((w) => w[0])
    .join('')
    .toUpperCase();
}

export const organisations = () => [
  ...PRODUCTORES.map((p) => ({
    slug: p.slug,
    volcan: p.volcan,
    iniciales: initials(p.nombre),
    rol: 'productor' as const,
  })),
  ...COMPRADORES.map((c) => ({ slug: c.slug, iniciales: initials(c.empresa), rol: 'comprador' as const })),
];

/** Month index counted from year 0, so that differences are month counts. */
const monthIndex = (cosecha: string) => {
  const [y, m] = cosecha.split('-').map(Number);
  return y * 12 + (m - 1);
};
const REF_MONTH = REFERENCE_DATE.getUTCFullYear() * 12 + REFERENCE_DATE.getUTCMonth();
const formatMes = (index: number) => `${MONTHS[index % 12]} ${Math.floor(index / 12)}`;

const BODEGAS = ['Amberes', 'Hamburgo', 'Barcelona', 'Valencia'];

function cherryColor(variedades: string[]): Exclude<CherryColor, 'naranja'> {
  const v = variedades.join(' ').toLowerCase();
  if (v.includes('rosado')) return 'rosado';
  if (v.includes('amarillo')) return 'amarillo';
  return 'rojo';
}

function secadoOf(proceso: LoteSeed['proceso'], rng: Rng): Secado {
  switch (proceso) {
    case 'NATURAL':
      return 'natural';
    case 'HONEY':
      return 'honey';
    case 'ANAEROBICO':
      return 'anaerobico';
    case 'EXPERIMENTAL':
      return rng.pick(['honey', 'anaerobico'] as const);
    default:
      return 'lavado';
  }
}

const round = (n: number, step: number) => Math.round(Math.round(n / step) * step * 100) / 100;
const cents = (n: number) => Math.round(n * 100);

/**
 * Price per kg in USD from the things buyers actually pay for: cup score (steeply above 87), rare
 * varieties, origin differentials and micro-lot packaging. Rounded to 5 cents, within 6–40.
 */
function precioBase(p: ProductorSeed, l: LoteSeed): number {
  let price = 7.4 + (l.puntaje - 82) * 1.25 + Math.max(0, l.puntaje - 87) * 2.4;
  const v = l.variedades.join(' ');
  if (v.includes('Geisha')) price *= 1.55;
  else if (/Sidra|Rosado|SL28|Pacamara|Typica Mejorado|Java|Maracaturra/.test(v)) price += 1.4;
  const diferencial: Record<string, number> = {
    BR: -1.3,
    KE: 1.1,
    PA: 2.5,
    ET: 0.4,
    MX: -0.4,
    HN: -0.4,
    NI: -0.3,
    BO: 0.3,
  };
  price += diferencial[p.pais] ?? 0;
  if (l.caja) price += 0.8;
  if (l.certificaciones?.includes('ORGANICO')) price += 0.35;
  return Math.min(40, Math.max(6, price));
}

const ZARANDAS: Record<string, string[]> = {
  CO: ['15+', '16+', '17/18'],
  ET: ['14+', '15+'],
  BR: ['16/18', '17/18', '14/16'],
  RW: ['15+'],
  PE: ['15+', '16+'],
  BO: ['15+', '16+'],
  EC: ['15+', '16+'],
};

interface Oferta extends Pick<LoteFields, 'posicion' | 'incoterm'> {
  ventanaEmbarque: string;
}

/**
 * Where the coffee is now follows from when it was picked: a recent harvest is still being milled (a
 * future shipment or ready at origin), one from early in the year is at sea or landed, last year's
 * main crop sits in a European warehouse.
 */
function oferta(p: ProductorSeed, l: LoteSeed, rng: Rng): Oferta {
  const ago = REF_MONTH - monthIndex(l.cosecha);
  if (ago <= 4) {
    if (rng.chance(0.6)) {
      const from = REF_MONTH + rng.int(1, 2);
      return {
        posicion: 'FUTURO',
        incoterm: 'FOB',
        ventanaEmbarque: `Embarque entre ${formatMes(from)} y ${formatMes(from + 1)}`,
      };
    }
    return {
      posicion: 'DISPONIBLE',
      incoterm: rng.pick(['FOB', 'FCA'] as const),
      ventanaEmbarque: `Listo para embarque en ${p.puerto}`,
    };
  }
  if (ago <= 9) {
    const roll = rng.next();
    if (roll < 0.4) {
      return {
        posicion: 'EN_TRANSITO',
        incoterm: 'DAP',
        ventanaEmbarque: `Llega a ${rng.pick(BODEGAS)} en ${formatMes(REF_MONTH + rng.int(0, 1))}`,
      };
    }
    if (roll < 0.75) {
      return {
        posicion: 'DISPONIBLE',
        incoterm: 'DAP',
        ventanaEmbarque: `Entrega inmediata desde ${rng.pick(BODEGAS)}`,
      };
    }
    return {
      posicion: 'DISPONIBLE',
      incoterm: rng.pick(['FOB', 'FCA'] as const),
      ventanaEmbarque: `Listo para embarque en ${p.puerto}`,
    };
  }
  if (rng.chance(0.7)) {
    return { posicion: 'DISPONIBLE', incoterm: 'DAP', ventanaEmbarque: `Entrega inmediata desde ${rng.pick(BODEGAS)}` };
  }
  return {
    posicion: 'DISPONIBLE',
    incoterm: 'EXW',
    ventanaEmbarque: `Retiro inmediato en bodega de ${rng.pick(BODEGAS)}`,
  };
}

/** Export costs per kg by incoterm: milling and bags (EXW) up to freight and insurance to Europe (DAP). */
const COSTO_EXPORTACION: Record<Oferta['incoterm'], [number, number]> = {
  EXW: [0.55, 0.75],
  FCA: [0.45, 0.6],
  FOB: [0.6, 0.8],
  DAP: [1.2, 1.55],
};

function notasList(notas: string[]): string {
  return notas.length === 1 ? notas[0] : `${notas.slice(0, -1).join(', ')} y ${notas[notas.length - 1]}`;
}

// Grouped like the rest of the interface (1.850), also for four digits.
const spanishNumber = new Intl.NumberFormat('es-ES', { useGrouping: 'always' });

function descripcionLote(p: ProductorSeed, l: LoteSeed, municipio: string, pesoSaco: number): string {
  const empaque = pesoSaco <= 35 ? `cajas al vacío de ${pesoSaco} kg` : `sacos de ${pesoSaco} kg con bolsa hermética`;
  const secado = l.secado.charAt(0).toLowerCase() + l.secado.slice(1);
  return [
    `${l.detalle} Origen: ${l.finca}, ${municipio} (${p.region}), entre ${spanishNumber.format(l.altitud[0])} y ${spanishNumber.format(l.altitud[1])} m s. n. m.`,
    `Proceso ${PROCESO_LABELS[l.proceso].toLowerCase()}; secado: ${secado}. En taza: ${notasList(l.notas)}. Se entrega en ${empaque}.`,
  ].join('\n\n');
}

function ubicacion(p: ProductorSeed, rng: Rng, polygon: boolean): Ubicacion {
  const r5 = (n: number) => Math.round(n * 1e5) / 1e5;
  const lon = p.coordenadas[0] + rng.range(-0.06, 0.06);
  const lat = p.coordenadas[1] + rng.range(-0.06, 0.06);
  if (!polygon) return { type: 'Point', coordinates: [r5(lon), r5(lat)] };
  // A small irregular plot (about 2-5 ha), closed as GeoJSON requires.
  const d = rng.range(0.0008, 0.0014);
  const ring: Array<[number, number]> = [
    [r5(lon - d), r5(lat - d * rng.range(0.7, 1))],
    [r5(lon + d * rng.range(0.8, 1.2)), r5(lat - d)],
    [r5(lon + d), r5(lat + d * rng.range(0.6, 1))],
    [r5(lon - d * rng.range(0.7, 1.1)), r5(lat + d)],
  ];
  ring.push([ring[0][0], ring[0][1]]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** Lots kept off the public catalogue by their producer, by slug and position. */
const HIDDEN = new Set(['monteverde:2', 'sierramadre:3']);
/** Sold out: zero bags left. */
const SOLD_OUT = new Set(['monteverde:2', 'othaya:2']);

/** Builds every row of the demo from the hand-written data, the PRNG and the rendered image URLs. */
export function buildRows(images: Map<string, SceneUrls>, passwordHash: string): SeedRows {
  const img = (id: string): SceneUrls => {
    const urls = images.get(id);
    if (!urls) throw new Error(`demo image not rendered: ${id}`);
    return urls;
  };
  const rows: SeedRows = {
    users: [],
    productorPerfiles: [],
    compradorPerfiles: [],
    lotes: [],
    noticias: [],
    favoritos: [],
    notificaciones: [],
  };
  const loteIds = new Map<string, string>();
  const userIds = new Map<string, string>();

  for (const p of PRODUCTORES) {
    const rng = createRng(seedFrom(`productor-${p.slug}`));
    const id = uuid(rng);
    userIds.set(p.slug, id);
    const createdDate = daysBefore(rng.int(260, 420));
    const avatar = img(`productores/${p.slug}-avatar`).lg;
    const domain = p.email.endsWith('@cereza.example') ? `${p.slug}.example` : p.email.split('@')[1];
    rows.users.push({
      id,
      email: p.email,
      passwordHash,
      nombre: p.contacto.nombre,
      apellido: p.contacto.apellido,
      name: `${p.contacto.nombre} ${p.contacto.apellido}`,
      image: avatar,
      tipoUser: 'PRODUCTOR',
      // Every demo account has a confirmed address (they sign in at once; .example mailboxes receive nothing).
      verificado: true,
      // The legal data contracts and invoices print (issue 12).
      informacionComercial: informacionProductor(p),
      perfilBase: true,
      perfilCompleto: true,
      createdAt: createdDate,
      updatedAt: createdDate,
    });
    const galeria = [
      `lotes/cerezas-${cherryColor(p.lotes.flatMap((l) => l.variedades))}-${rng.int(0, 1)}`,
      `lotes/secado-${secadoOf(p.lotes[0].proceso, rng)}-${rng.int(0, 1)}`,
      `lotes/paisaje-${p.volcan ? 'volcan' : 'montana'}-${rng.int(0, LANDSCAPES - 1)}`,
      `lotes/catacion-${rng.int(0, CATACIONES - 1)}`,
      `lotes/sacos-${rng.int(0, SACOS - 1)}`,
      `lotes/secado-lavado-${rng.int(0, SECADO_POOL.lavado - 1)}`,
    ].slice(0, rng.int(3, 6));
    rows.productorPerfiles.push({
      userId: id,
      tipoProductor: p.tipoProductor,
      nombre: p.nombre,
      pais: p.pais,
      region: p.region,
      municipio: p.municipio,
      altitud: p.altitud,
      hectareas: p.hectareas,
      anioFundacion: p.anioFundacion,
      descripcion: p.descripcion,
      sitioWeb: `https://${domain}`,
      telefono: p.telefono,
      avatar,
      portada: img(`productores/${p.slug}-portada`).lg,
      imagenes: [...new Set(galeria)].map((g) => img(g).lg),
      certificaciones: p.certificaciones,
      createdAt: createdDate,
      updatedAt: daysBefore(rng.int(5, 60)),
    });

    p.lotes.forEach((l, index) => {
      const key = `${p.slug}:${index}`;
      const lr = createRng(seedFrom(`lote-${key}`));
      const loteId = uuid(lr);
      loteIds.set(key, loteId);
      const year = l.cosecha.slice(2, 4);
      const codigo = `${p.pais}-${p.codigoRegion}-${year}-${String(3 + index * 4 + lr.int(0, 3)).padStart(3, '0')}`;
      const municipio = l.municipio ?? p.municipio;
      const pesoSacoKg = l.caja ?? p.pesoSaco;
      const natural = l.proceso === 'NATURAL' || l.proceso === 'ANAEROBICO' || l.proceso === 'EXPERIMENTAL';
      const altMedia = (l.altitud[0] + l.altitud[1]) / 2;

      // Offer: bags by kind of lot, minimum order never above what is left.
      let sacos = l.caja
        ? lr.int(6, 24)
        : l.puntaje < 85
          ? lr.int(80, 300)
          : l.puntaje < 87
            ? lr.int(20, 90)
            : lr.int(8, 40);
      if (SOLD_OUT.has(key)) sacos = 0;
      const minSacos = l.caja ? lr.int(1, 2) : l.puntaje < 85 ? lr.pick([5, 10, 20]) : lr.int(1, 5);
      const of = oferta(p, l, lr);
      const ajuste: Record<Oferta['incoterm'], number> = { EXW: -0.1, FCA: -0.1, FOB: 0, DAP: 1.1 };
      const precioKg = Math.min(40, round(precioBase(p, l) + ajuste[of.incoterm], 0.05));
      // Cereza's commission on the price, as the server computes it for a producer's breakdown.
      const comision = cents(comisionOf(precioKg));
      const [cmin, cmax] = COSTO_EXPORTACION[of.incoterm];
      const exportacion = cents(lr.range(cmin, cmax));
      const finca = cents(precioKg) - comision - exportacion;

      // Quality control follows the lot's age on the platform: new lots wait for their reference sample.
      // A lot is listed once milled, at least ~45 days after its harvest month, and at most ~7 months ago.
      const sinceCosecha = (REF_MONTH - monthIndex(l.cosecha)) * 30.4;
      const edad = lr.range(2, Math.max(3, Math.min(sinceCosecha - 45, 230)));
      const createdOn = daysBefore(edad);
      let status: 'POR_ENVIAR' | 'EN_REVISION' | 'VERIFICADO' | 'RECHAZADO';
      if (l.rechazo) status = 'RECHAZADO';
      else if (edad < 20) status = lr.chance(0.55) ? 'POR_ENVIAR' : 'EN_REVISION';
      else if (edad < 40) status = lr.chance(0.5) ? 'EN_REVISION' : 'VERIFICADO';
      else status = 'VERIFICADO';

      const color = cherryColor(l.variedades);
      const secado = secadoOf(l.proceso, lr);
      const cherries = `lotes/cerezas-${color}-${lr.int(0, CHERRY_POOL[color] - 1)}`;
      const dryingBeds = `lotes/secado-${secado}-${lr.int(0, SECADO_POOL[secado] - 1)}`;
      const landscape = `lotes/paisaje-${p.volcan ? 'volcan' : 'montana'}-${lr.int(0, LANDSCAPES - 1)}`;
      const closing = lr.chance(0.5)
        ? `lotes/catacion-${lr.int(0, CATACIONES - 1)}`
        : `lotes/sacos-${lr.int(0, SACOS - 1)}`;
      const alt: Record<string, string> = {
        [cherries]: `Cerezas maduras de ${l.variedades[0]} en la rama`,
        [dryingBeds]:
          secado === 'lavado'
            ? 'Café pergamino secándose en camas africanas'
            : secado === 'natural'
              ? 'Cereza entera secándose en camas africanas'
              : secado === 'honey'
                ? 'Café honey secándose en camas africanas'
                : 'Cereza fermentada secándose en camas africanas',
        [landscape]: `Cafetales de ${l.finca} en ${p.region}`,
        [closing]: closing.includes('catacion')
          ? `Mesa de catación del lote ${l.nombre}`
          : `Sacos del lote ${codigo} listos para exportar`,
      };
      const sequence =
        index % 2 === 0 ? [cherries, dryingBeds, landscape, closing] : [dryingBeds, cherries, landscape, closing];
      const loteGallery = sequence.slice(0, lr.int(2, 4)).map((gid) => ({
        url: img(gid).lg,
        thumb: img(gid).sm,
        alt: alt[gid],
        width: LG.width,
        height: LG.height,
      }));
      const muestraImg = img(`muestras/verde-${lr.int(0, MUESTRAS - 1)}`).lg;
      const ocultar = HIDDEN.has(key) || status === 'RECHAZADO';

      const zaranda = l.zaranda ?? lr.pick(ZARANDAS[p.pais] ?? ['15+', '16+', '17/18']);
      const row: SeedRows['lotes'][number] & Pick<LoteFields, 'variedades' | 'notasCata'> = {
        id: loteId,
        productorId: id,
        codigo,
        nombre: l.nombre,
        descripcion: descripcionLote(p, l, municipio, pesoSacoKg),
        pais: p.pais,
        region: p.region,
        municipio,
        finca: l.finca,
        altitudMin: l.altitud[0],
        altitudMax: l.altitud[1],
        ubicacion: ubicacion(p, lr, lr.chance(0.35)),
        variedades: l.variedades,
        proceso: l.proceso,
        secado: l.secado,
        cosecha: l.cosecha,
        puntaje: l.puntaje,
        notasCata: l.notas,
        humedad: Math.round((natural ? lr.range(9.8, 10.9) : lr.range(10.2, 11.4)) * 10) / 10,
        actividadAgua: Math.round((natural ? lr.range(0.54, 0.6) : lr.range(0.5, 0.57)) * 100) / 100,
        densidad: Math.round(Math.min(760, Math.max(650, 650 + ((altMedia - 1000) / 1100) * 90 + lr.range(-12, 12)))),
        zaranda,
        sacosDisponibles: sacos,
        pesoSacoKg,
        loteMinimoSacos: sacos > 0 ? Math.min(minSacos, sacos) : minSacos,
        precioKg,
        moneda: 'USD',
        incoterm: of.incoterm,
        desglosePrecio: {
          precioFinca: finca / 100,
          costosExportacion: exportacion / 100,
          comisionPlataforma: comision / 100,
        },
        certificaciones: l.certificaciones ?? [],
        posicion: of.posicion,
        ventanaEmbarque: of.ventanaEmbarque,
        galeriaLote: loteGallery,
        muestra: {
          disponible: sacos > 0 && status !== 'RECHAZADO',
          gramos: lr.pick([100, 150, 200, 250, 250, 300, 300, 350]),
          precio: l.caja ? lr.pick([15, 18, 20]) : lr.pick([0, 0, 8, 12]),
          imagen: muestraImg,
        },
        ocultar,
        status,
        motivoRechazo: l.rechazo ?? null,
        createdAt: createdOn,
        updatedAt: daysBefore(Math.max(1, edad - lr.int(0, Math.min(20, Math.floor(edad) - 1)))),
      };
      rows.lotes.push({ ...row, busqueda: buildSearchText(row, p.nombre) });
    });
  }

  for (const c of COMPRADORES) {
    const rng = createRng(seedFrom(`comprador-${c.slug}`));
    const id = uuid(rng);
    const createdOn = daysBefore(rng.int(60, 300));
    const avatar = img(`compradores/${c.slug}-avatar`).lg;
    rows.users.push({
      id,
      email: c.email,
      passwordHash,
      nombre: c.contacto.nombre,
      apellido: c.contacto.apellido,
      name: `${c.contacto.nombre} ${c.contacto.apellido}`,
      image: avatar,
      tipoUser: 'COMPRADOR',
      verificado: true,
      informacionComercial: informacionComprador(c),
      perfilBase: true,
      perfilCompleto: true,
      createdAt: createdOn,
      updatedAt: createdOn,
    });
    rows.compradorPerfiles.push({
      userId: id,
      fechaOrigen: c.fechaOrigen,
      empresa: c.empresa,
      tipoComprador: c.tipoComprador,
      pais: c.pais,
      ciudad: c.ciudad,
      volumenAnualKg: c.volumenAnualKg,
      sitioWeb: c.sitioWeb,
      descripcion: c.descripcion,
      avatar,
      createdAt: createdOn,
      updatedAt: createdOn,
    });
    for (const [slug, index] of c.favoritos) {
      const loteId = loteIds.get(`${slug}:${index}`);
      if (!loteId) throw new Error(`demo favourite points to a missing lot: ${slug}:${index}`);
      rows.favoritos.push({ id: uuid(rng), userId: id, loteId, createdAt: daysBefore(rng.int(1, 40)) });
    }
  }

  const poolNoticia: Record<string, (rng: Rng) => string> = {
    paisaje: (rng) => `lotes/paisaje-${rng.chance(0.5) ? 'volcan' : 'montana'}-${rng.int(0, LANDSCAPES - 1)}`,
    cerezas: (rng) => `lotes/cerezas-rojo-${rng.int(0, CHERRY_POOL.rojo - 1)}`,
    secado: (rng) => `lotes/secado-${rng.pick(['lavado', 'natural', 'honey'] as const)}-${rng.int(0, 1)}`,
    catacion: (rng) => `lotes/catacion-${rng.int(0, CATACIONES - 1)}`,
    sacos: (rng) => `lotes/sacos-${rng.int(0, SACOS - 1)}`,
  };
  NOTICIAS.forEach((n, i) => {
    const rng = createRng(seedFrom(`noticia-${i}`));
    const productorId = userIds.get(n.productor);
    if (!productorId) throw new Error(`demo news for a missing producer: ${n.productor}`);
    const fecha = daysBefore(n.dias);
    rows.noticias.push({
      id: uuid(rng),
      productorId,
      titulo: n.titulo,
      cuerpo: n.cuerpo,
      imagen: img(poolNoticia[n.imagen](rng)).lg,
      publicada: n.publicada,
      fecha,
      createdAt: fecha,
      updatedAt: fecha,
    });
  });

  rows.notificaciones = buildDemoNotificaciones(rows);
  return rows;
}

/**
 * What each demo account finds in its bell, written from the same templates the server uses: a welcome, and
 * the events the demo's own data implies — buyers saving lots (for producers), new lots and news from the
 * producers whose lots a buyer saved (for buyers). Anything older than ten days is read.
 */
function buildDemoNotificaciones(rows: SeedRows): SeedRows['notificaciones'] {
  const out: SeedRows['notificaciones'] = [];
  const rng = createRng(seedFrom('notificaciones'));
  const readBefore = daysBefore(10).getTime();
  const add = <T extends TipoNotificacion>(
    userId: string,
    tipo: T,
    params: NotificacionParams<T>,
    at: Date,
    extra: { enlace?: string; entidad?: string; entidadId?: string } = {},
  ) => {
    const { titulo, texto } = renderNotificacion(tipo, params);
    const createdAt = new Date(Math.min(at.getTime(), REFERENCE_DATE.getTime()));
    const leidaAt =
      createdAt.getTime() < readBefore ? new Date(createdAt.getTime() + rng.int(1, 48) * 3_600_000) : null;
    out.push({
      id: uuid(rng),
      userId,
      tipo,
      titulo,
      texto,
      enlace: extra.enlace ?? null,
      entidad: extra.entidad ?? null,
      entidadId: extra.entidadId ?? null,
      createdAt,
      leidaAt,
    });
  };
  const perfilProductor = new Map(rows.productorPerfiles.map((p) => [p.userId, p]));
  const perfilComprador = new Map(rows.compradorPerfiles.map((c) => [c.userId, c]));
  const lote = new Map(rows.lotes.map((l) => [l.id!, l]));

  for (const u of rows.users) {
    add(u.id!, 'BIENVENIDA', { nombre: u.nombre! }, new Date(u.createdAt!.getTime() + 60_000), {
      enlace: panel(toRol(u.tipoUser)),
    });
  }

  // Producers: each demo favourite of one of their lots.
  for (const f of rows.favoritos) {
    const l = lote.get(f.loteId)!;
    add(
      l.productorId,
      'LOTE_FAVORITO',
      { lote: l.nombre, quien: describeComprador(perfilComprador.get(f.userId)) },
      f.createdAt!,
      {
        enlace: `/lote/${l.id}`,
        entidad: 'lote',
        entidadId: l.id,
      },
    );
  }

  // Buyers: the newest lot on show and the newest news of each producer whose lots they saved.
  const seguidos = new Map<string, Map<string, Date>>();
  for (const f of rows.favoritos) {
    const productorId = lote.get(f.loteId)!.productorId;
    const por = seguidos.get(f.userId) ?? new Map<string, Date>();
    const since = por.get(productorId);
    if (!since || f.createdAt! < since) por.set(productorId, f.createdAt!);
    seguidos.set(f.userId, por);
  }
  for (const [userId, productores] of seguidos) {
    const guardados = new Set(rows.favoritos.filter((f) => f.userId === userId).map((f) => f.loteId));
    for (const [productorId, since] of productores) {
      const productor = perfilProductor.get(productorId)!.nombre;
      const nuevo = rows.lotes
        .filter((l) => l.productorId === productorId && !l.ocultar && !guardados.has(l.id!))
        .sort((a, b) => b.createdAt!.getTime() - a.createdAt!.getTime())[0];
      if (nuevo) {
        const at = new Date(Math.max(nuevo.createdAt!.getTime(), since.getTime() + rng.int(2, 72) * 3_600_000));
        add(userId, 'LOTE_NUEVO', { productor, lote: nuevo.nombre }, at, {
          enlace: `/lote/${nuevo.id}`,
          entidad: 'lote',
          entidadId: nuevo.id,
        });
      }
      const noticia = rows.noticias
        .filter((n) => n.productorId === productorId && n.publicada)
        .sort((a, b) => b.fecha!.getTime() - a.fecha!.getTime())[0];
      if (noticia) {
        const at = new Date(Math.max(noticia.fecha!.getTime(), since.getTime() + rng.int(2, 72) * 3_600_000));
        add(
          userId,
          'NOTICIA_NUEVA',
          { productor, noticia: noticia.titulo, resumen: summarizeMarkdown(noticia.cuerpo, 320) },
          at,
          {
            enlace: `/perfil/${productorId}/Noticias`,
            entidad: 'noticia',
            entidadId: noticia.id,
          },
        );
      }
    }
  }
  return out;
}
