/*
 * Cereza's client-money account (issue 29, docs/decisions/054): the app sets it from the configuration
 * (CEREZA_IBAN, CEREZA_BIC, CEREZA_TITULAR) when it starts; invoices issued inside an order's move read it here,
 * where no app object reaches. Until set, the demo account of config.ts's defaults.
 */
export interface CuentaClientes {
  iban: string;
  bic: string;
  titular: string;
}

let cuenta: CuentaClientes = {
  iban: 'ES7921000813610123456789',
  bic: 'CAIXESBBXXX',
  titular: 'Cereza Marketplace, S.L. (cuenta de clientes)',
};

export function setCuentaClientes(c: CuentaClientes): void {
  cuenta = { ...c };
}

export const cuentaClientes = (): CuentaClientes => ({ ...cuenta });
