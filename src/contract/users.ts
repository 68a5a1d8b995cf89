import { z } from 'zod';
import './zod-es';
import { InformacionComercialSchema } from './auth';
import { PreferenciasSchema } from './notificaciones';
import { CompradorPerfilSchema, ProductorPerfilSchema } from './perfiles';

/** A renewed session token rides along on any authenticated answer. */
const refreshedToken = z.string().optional();

const DataUserBase = z.object({
  id: z.string(),
  email: z.string(),
  nombre: z.string(),
  apellido: z.string(),
  name: z.string(),
  image: z.string().nullable(),
  verificado: z.boolean(),
  perfilBase: z.boolean(),
  perfilCompleto: z.boolean(),
  createdAt: z.string().optional(),
  /** The account can sign in with a password (false for Google-only accounts). */
  tienePassword: z.boolean().optional(),
  /** A Google identity is linked to the account. */
  conGoogle: z.boolean().optional(),
  /**
   * What the account's InformacionComercial still lacks for a contract (Spanish names; empty when complete): part
   * of the profile's progress, and what a buyer is told before reserving (issue 25 §3).
   */
  faltaInformacionComercial: z.array(z.string()).optional(),
});

/**
 * The user as the API answers it (dataUser); never contains the password hash. The profile is the role's own
 * (the contract's ProductorPerfil or CompradorPerfil, null until it is created): narrow on `tipoUser` to read it.
 */
export const DataUserSchema = z.discriminatedUnion('tipoUser', [
  DataUserBase.extend({ tipoUser: z.literal('PRODUCTOR'), perfil: ProductorPerfilSchema.nullable() }),
  DataUserBase.extend({ tipoUser: z.literal('COMPRADOR'), perfil: CompradorPerfilSchema.nullable() }),
  /** Cereza's quality lab: no public profile. */
  DataUserBase.extend({ tipoUser: z.literal('LABORATORIO'), perfil: z.null() }),
  /** Cereza's operator (docs/decisions/045): no public profile either. */
  DataUserBase.extend({ tipoUser: z.literal('OPERADOR'), perfil: z.null() }),
]);
export type DataUser = z.output<typeof DataUserSchema>;

// ---------------------------------------------------------------------------------------------------------
// Answers of the account calls (/api/auth/*, /api/users/*, the profiles' POST and PUT): their fields at the top
// level beside `success` (docs/product.md §7), with the renewed token when there is one.
// ---------------------------------------------------------------------------------------------------------

const answer = <S extends z.ZodRawShape>(shape: S) => z.object({ success: z.literal(true), ...shape, refreshedToken });
/** The answer of a change: the same, with the sentence to show. */
const saved = <S extends z.ZodRawShape>(shape: S) => answer({ ...shape, message: z.string() });

/** A sign-in (login, registration, Google, password reset or change): the token and the user. */
export const SessionResponseSchema = answer({
  token: z.string(),
  dataUser: DataUserSchema,
  message: z.string().optional(),
});
export type SessionResponse = z.output<typeof SessionResponseSchema>;
/** The same with the sentence to show (registration, password reset and change). */
export const SessionMessageResponseSchema = saved({ token: z.string(), dataUser: DataUserSchema });
export type SessionMessageResponse = z.output<typeof SessionMessageResponseSchema>;

/** POST /api/auth/google: a Google identity without an account yet asks the client for the account type. */
export const GoogleResponseSchema = z.union([
  SessionResponseSchema.extend({ userExists: z.literal(true) }),
  z.object({ success: z.literal(true), userExists: z.literal(false) }),
]);
export type GoogleResponse = z.output<typeof GoogleResponseSchema>;

/** POST /api/auth/jwt-validate: the user's id beside dataUser. */
export const JwtValidateResponseSchema = answer({
  valid: z.literal(true),
  userId: z.string(),
  dataUser: DataUserSchema,
});
export type JwtValidateResponse = z.output<typeof JwtValidateResponseSchema>;

/** An answer that only says it was done. */
export const MessageResponseSchema = saved({});
export type MessageResponse = z.output<typeof MessageResponseSchema>;

export const EmailVerifiedResponseSchema = saved({ verificado: z.literal(true) });
export type EmailVerifiedResponse = z.output<typeof EmailVerifiedResponseSchema>;

/** GET /api/users/:userId (`user` and `dataUser` are the same object). */
export const UserResponseSchema = answer({ user: DataUserSchema, dataUser: DataUserSchema });
export type UserResponse = z.output<typeof UserResponseSchema>;

/** PUT /api/users/me. */
export const UserSavedResponseSchema = saved({ dataUser: DataUserSchema });
export type UserSavedResponse = z.output<typeof UserSavedResponseSchema>;

/** PUT /api/users/me/notificaciones: any subset of the switches; the rest keep their value. */
export const PreferenciasPatchSchema = PreferenciasSchema.partial().strict();

/** GET and PUT /api/users/me/notificaciones: every switch as it now stands. */
export const PreferenciasResponseSchema = answer({ notificaciones: PreferenciasSchema });
export type PreferenciasResponse = z.output<typeof PreferenciasResponseSchema>;
export const PreferenciasSavedResponseSchema = saved({ notificaciones: PreferenciasSchema });
export type PreferenciasSavedResponse = z.output<typeof PreferenciasSavedResponseSchema>;

/** GET /api/users/me/informacion-comercial: null until it is first saved. */
export const InformacionComercialResponseSchema = answer({
  informacionComercial: InformacionComercialSchema.nullable(),
});
export type InformacionComercialResponse = z.output<typeof InformacionComercialResponseSchema>;
export const InformacionComercialSavedResponseSchema = saved({ informacionComercial: InformacionComercialSchema });
export type InformacionComercialSavedResponse = z.output<typeof InformacionComercialSavedResponseSchema>;

/** POST and PUT of a profile: the updated user (dataUser, for the session) and the saved profile. */
export const ProductorPerfilSavedResponseSchema = saved({ dataUser: DataUserSchema, perfil: ProductorPerfilSchema });
export type ProductorPerfilSavedResponse = z.output<typeof ProductorPerfilSavedResponseSchema>;
export const CompradorPerfilSavedResponseSchema = saved({ dataUser: DataUserSchema, perfil: CompradorPerfilSchema });
export type CompradorPerfilSavedResponse = z.output<typeof CompradorPerfilSavedResponseSchema>;

/**
 * What keeps an account from being deleted (docs/decisions/046): an order not final, a sample in progress, an open
 * request with answers, or a live answer to an open request. Each one links to where it can be finished.
 */
export const TIPOS_OPERACION_ABIERTA = ['pedido', 'muestra', 'solicitud', 'respuesta'] as const;
export const OperacionAbiertaSchema = z.object({
  tipo: z.enum(TIPOS_OPERACION_ABIERTA),
  id: z.string(),
  titulo: z.string(),
  estado: z.string(),
  enlace: z.string(),
});
export type OperacionAbierta = z.output<typeof OperacionAbiertaSchema>;

/** GET /api/users/me/operaciones-abiertas: empty when the account can be deleted. */
export const OperacionesAbiertasResponseSchema = answer({ operaciones: z.array(OperacionAbiertaSchema) });
export type OperacionesAbiertasResponse = z.output<typeof OperacionesAbiertasResponseSchema>;

export const OPERACION_ABIERTA_PLURAL: Record<OperacionAbierta['tipo'], [string, string]> = {
  pedido: ['pedido', 'pedidos'],
  muestra: ['muestra', 'muestras'],
  solicitud: ['solicitud con respuestas', 'solicitudes con respuestas'],
  respuesta: ['respuesta a una solicitud abierta', 'respuestas a solicitudes abiertas'],
};

/** "2 pedidos y 1 muestra": what is open, counted by kind, for the 409 and the page. */
export function resumenOperacionesAbiertas(operaciones: Pick<OperacionAbierta, 'tipo'>[]): string {
  const partes = TIPOS_OPERACION_ABIERTA.flatMap((tipo) => {
    const n = operaciones.filter((o) => o.tipo === tipo).length;
    return n ? [`${n} ${OPERACION_ABIERTA_PLURAL[tipo][n === 1 ? 0 : 1]}`] : [];
  });
  return partes.length > 1 ? `${partes.slice(0, -1).join(', ')} y ${partes[partes.length - 1]}` : (partes[0] ?? '');
}

export const cuentaConOperacionesAbiertas = (operaciones: Pick<OperacionAbierta, 'tipo'>[]) =>
  `No puedes eliminar tu cuenta mientras tengas operaciones en curso (${resumenOperacionesAbiertas(operaciones)}). ` +
  'Termínalas o cancélalas antes: la página Eliminar cuenta las enumera.';

export { displayName } from './roles';
