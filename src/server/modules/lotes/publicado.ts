import { and, eq, sql, type SQL } from 'drizzle-orm';
import { lotes } from '../../db/schema/lotes';

/*
 * What "publicado" means, once (issue 25 §3: the home page said 68 lots while the catalogue listed 67, because the
 * home counted every visible lot and the catalogue left sold-out ones out). A lot is published when it is visible
 * (not hidden by its producer) and still has free bags (sacosDisponibles − sacosReservados > 0): what a buyer
 * can reserve. The catalogue's default list, the home page's totals and origins, and the producers' counts use it.
 */

/** The bags a buyer can still reserve. */
export const sacosLibres = (l: { sacosDisponibles: number; sacosReservados: number }) =>
  l.sacosDisponibles - l.sacosReservados;

export const esPublicado = (l: { ocultar: boolean; sacosDisponibles: number; sacosReservados: number }) =>
  !l.ocultar && sacosLibres(l) > 0;

/** The same rule as a WHERE condition on `lotes`. */
export const lotePublicado = (): SQL =>
  and(eq(lotes.ocultar, false), sql`${lotes.sacosDisponibles} - ${lotes.sacosReservados} > 0`)!;
