/** Every API path in one place (docs/product.md §7). */
export const API = {
  health: '/api/health',
  ready: '/api/ready',
  build: '/api/build',
  /** The catalogue's filters as an offer list to take away: `?formato` of contract/oferta.ts, then the filters. */
  lotesOferta: (formato: string) => `/api/lotes/oferta.${formato}`,
  uploads: '/api/uploads',
  documentos: '/api/uploads/documentos',
  facturaPdf: (id: string) => `/api/facturas/${id}/pdf`,
} as const;
