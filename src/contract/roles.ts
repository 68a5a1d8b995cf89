/** Account types without zod, so the browser's first chunk does not carry the validation library. */
/** The account types a person may choose when registering (docs/product.md §4, §5). */
export const TIPOS_USER = ['PRODUCTOR', 'COMPRADOR'] as const;
export type TipoUser = (typeof TIPOS_USER)[number];
/**
 * Every account type: the two a person chooses, and Cereza's quality lab, whose accounts only the operator
 * command `npm run laboratorio -- crear <email>` creates (TRADE.md "The quality lab"; docs/decisions/022).
 */
export const TIPOS_CUENTA = [...TIPOS_USER, 'LABORATORIO', 'OPERADOR'] as const;
export type TipoCuenta = (typeof TIPOS_CUENTA)[number];
/** The role a person chooses (productor or comprador). */
export type RolRegistro = 'productor' | 'comprador';
/**
 * The role of any account: its dashboard is /Dashboard/{rol}. The operator (the company that runs Cereza,
 * docs/decisions/045) is made by `npm run operador -- crear <email>`, never by registration.
 */
export type Rol = RolRegistro | 'laboratorio' | 'operador';

export const toRol = (t: TipoCuenta): Rol =>
  t === 'PRODUCTOR' ? 'productor' : t === 'LABORATORIO' ? 'laboratorio' : t === 'OPERADOR' ? 'operador' : 'comprador';
export const toTipoUser = (r: RolRegistro): TipoUser => (r === 'productor' ? 'PRODUCTOR' : 'COMPRADOR');
export const toTipoCuenta = (r: Rol): TipoCuenta =>
  r === 'laboratorio' ? 'LABORATORIO' : r === 'operador' ? 'OPERADOR' : toTipoUser(r);
/** Accounts that sign in with a second factor (TOTP, docs/decisions/045): a password alone opens nothing. */
export const requiresSecondFactor = (t: TipoCuenta): boolean => t === 'LABORATORIO' || t === 'OPERADOR';
/**
 * Whether the role trades, and so has a public profile, commercial data and an account it may delete: the lab and
 * the operator are Cereza's own staff accounts and have none of these.
 */
export const esParteComercial = (r: Rol): r is RolRegistro => r === 'productor' || r === 'comprador';
/** Only these two values are ever accepted as a chosen account type (docs/product.md §4, §5). */
export const isRol = (v: unknown): v is RolRegistro => v === 'productor' || v === 'comprador';

/** Strips accents and case so that "café" and "CAFE" match (Spanish search). */
export function normalizeText(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
}

/** Display name (docs/product.md §3): name, else nombre + apellido, else nombre, else the e-mail. */
export function displayName(u: {
  name?: string | null;
  nombre?: string | null;
  apellido?: string | null;
  email: string;
}): string {
  if (u.name?.trim()) return u.name.trim();
  if (u.nombre?.trim() && u.apellido?.trim()) return `${u.nombre.trim()} ${u.apellido.trim()}`;
  if (u.nombre?.trim()) return u.nombre.trim();
  return u.email;
}
