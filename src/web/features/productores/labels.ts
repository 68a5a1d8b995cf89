import { TIPO_PRODUCTOR_LABELS, type TipoProductor } from '../../../contract/perfiles-codes';
import { CERTIFICACION_LABELS } from '../../lib/catalogo-lotes';
import { formatNumber } from '../../lib/format';

/*
 * Spanish labels for the producer's profile, without the validation library: the public profile and the
 * home page import them, and they must stay small.
 */

export { TIPO_PRODUCTOR_LABELS };

export const tipoProductorLabel = (code: string) => TIPO_PRODUCTOR_LABELS[code as TipoProductor] ?? code;

export const certificacionLabel = (code: string) => (CERTIFICACION_LABELS as Record<string, string>)[code] ?? code;

/** "1.750 m s. n. m." */
export const formatAltitud = (m: number) => `${formatNumber(m, 0, 3)} m s. n. m.`;

/** "12,5 ha" */
export const formatHectareas = (ha: number) => `${formatNumber(ha, 0, 2, 'min2')} ha`;

/** The address shown for a website: without the scheme and the trailing slash. */
export const formatSitioWeb = (url: string) => url.replace(/^https?:\/\//i, '').replace(/\/$/, '');

/** A tel: link keeps only the digits and the leading plus. */
export const telefonoHref = (tel: string) => `tel:${tel.replace(/[^\d+]/g, '')}`;
