import { LOTE_FIELD_KEYS, type Lote, type LoteFields, type PerfilProductorSummary } from '../../../contract/lotes';
import { sql } from 'drizzle-orm';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles, users } from '../../db/schema/users';

export type LoteRow = typeof lotes.$inferSelect;

export interface PerfilSummaryRow {
  nombre: string | null;
  pais: string | null;
  region: string | null;
  avatar: string | null;
  verificado: boolean | null;
}

/** The columns a lot query selects (joined left) for its `PerfilSummaryRow`. */
export const perfilColumns = {
  nombre: productorPerfiles.nombre,
  pais: productorPerfiles.pais,
  region: productorPerfiles.region,
  avatar: productorPerfiles.avatar,
  // The public "Productor verificado" badge: an operator approved the organisation's evidence (KYB,
  // docs/decisions/052), never the e-mail confirmation alone.
  verificado: sql<boolean>`(${users.productorVerificadoAt} is not null)`,
};

/** The producer's fields of a row: the contract's names, which are the columns' names. */
function fieldsOf(row: LoteRow): Required<LoteFields> {
  const out: Partial<Record<keyof LoteFields, unknown>> = {};
  for (const key of LOTE_FIELD_KEYS) out[key] = row[key];
  // Every key is a column typed from the same contract field (src/server/db/schema/lotes.ts).
  return out as Required<LoteFields>;
}

/**
 * The wire shape of a lot (contract LoteSchema). Columns carry the contract's names and types, so the producer's
 * fields are copied by the contract's list of names (a new field needs nothing here, and a column that is not a
 * field, such as `busqueda`, is never answered, even by routes that do not check their answer); the rest is what
 * the server decides: the lab's rejection reason only for the owner, dates as ISO text.
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
    ...fieldsOf(row),
    id: row.id,
    productorId: row.productorId,
    desglosePrecio: row.desglosePrecio,
    sacosReservados: row.sacosReservados,
    status: row.status,
    motivoRechazo: opts.owner ? row.motivoRechazo : null,
    envioLaboratorio: opts.owner ? row.envioLaboratorio : null,
    perfilProductor,
    retirado: row.archivadoAt !== null,
    eudrListo: row.eudrListo,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
