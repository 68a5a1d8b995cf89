import type { Tx } from '../../db/client';
import { lotes } from '../../db/schema/lotes';
import { lotesChanged } from './changed';

type Insert = typeof lotes.$inferInsert;

/** What a proposal without a published lot says of its coffee (modules/solicitudes, docs/decisions/039). */
export interface LotePrivado {
  productorId: string;
  codigo: string;
  nombre: string;
  descripcion: Insert['descripcion'];
  pais: Insert['pais'];
  region: Insert['region'];
  proceso: Insert['proceso'];
  puntaje: Insert['puntaje'];
  sacos: number;
  pesoSacoKg: Insert['pesoSacoKg'];
  precioKg: number;
  moneda: Insert['moneda'];
  incoterm: Insert['incoterm'];
  ventanaEmbarque: Insert['ventanaEmbarque'];
  gramosMuestra: number;
}

/**
 * A private lot of the producer made of exactly what he proposed, in the caller's transaction: hidden from the
 * catalogue (`ocultar`), so only the parties of its sample and order read it; bought whole or in part (minimum one
 * bag), its sample free. Answers the new lot's id. The lots module writes it, not the requests (issue 27).
 */
export async function createPrivateLote(tx: Tx, l: LotePrivado, now: Date): Promise<string> {
  const [lote] = await tx
    .insert(lotes)
    .values({
      productorId: l.productorId,
      codigo: l.codigo,
      nombre: l.nombre,
      descripcion: l.descripcion,
      pais: l.pais,
      region: l.region,
      proceso: l.proceso,
      puntaje: l.puntaje,
      sacosDisponibles: l.sacos,
      pesoSacoKg: l.pesoSacoKg,
      loteMinimoSacos: 1,
      precioKg: l.precioKg,
      moneda: l.moneda,
      incoterm: l.incoterm,
      posicion: 'DISPONIBLE',
      ventanaEmbarque: l.ventanaEmbarque,
      muestra: { disponible: true, gramos: l.gramosMuestra, precio: 0 },
      ocultar: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: lotes.id });
  await lotesChanged(tx, [lote.id]);
  return lote.id;
}
