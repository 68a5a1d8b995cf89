/** Where the box is reviewed and sent (a dashboard page). */
export const CAJA_PAGINA = '/Dashboard/comprador/caja-muestras';

/** The visitor's box in the browser (localStorage), merged into his account's box when he signs in. */
export const CAJA_LOCAL_KEY = 'cereza:caja-muestras';
