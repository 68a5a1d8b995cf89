import type { Rol } from './roles';

/**
 * Where each role's dashboard starts (issue 27). Apart from contract/paginas because the public pages' first load
 * (web/lib/session's `dashboardPath`, the header's "Mi cuenta") needs only this, and is at the edge of its budget.
 */
export const panel = <R extends Rol>(rol: R) => `/Dashboard/${rol}` as const;
