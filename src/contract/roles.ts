/** Account types without zod, so the browser's first chunk does not carry the validation library. */
export const TIPOS_USER = ['PRODUCTOR', 'COMPRADOR'] as const;
export type TipoUser = (typeof TIPOS_USER)[number];
export type Rol = 'productor' | 'comprador';

export const toRol = (t: TipoUser): Rol => (t === 'PRODUCTOR' ? 'productor' : 'comprador');
export const toTipoUser = (r: Rol): TipoUser => (r === 'productor' ? 'PRODUCTOR' : 'COMPRADOR');
/** Only these two values are ever accepted as a chosen account type (docs/product.md §4, §5). */
export const isRol = (v: unknown): v is Rol => v === 'productor' || v === 'comprador';

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
