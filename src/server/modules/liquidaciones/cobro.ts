import type { DbOrTx } from '../../db/client';
import type { PedidoRow } from '../pedidos/al-embarcar';

/*
 * The two facts of the collecting half (issue 29, h29a's work) that payouts depend on, in one place: whether an
 * order is collected through Cereza, and Cereza's client-money account the transfers leave from.
 */

/** Paid through Cereza unless the contract says the parties settle directly (the default is Cereza). */
export function cobroPorCereza(p: PedidoRow): boolean {
  return (p as PedidoRow & { cobro?: string }).cobro !== 'DIRECTO';
}

export interface CuentaDeudora {
  nombre: string;
  iban: string;
  bic: string;
}

/** Cereza's client-money account (the debtor of every payout). */
export async function cuentaClientesCereza(_db: DbOrTx): Promise<CuentaDeudora> {
  return { nombre: 'Cereza Marketplace SL - Cuenta de clientes', iban: 'ES7921000813610123456789', bic: 'CAIXESBBXXX' };
}
