/**
 * The few error texts every page of the web needs before anything else (lib/api.ts, root.tsx, the catalogue and the lots' queries, the profile modals):
 * apart from contract/errors.ts so that the public pages' first load does not carry the whole catalogue of
 * messages (about 2 KB gzip of the public JavaScript budget, e2e/budget.spec.ts). ERRORS and MESSAGES in
 * contract/errors.ts reuse these constants, so each text is still written once.
 */
export const NETWORK_ERROR = 'Error de conexión. Verifica tu internet e intenta nuevamente.';
export const INVALID_RESPONSE = 'Respuesta inválida del servidor.';
export const LOTES_LIST_ERROR = 'Error al obtener lotes';
export const SESSION_EXPIRED = 'Sesión expirada. Por favor, inicia sesión nuevamente.';
export const LOTE_UPDATE_ERROR = 'Error al actualizar lote';
export const LOTE_DELETE_ERROR = 'Error al eliminar lote';
export const USER_IDENTIFY_ERROR = 'Error al identificar el usuario. Intenta iniciar sesión nuevamente.';
export const USER_LOAD_ERROR = 'Error al cargar datos del usuario. Intenta nuevamente.';
