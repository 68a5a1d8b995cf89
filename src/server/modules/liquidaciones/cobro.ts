import type { DbOrTx } from '../../db/client';
import { cuentaClientes } from '../facturas';
import type { PedidoRow } from '../pedidos';

/*
 * The two facts of the collecting half (modules/cobros, decision 054) that payouts depend on, in one place: whether
 * an order is collected through Cereza, and Cereza's client-money account the transfers leave from.
 */

/** Only orders the contract says are paid through Cereza are owed by Cereza to their producer. */
export function cobroPorCereza(p: PedidoRow): boolean {
  return p.cobro === 'CEREZA';
}

export interface CuentaDeudora {
  nombre: string;
  iban: string;
  bic: string;
}

/** Cereza's client-money account (the debtor of every payout): CEREZA_IBAN / CEREZA_BIC / CEREZA_TITULAR. */
export async function cuentaClientesCereza(_db: DbOrTx): Promise<CuentaDeudora> {
  const c = cuentaClientes();
  return { nombre: c.titular, iban: c.iban, bic: c.bic };
}
