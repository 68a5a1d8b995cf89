import { and, asc, eq, inArray, or } from 'drizzle-orm';
import type { Content } from 'pdfmake/interfaces';
import {
  CLASE_RIESGO_LABELS,
  EXPORT_MESSAGES,
  HS_CAFE_VERDE,
  type InstantaneaEudr,
  type ParcelaCongelada,
  type RiesgoPais,
} from '../../../contract/eudr';
import type { GeometriaParcela } from '../../../contract/fincas';
import { paisName } from '../../../contract/lotes-codes';
import { EVIDENCIA_TIPO_LABELS } from '../../../contract/parcelas-codes';
import type { DbOrTx } from '../../db/client';
import { fincaEvidencias, fincas, loteFincas } from '../../db/schema/abastecimiento';
import { lotes } from '../../db/schema/lotes';
import { pedidos } from '../../db/schema/pedidos';
import { productorPerfiles, users } from '../../db/schema/users';
import { badRequest, notFound } from '../../errors';
import { renderPdf, tablaDeTerminos } from '../../lib/pdf';
import { riesgoDe } from '../lotes';

/*
 * What an EU importer takes into his due-diligence statement (issue 30, decision 059): the plots as the EU
 * Information System's GeoJSON, per lot and per order, and a PDF pack per order.
 */

type FincaRow = typeof fincas.$inferSelect;
/** What the export and the pack read of a plot: a live farm or one an order froze. */
type Parcela = Pick<FincaRow, 'id' | 'nombre' | 'productorNombre' | 'pais' | 'hectareas'> & {
  ubicacion: GeometriaParcela | null;
};

/** A coordinate with at least six decimals, as written in the file (JSON keeps "4.600000" as written). */
const coord = (n: number) => {
  const s = String(n);
  const dec = s.split('.')[1]?.length ?? 0;
  return dec >= 6 || s.includes('e') ? n.toFixed(Math.max(6, Math.min(dec, 12))) : n.toFixed(6);
};

function coordenadasTexto(g: GeometriaParcela): string {
  const pos = (p: number[]) => `[${coord(p[0])},${coord(p[1])}]`;
  const anillo = (r: number[][]) => `[${r.map(pos).join(',')}]`;
  const poligono = (p: number[][][]) => `[${p.map(anillo).join(',')}]`;
  if (g.type === 'Point') return pos(g.coordinates);
  if (g.type === 'Polygon') return poligono(g.coordinates);
  return `[${g.coordinates.map(poligono).join(',')}]`;
}

/**
 * The properties the EU Information System reads from each feature (EUDR GeoJSON File Description, v1.2, European
 * Commission, 4 July 2024; decision 059): ProducerName, ProducerCountry (ISO alpha-2), ProductionPlace and, for a
 * point, Area in hectares.
 */
export function featureCollection(parcelas: Parcela[], organizacion: string): string {
  const features = parcelas
    .filter((f) => f.ubicacion && f.pais)
    .map((f) => {
      const g = f.ubicacion!;
      const props: Record<string, string | number> = {
        ProducerName: f.productorNombre ?? organizacion,
        ProducerCountry: f.pais!,
        ProductionPlace: f.nombre,
      };
      if (g.type === 'Point' && f.hectareas != null) props.Area = f.hectareas;
      return `{"type":"Feature","properties":${JSON.stringify(props)},"geometry":{"type":"${g.type}","coordinates":${coordenadasTexto(g)}}}`;
    });
  return `{"type":"FeatureCollection","features":[${features.join(',')}]}\n`;
}

async function parcelasDeLote(db: DbOrTx, loteId: string): Promise<FincaRow[]> {
  return (
    await db
      .select({ f: fincas })
      .from(loteFincas)
      .innerJoin(fincas, eq(fincas.id, loteFincas.fincaId))
      .where(eq(loteFincas.loteId, loteId))
      .orderBy(asc(fincas.nombre))
  ).map((r) => r.f);
}

async function organizacionDe(db: DbOrTx, productorId: string): Promise<string> {
  const [p] = await db
    .select({ nombre: productorPerfiles.nombre })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, productorId))
    .limit(1);
  return p?.nombre ?? 'Productor';
}

/** A visible lot's plots (hidden lots: their owner only, as the lot page). */
export async function geojsonDeLote(db: DbOrTx, loteId: string, viewerId: string | undefined) {
  const visible = viewerId ? or(eq(lotes.ocultar, false), eq(lotes.productorId, viewerId)) : eq(lotes.ocultar, false);
  const [lote] = await db
    .select()
    .from(lotes)
    .where(and(eq(lotes.id, loteId), visible))
    .limit(1);
  if (!lote) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  const parcelas = await parcelasDeLote(db, loteId);
  if (!parcelas.some((f) => f.ubicacion && f.pais)) throw badRequest('VALIDATION_ERROR', EXPORT_MESSAGES.SIN_PARCELAS);
  return { texto: featureCollection(parcelas, await organizacionDe(db, lote.productorId)), codigo: lote.codigo };
}

/** An order for one of its two parties; anyone else reads "not found". */
export async function pedidoDeParte(db: DbOrTx, userId: string, pedidoId: string) {
  const [p] = await db
    .select()
    .from(pedidos)
    .where(and(eq(pedidos.id, pedidoId), or(eq(pedidos.compradorId, userId), eq(pedidos.productorId, userId))))
    .limit(1);
  if (!p) throw notFound('NOT_FOUND', 'Pedido no encontrado.');
  return p;
}

/** What a reservation already holds of its lot when it takes the snapshot: the lot's row and its producer's name. */
export interface LoteConocido {
  productorId: string;
  cosechaInicio: string | null;
  cosechaFin: string | null;
  /** The producer profile's name (null without a profile: "Productor", as organizacionDe). */
  organizacion: string | null;
}

/**
 * The lot's plots and period as they stand now, for an order to keep (decision 068): called in the transaction that
 * reserves the order, which holds the lot's row. A reservation hands in the row and the producer's name it read under
 * that lock, so only the plots are read here (two statements fewer on the way of every reservation, issue 33).
 */
export async function instantaneaEudr(
  db: DbOrTx,
  loteId: string,
  now: Date,
  conocido?: LoteConocido,
): Promise<InstantaneaEudr> {
  const lote =
    conocido ??
    (
      await db
        .select({ productorId: lotes.productorId, cosechaInicio: lotes.cosechaInicio, cosechaFin: lotes.cosechaFin })
        .from(lotes)
        .where(eq(lotes.id, loteId))
        .limit(1)
    )[0];
  const parcelas = await parcelasDeLote(db, loteId);
  return {
    tomadaAt: now.toISOString(),
    organizacion: conocido ? (conocido.organizacion ?? 'Productor') : await organizacionDe(db, lote.productorId),
    cosechaInicio: lote.cosechaInicio,
    cosechaFin: lote.cosechaFin,
    parcelas: parcelas.map((f): ParcelaCongelada => ({
      id: f.id,
      nombre: f.nombre,
      productorNombre: f.productorNombre,
      pais: f.pais,
      hectareas: f.hectareas,
      ubicacion: f.ubicacion,
      valida: f.eudrValida === true,
    })),
  };
}

/**
 * What an order's export reads: the plots it froze when reserved; an order older than that snapshot (decision 068)
 * reads the lot's plots as they are now, and says so.
 */
async function parcelasDePedido(db: DbOrTx, p: typeof pedidos.$inferSelect) {
  if (p.eudr)
    return {
      congelada: true,
      organizacion: p.eudr.organizacion,
      cosechaInicio: p.eudr.cosechaInicio,
      cosechaFin: p.eudr.cosechaFin,
      parcelas: p.eudr.parcelas.map((f) => ({ ...f, ubicacion: f.ubicacion as GeometriaParcela | null })),
    };
  const [lote] = await db
    .select({ inicio: lotes.cosechaInicio, fin: lotes.cosechaFin })
    .from(lotes)
    .where(eq(lotes.id, p.loteId))
    .limit(1);
  return {
    congelada: false,
    organizacion: await organizacionDe(db, p.productorId),
    cosechaInicio: lote?.inicio ?? null,
    cosechaFin: lote?.fin ?? null,
    parcelas: await parcelasDeLote(db, p.loteId),
  };
}

export async function geojsonDePedido(db: DbOrTx, userId: string, pedidoId: string) {
  const p = await pedidoDeParte(db, userId, pedidoId);
  const { parcelas, organizacion } = await parcelasDePedido(db, p);
  if (!parcelas.some((f) => f.ubicacion && f.pais)) throw badRequest('VALIDATION_ERROR', EXPORT_MESSAGES.SIN_PARCELAS);
  return { texto: featureCollection(parcelas, organizacion), numero: p.numero };
}

// ---------------------------------------------------------------------------------------------------------
// The due-diligence pack (PDF)
// ---------------------------------------------------------------------------------------------------------

export const HONESTIDAD =
  'Cereza comprueba la geolocalización de cada parcela (formato, precisión, área declarada, país y solapes) pero no ' +
  'verifica datos de deforestación por satélite ni la legalidad de la producción: la evaluación y la mitigación del ' +
  'riesgo son del operador que presenta la declaración de diligencia debida. Los análisis de deforestación de ' +
  'terceros que el productor adjuntó figuran en la lista de pruebas.';

const fechaEs = (d: string) => new Date(`${d}T00:00:00Z`).toLocaleDateString('es-ES', { timeZone: 'UTC' });
const kg = (n: number) => `${n.toLocaleString('es-ES', { maximumFractionDigits: 3 })} kg`;

function resumenGeometria(f: Parcela): string {
  const g = f.ubicacion;
  if (!g) return 'sin geolocalización';
  if (g.type === 'Point') return `punto ${coord(g.coordinates[1])}, ${coord(g.coordinates[0])} (lat, lon)`;
  const vertices = g.type === 'Polygon' ? g.coordinates[0].length - 1 : g.coordinates.flat().flat().length;
  return `${g.type === 'Polygon' ? 'polígono' : 'multipolígono'} de ${vertices} vértices`;
}

export async function paqueteDePedido(
  db: DbOrTx,
  userId: string,
  pedidoId: string,
): Promise<{ pdf: Buffer; numero: string }> {
  const p = await pedidoDeParte(db, userId, pedidoId);
  const [lote] = await db.select().from(lotes).where(eq(lotes.id, p.loteId)).limit(1);
  const { parcelas, organizacion, cosechaInicio, cosechaFin, congelada } = await parcelasDePedido(db, p);
  const evidencias = parcelas.length
    ? await db
        .select()
        .from(fincaEvidencias)
        .where(
          inArray(
            fincaEvidencias.fincaId,
            parcelas.map((f) => f.id),
          ),
        )
        .orderBy(asc(fincaEvidencias.createdAt))
    : [];
  const riesgo: RiesgoPais | null = await riesgoDe(db, lote.pais);
  const [productor] = await db
    .select({ email: users.email, info: users.informacionComercial })
    .from(users)
    .where(eq(users.id, p.productorId))
    .limit(1);
  const parte = p.terminos.partes?.productor;
  const proveedor = [
    parte?.razonSocial ?? productor?.info?.razonSocial ?? organizacion,
    parte?.taxId ?? productor?.info?.taxId,
    parte?.direccion,
    parte?.pais ? paisName(parte.pais) : paisName(lote.pais),
    parte?.email ?? productor?.email,
  ]
    .filter(Boolean)
    .join(' · ');
  const nombreFinca = new Map(parcelas.map((f) => [f.id, f.nombre]));

  const contenido: Content[] = [
    tablaDeTerminos([
      ['Producto', `Café verde sin tostar ni descafeinar (SA ${HS_CAFE_VERDE})`],
      ['Lote', `${lote.nombre} (${lote.codigo})`],
      ['Masa neta', kg(p.kg)],
      ['País de producción', paisName(lote.pais)],
      [
        'Periodo de producción',
        cosechaInicio && cosechaFin ? `${fechaEs(cosechaInicio)} – ${fechaEs(cosechaFin)}` : 'Sin indicar',
      ],
      ['Proveedor', proveedor],
      [
        'Clase de riesgo del país',
        riesgo
          ? `${CLASE_RIESGO_LABELS[riesgo.clase]} (${riesgo.fuente}; ${fechaEs(riesgo.fechaFuente)})`
          : 'Sin clasificar en Cereza: consulte el Reglamento de Ejecución (UE) 2025/1093',
      ],
      [
        'Declaración de diligencia debida',
        p.ddsReferencia
          ? `Referencia ${p.ddsReferencia} · verificación ${p.ddsVerificacion}`
          : 'Aún no registrada en el pedido',
      ],
    ]),
    { text: `Parcelas de origen (${parcelas.length})`, style: 'subtitulo' },
    {
      table: {
        headerRows: 1,
        widths: ['*', '*', 'auto', 'auto', '*'],
        body: [
          ['Parcela', 'Productor', 'País', 'Hectáreas', 'Geolocalización'].map((t) => ({
            text: t,
            style: 'cabeceraTabla',
          })),
          ...parcelas.map((f) => [
            f.nombre,
            f.productorNombre ?? organizacion,
            f.pais ?? '—',
            f.hectareas == null ? '—' : f.hectareas.toLocaleString('es-ES'),
            resumenGeometria(f),
          ]),
        ],
      },
      layout: 'lightHorizontalLines',
    },
    {
      text: [
        congelada
          ? `Parcelas y periodo tal como estaban al reservar el pedido (${fechaEs(p.createdAt.toISOString().slice(0, 10))}): lo que el comprador compró. `
          : 'Pedido anterior a la instantánea de parcelas: parcelas y periodo leídos al generar este documento. ',
        'Las coordenadas completas de cada parcela van en el GeoJSON del pedido, en el formato del Sistema de Información de la UE.',
      ].join(''),
      style: 'pequeno',
      margin: [0, 4, 0, 0],
    },
    { text: `Pruebas aportadas por el productor (${evidencias.length})`, style: 'subtitulo' },
    evidencias.length
      ? {
          ul: evidencias.map(
            (e) =>
              `${EVIDENCIA_TIPO_LABELS[e.tipo]}: ${e.descripcion} (${e.nombreArchivo}; parcela ${nombreFinca.get(e.fincaId) ?? '—'}; ${
                e.createdAt > p.createdAt
                  ? `aportada el ${fechaEs(e.createdAt.toISOString().slice(0, 10))}, después del pedido`
                  : `aportada el ${fechaEs(e.createdAt.toISOString().slice(0, 10))}`
              })`,
          ),
        }
      : { text: 'Ninguna.' },
    { text: 'Lo que Cereza comprueba y lo que no', style: 'subtitulo' },
    { text: HONESTIDAD },
  ];
  const pdf = await renderPdf({
    titulo: 'Paquete de diligencia debida (EUDR)',
    referencia: `Pedido ${p.numero}`,
    contenido,
  });
  return { pdf, numero: p.numero };
}
