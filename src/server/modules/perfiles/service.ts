import { and, eq, ne } from 'drizzle-orm';
import { nombreClave } from '../../../contract/common';
import { faltantesInformacionComercial } from '../../../contract/auth';
import { ERRORS } from '../../../contract/errors';
import {
  pendingFields,
  type CompradorPerfil,
  type CompradorPerfilData,
  type CompradorPerfilUpdate,
  type ProductorPerfil,
  type ProductorPerfilData,
  type ProductorPerfilUpdate,
} from '../../../contract/perfiles';
import type { DataUser } from '../../../contract/users';
import type { Db, DbOrTx } from '../../db/client';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema/users';
import type { UserRow } from '../../auth/guards';
import { conflict, HttpError, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { checkCoverSize } from '../../lib/uploaded-images';
import { productorChanged, refreshSearchForProductor } from '../lotes';

type ProductorPerfilRow = typeof productorPerfiles.$inferSelect;
type CompradorPerfilRow = typeof compradorPerfiles.$inferSelect;

/** A saved profile and the account it belongs to (its flags changed with it). */
export interface Saved<P> {
  user: UserRow;
  perfil: P;
}

/** The profile as the API answers it (contract ProductorPerfilSchema / CompradorPerfilSchema): the row's fields. */
export function toProductorPerfil(row: ProductorPerfilRow): ProductorPerfil {
  const { userId: _userId, nombreClave: _nombreClave, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}
export function toCompradorPerfil(row: CompradorPerfilRow): CompradorPerfil {
  const { userId: _userId, createdAt, updatedAt, ...fields } = row;
  return { ...fields, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

/** The role's profile as the API answers it, or null before it is created. */
async function loadPerfil(db: Db, user: Pick<UserRow, 'id' | 'tipoUser'>) {
  if (user.tipoUser === 'LABORATORIO' || user.tipoUser === 'OPERADOR') return { tipoUser: user.tipoUser, perfil: null };
  if (user.tipoUser === 'PRODUCTOR') {
    const [row] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, user.id)).limit(1);
    return { tipoUser: user.tipoUser, perfil: row ? toProductorPerfil(row) : null };
  }
  const [row] = await db.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, user.id)).limit(1);
  return { tipoUser: user.tipoUser, perfil: row ? toCompradorPerfil(row) : null };
}

/**
 * dataUser: the only shape in which a user leaves the server. Built field by field (never by spreading the
 * row) so that the password hash, Google subject and token version can never leak.
 */
function toDataUser(user: UserRow, rolePerfil: Awaited<ReturnType<typeof loadPerfil>>): DataUser {
  return {
    ...rolePerfil,
    id: user.id,
    email: user.email,
    nombre: user.nombre,
    apellido: user.apellido,
    name: user.name,
    image: user.image,
    verificado: user.verificado,
    perfilBase: user.perfilBase,
    perfilCompleto: user.perfilCompleto,
    createdAt: user.createdAt.toISOString(),
    tienePassword: !!user.passwordHash,
    conGoogle: !!user.googleSub,
    faltaInformacionComercial: faltantesInformacionComercial(user.informacionComercial),
  };
}

export async function dataUserOf(db: Db, user: UserRow): Promise<DataUser> {
  return toDataUser(user, await loadPerfil(db, user));
}

/** The signed-in user's own profile; 404 when they have not created it yet. */
export async function getOwnProductorPerfil(db: Db, userId: string): Promise<ProductorPerfil> {
  const [row] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, userId)).limit(1);
  if (!row) throw notFound('PROFILE_NOT_FOUND');
  return toProductorPerfil(row);
}
export async function getOwnCompradorPerfil(db: Db, userId: string): Promise<CompradorPerfil> {
  const [row] = await db.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, userId)).limit(1);
  if (!row) throw notFound('PROFILE_NOT_FOUND');
  return toCompradorPerfil(row);
}

const completo = (tipo: 'PRODUCTOR' | 'COMPRADOR', perfil: Record<string, unknown>) =>
  pendingFields(tipo, perfil).length === 0;

async function setFlags(db: DbOrTx, userId: string, completePerfil: boolean): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ perfilBase: true, perfilCompleto: completePerfil, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

/**
 * Creates the producer's profile, sets the account's flags and refreshes the search text of any lot they have,
 * in one transaction. Input fields and columns share names: the parsed body is stored as it is.
 */
export async function createProductorPerfil(
  db: Db,
  user: UserRow,
  input: ProductorPerfilData,
): Promise<Saved<ProductorPerfil>> {
  try {
    const saved = await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: productorPerfiles.userId })
        .from(productorPerfiles)
        .where(eq(productorPerfiles.userId, user.id))
        .limit(1);
      if (existing) throw conflict('PROFILE_EXISTS');
      await checkNombreLibre(tx, user.id, input.nombre);
      await checkCoverSize(tx, input.portada, 'portada');
      const [row] = await tx
        .insert(productorPerfiles)
        .values({ ...input, userId: user.id, nombreClave: nombreClave(input.nombre) })
        .returning();
      const updated = await setFlags(tx, user.id, completo('PRODUCTOR', row));
      // Lots created before the profile existed (none today) would show an empty producer summary.
      await refreshSearchForProductor(tx, user.id);
      return { user: updated, perfil: toProductorPerfil(row) };
    });
    return saved;
  } catch (err) {
    if (violates(err, NOMBRE_CLAVE_UQ)) throw nombreEnUso();
    if (isUniqueViolation(err)) throw conflict('PROFILE_EXISTS');
    throw err;
  }
}

const NOMBRE_CLAVE_UQ = 'productor_perfiles_nombre_clave_uq';
const nombreEnUso = () => new HttpError(409, 'NOMBRE_EN_USO', undefined, { nombre: ERRORS.NOMBRE_EN_USO });

/** The unique constraint a database error broke is `constraint` (pg and PGlite both name it). */
function violates(err: unknown, constraint: string): boolean {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505' && (e as { constraint?: unknown }).constraint === constraint) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * A producer's public name is his alone, without counting case, accents or spaces: "Finca El Paraíso" and "finca el
 * paraiso" are one name (a buyer could not tell them apart). The unique index decides a race; this check words the
 * common case before any write.
 */
async function checkNombreLibre(tx: DbOrTx, userId: string, nombre: string): Promise<void> {
  const [taken] = await tx
    .select({ id: productorPerfiles.userId })
    .from(productorPerfiles)
    .where(and(eq(productorPerfiles.nombreClave, nombreClave(nombre)), ne(productorPerfiles.userId, userId)))
    .limit(1);
  if (taken) throw nombreEnUso();
}

/**
 * Changes the fields the patch names (absent ones stay, empty ones are cleared), recomputes perfilCompleto and,
 * when the name changes, the catalogue's search text of every lot, in one transaction.
 */
export async function updateProductorPerfil(
  db: Db,
  user: UserRow,
  patch: ProductorPerfilUpdate,
): Promise<Saved<ProductorPerfil>> {
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(productorPerfiles)
        .where(eq(productorPerfiles.userId, user.id))
        .for('update')
        .limit(1);
      if (!current) throw notFound('PROFILE_NOT_FOUND');
      if (patch.portada && patch.portada !== current.portada) await checkCoverSize(tx, patch.portada, 'portada');
      const clave = patch.nombre !== undefined ? nombreClave(patch.nombre) : undefined;
      if (clave !== undefined && clave !== current.nombreClave) await checkNombreLibre(tx, user.id, patch.nombre!);
      const [row] = await tx
        .update(productorPerfiles)
        .set({ ...patch, ...(clave !== undefined ? { nombreClave: clave } : {}), updatedAt: new Date() })
        .where(eq(productorPerfiles.userId, user.id))
        .returning();
      const updated = await setFlags(tx, user.id, completo('PRODUCTOR', row));
      // The catalogue searches by producer name.
      if (row.nombre !== current.nombre) await refreshSearchForProductor(tx, user.id);
      // Every lot answer carries the producer's summary (name, avatar).
      else await productorChanged(tx, user.id);
      return { user: updated, perfil: toProductorPerfil(row) };
    });
  } catch (err) {
    if (violates(err, NOMBRE_CLAVE_UQ)) throw nombreEnUso();
    throw err;
  }
}

export async function createCompradorPerfil(
  db: Db,
  user: UserRow,
  input: CompradorPerfilData,
): Promise<Saved<CompradorPerfil>> {
  try {
    return await db.transaction(async (tx) => {
      const [existing] = await tx
        .select({ id: compradorPerfiles.userId })
        .from(compradorPerfiles)
        .where(eq(compradorPerfiles.userId, user.id))
        .limit(1);
      if (existing) throw conflict('PROFILE_EXISTS');
      const [row] = await tx
        .insert(compradorPerfiles)
        .values({ ...input, userId: user.id })
        .returning();
      const updated = await setFlags(tx, user.id, completo('COMPRADOR', row));
      return { user: updated, perfil: toCompradorPerfil(row) };
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('PROFILE_EXISTS');
    throw err;
  }
}

export async function updateCompradorPerfil(
  db: Db,
  user: UserRow,
  patch: CompradorPerfilUpdate,
): Promise<Saved<CompradorPerfil>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(compradorPerfiles)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(compradorPerfiles.userId, user.id))
      .returning();
    if (!row) throw notFound('PROFILE_NOT_FOUND');
    const updated = await setFlags(tx, user.id, completo('COMPRADOR', row));
    return { user: updated, perfil: toCompradorPerfil(row) };
  });
}
