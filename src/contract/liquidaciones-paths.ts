/**
 * The payouts' API paths (issue 29), apart from contract/paths: only private pages use them, and the public pages'
 * first load (which imports contract/paths) is at the edge of its budget.
 */
export const API_LIQUIDACIONES = {
  liquidaciones: '/api/liquidaciones',
  cuentaCobro: '/api/liquidaciones/cuenta-cobro',
  liquidacionPdf: (id: string) => `/api/liquidaciones/pagos/${id}/pdf`,
  operadorLiquidaciones: '/api/operador/liquidaciones',
  operadorRemesas: '/api/operador/remesas',
  operadorRemesa: (id: string) => `/api/operador/remesas/${id}`,
  operadorRemesaXml: (id: string) => `/api/operador/remesas/${id}/xml`,
  operadorRemesaEnviada: (id: string) => `/api/operador/remesas/${id}/enviada`,
  operadorRemesaAnulada: (id: string) => `/api/operador/remesas/${id}/anulada`,
} as const;
