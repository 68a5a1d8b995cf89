import { z } from 'zod';

import { TIPOS_USER } from './roles';

export { TIPOS_USER, toRol, toTipoUser, isRol, normalizeText, type Rol } from './roles';

/** Account types: upper case on the wire (spec §9), lower case in the client and URLs. */
export const TipoUserSchema = z.enum(TIPOS_USER, { error: 'El tipo de cuenta debe ser PRODUCTOR o COMPRADOR.' });
export type TipoUser = z.infer<typeof TipoUserSchema>;

export const UuidSchema = z.uuid({ error: 'Identificador no válido.' });

export const PaginationSchema = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof PaginationSchema>;
