/**
 * The payouts' files (issue 29): the producer's statement PDF and the operator's pain.001, downloaded by links, not
 * called. The JSON endpoints are declared in contract/liquidaciones-endpoints.ts. Apart from contract/paths: only
 * private pages use them, and the public pages' first load (which imports contract/paths) is at the edge of its budget.
 */
export const API_LIQUIDACIONES = {
  liquidacionPdf: (id: string) => `/api/liquidaciones/pagos/${id}/pdf`,
  operadorRemesaXml: (id: string) => `/api/operador/remesas/${id}/xml`,
} as const;
