import type { DbOrTx, Tx } from '../../db/client';
import type { UserRow } from '../../auth/guards';
import type { LoteRow } from './serialize';

/*
 * What other modules do when a lot is created, edited or retired (issue 27, docs/decisions/074): the buyers who saved
 * the producer's lots hear of a new one (favoritos), a verified lot whose coffee changed goes back to the lab
 * (laboratorio), a retired lot leaves the buyers' favourites (favoritos). The lots module does not import those
 * modules; src/server/composition.ts registers them here, the same way the order's moves take their effects
 * (modules/pedidos/al-embarcar.ts). Each effect runs inside the write's transaction, in registration order; one that
 * throws rolls the write back.
 */

/** A lot just inserted; `ocultar` lots are not on show (the effects decide what that means for them). */
export interface LoteNuevoContext {
  tx: Tx;
  lote: { id: string; nombre: string; ocultar: boolean };
  productorId: string;
  /** The producer's display name ('' when the profile has none). */
  productor: string;
}

/** A lot just updated: the row before the edit, the fields the edit sent, who edited it and when. */
export interface LoteEditadoContext {
  tx: Tx;
  user: UserRow;
  before: LoteRow;
  patch: Partial<Record<string, unknown>>;
  now: Date;
}

/** A lot just retired (hidden for good, kept for its trade history: docs/decisions/046). */
export interface LoteRetiradoContext {
  tx: DbOrTx;
  loteId: string;
  now: Date;
}

type Efecto<C> = (ctx: C) => Promise<void>;

function registry<C>() {
  const efectos: Efecto<C>[] = [];
  return {
    /** Registering the same function twice registers it once (tests build many apps). */
    registrar(efecto: Efecto<C>): () => void {
      if (!efectos.includes(efecto)) efectos.push(efecto);
      return () => {
        const i = efectos.indexOf(efecto);
        if (i >= 0) efectos.splice(i, 1);
      };
    },
    async correr(ctx: C): Promise<void> {
      for (const efecto of [...efectos]) await efecto(ctx);
    },
  };
}

const alCrear = registry<LoteNuevoContext>();
const alEditar = registry<LoteEditadoContext>();
const alRetirar = registry<LoteRetiradoContext>();

export const registrarAlCrearLote = alCrear.registrar;
export const registrarAlEditarLote = alEditar.registrar;
export const registrarAlRetirarLote = alRetirar.registrar;
export const alCrearLote = alCrear.correr;
export const alEditarLote = alEditar.correr;
export const alRetirarLote = alRetirar.correr;
