import type { Lote, PerfilProductorSummary } from '../../../contract/lotes';
import { lotes } from '../../db/schema';

export type LoteRow = typeof lotes.$inferSelect;

export interface PerfilSummaryRow {
  nombre: string | null;
  pais: string | null;
  region: string | null;
  avatar: string | null;
  verificado: boolean | null;
}

/**
 * The wire shape of a lot (contract LoteSchema). `busqueda` is internal; the lab's rejection reason is
 * only for the owner.
 */
export function serializeLote(row: LoteRow, perfil: PerfilSummaryRow | null, opts: { owner: boolean }): Lote {
  const perfilProductor: PerfilProductorSummary | null =
    perfil && perfil.nombre !== null
      ? {
          id: row.productorId,
          nombre: perfil.nombre,
          pais: perfil.pais ?? '',
          region: perfil.region ?? '',
          avatar: perfil.avatar ?? null,
          verificado: perfil.verificado ?? false,
        }
      : null;
  return {
    id: row.id,
    productorId: row.productorId,
    codigo: row.codigo,
    nombre: row.nombre,
    descripcion: row.descripcion,
    pais: row.pais,
    region: row.region,
    municipio: row.municipio,
    finca: row.finca,
    altitudMin: row.altitudMin,
    altitudMax: row.altitudMax,
    ubicacion: (row.ubicacion as Lote['ubicacion']) ?? null,
    variedades: row.variedades,
    proceso: row.proceso as Lote['proceso'],
    secado: row.secado,
    cosecha: row.cosecha,
    puntaje: row.puntaje === null ? null : Number(row.puntaje),
    notasCata: row.notasCata,
    humedad: row.humedad,
    actividadAgua: row.actividadAgua,
    densidad: row.densidad,
    zaranda: row.zaranda,
    sacosDisponibles: row.sacosDisponibles,
    pesoSacoKg: row.pesoSacoKg,
    loteMinimoSacos: row.loteMinimoSacos,
    precioKg: Number(row.precioKg),
    moneda: row.moneda as Lote['moneda'],
    incoterm: row.incoterm as Lote['incoterm'],
    desglosePrecio: row.desglosePrecio ?? null,
    certificaciones: row.certificaciones as Lote['certificaciones'],
    posicion: row.posicion as Lote['posicion'],
    ventanaEmbarque: row.ventanaEmbarque,
    galeriaLote: row.galeriaLote,
    muestra: row.muestra,
    ocultar: row.ocultar,
    status: row.status as Lote['status'],
    motivoRechazo: opts.owner ? row.motivoRechazo : null,
    perfilProductor,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
