import { z } from 'zod';
import { TipoUserSchema } from './common';

/** The user as the API answers it (dataUser); never contains the password hash. */
export const DataUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  tipoUser: TipoUserSchema,
  verificado: z.boolean(),
  perfilBase: z.boolean(),
  perfilCompleto: z.boolean(),
  perfil: z.record(z.string(), z.unknown()).nullable(),
  createdAt: z.string().optional(),
  /** The account can sign in with a password (false for Google-only accounts). */
  tienePassword: z.boolean().optional(),
  /** A Google identity is linked to the account. */
  conGoogle: z.boolean().optional(),
});
export type DataUser = z.infer<typeof DataUserSchema>;

export { displayName } from './roles';
