import type { Tx } from '../../db/client';

/*
 * The statement import's extension point for DEBIT entries (issue 29): the payouts module (modules/liquidaciones)
 * registers here, once at start-up, the function that recognises its credit transfers to producers in the
 * statement (by end-to-end id) and confirms them. The import calls it inside its own transaction with every NEW
 * booked debit of the file (an entry already imported is never passed again); a throw rolls the whole import back.
 *
 *   registrarConciliadorCargos(confirmarPagosDeExtracto);
 *
 * Debits it confirms become CONCILIADO (metodo LIQUIDACION); the rest wait in the operator's list of unmatched
 * entries. Without a registered function every debit waits there.
 */

export interface ApunteCargo {
  /** The EndToEndId the bank reports ('NOTPROVIDED' becomes null). */
  endToEndId: string | null;
  /** Positive, minor units. */
  importeCentavos: number;
  moneda: string;
  /** The entry's unique bank key (apuntes_bancarios.clave_banco). */
  referenciaBanco: string;
  /** YYYY-MM-DD (booking date; the value date when the bank gives no booking date). */
  fechaValor: string;
}

export type ConciliadorCargos = (
  tx: Tx,
  apuntes: ApunteCargo[],
  ctx: { now: Date; extractoId: string },
) => Promise<{ confirmados: string[]; sinCasar: ApunteCargo[] }>;

let conciliador: ConciliadorCargos | null = null;

export function registrarConciliadorCargos(fn: ConciliadorCargos): () => void {
  conciliador = fn;
  return () => {
    if (conciliador === fn) conciliador = null;
  };
}

export const conciliadorCargos = (): ConciliadorCargos | null => conciliador;

/**
 * The same for CREDIT entries that bring a payout back (docs/decisions/067): the producer's bank returned it, or the
 * bank reversed its debit. The import offers every new booked credit that carries an EndToEndId first to this
 * function; a note back means it was a returned payout (the entry is reconciled as DEVOLUCION), null means it is a
 * buyer's transfer to match as usual.
 */
export type DevolucionPagos = (tx: Tx, abono: ApunteCargo, ctx: { now: Date }) => Promise<string | null>;

let devolucion: DevolucionPagos | null = null;

export function registrarDevolucionPagos(fn: DevolucionPagos): () => void {
  devolucion = fn;
  return () => {
    if (devolucion === fn) devolucion = null;
  };
}

export const devolucionPagos = (): DevolucionPagos | null => devolucion;
