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
 * The wire shape of a lot (contract LoteSchema). Columns carry the contract's names and types, so the row is
 * answered as it is; only what is not a plain copy is written here: `busqueda` stays internal, the lab's
 * rejection reason is only for the owner, dates become ISO text.
 */
export function serializeLote(row: LoteRow, perfil: PerfilSummaryRow | null, opts: { owner: boolean }): Lote {
  const { busqueda: _busqueda, motivoRechazo, createdAt, updatedAt, ...fields } = row;
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
    ...fields,
    motivoRechazo: opts.owner ? motivoRechazo : null,
    perfilProductor,
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}
