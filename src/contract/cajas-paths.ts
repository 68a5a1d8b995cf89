/**
 * The sample boxes' API paths (decision 070), apart from contract/paths: the "Añadir a la caja de muestras" button
 * is on the public pages' first load and needs only the first two.
 */
export const CAJA_API = {
  /** The buyer's box being filled: GET it, POST `fusionar` the visitor's box kept in the browser. */
  caja: '/api/caja-muestras',
  cajaLote: (loteId: string) => `/api/caja-muestras/lotes/${loteId}`,
  fusionar: '/api/caja-muestras/fusionar',
  enviar: '/api/caja-muestras/enviar',
  /** The boxes sent, per producer; a box's one shipment. */
  cajas: '/api/cajas-muestras',
  cajaEnviada: (id: string) => `/api/cajas-muestras/${id}`,
  envio: (id: string) => `/api/cajas-muestras/${id}/envio`,
} as const;

/** Where the box is reviewed and sent (a dashboard page). */
export const CAJA_PAGINA = '/Dashboard/comprador/caja-muestras';

/** The visitor's box in the browser (localStorage), merged into his account's box when he signs in. */
export const CAJA_LOCAL_KEY = 'cereza:caja-muestras';
