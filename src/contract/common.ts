import { z } from 'zod';

/** Account types: upper case on the wire (spec §9), lower case in the client and URLs. */
export const TIPOS_USER = ['PRODUCTOR', 'COMPRADOR'] as const;
export const TipoUserSchema = z.enum(TIPOS_USER, { error: 'El tipo de cuenta debe ser PRODUCTOR o COMPRADOR.' });
export type TipoUser = z.infer<typeof TipoUserSchema>;
export type Rol = 'productor' | 'comprador';

export const toRol = (t: TipoUser): Rol => (t === 'PRODUCTOR' ? 'productor' : 'comprador');
export const toTipoUser = (r: Rol): TipoUser => (r === 'productor' ? 'PRODUCTOR' : 'COMPRADOR');

export const UuidSchema = z.uuid({ error: 'Identificador no válido.' });

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;

/** Strips accents and case so that "café" and "CAFE" match (Spanish search). */
export function normalizeText(s: string): string {
  return s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}
