import { eq, sql } from 'drizzle-orm';
import type { DataUser } from '../../../contract/users';
import type { Db } from '../../db/client';
import { compradorPerfiles, imagenes, productorPerfiles, users } from '../../db/schema';
import type { UserRow } from '../../auth/guards';

type ProductorPerfilRow = typeof productorPerfiles.$inferSelect;
type CompradorPerfilRow = typeof compradorPerfiles.$inferSelect;

/** The role's profile as the API shows it: every field, timestamps as ISO text, without the owner key. */
export function serializePerfil(row: ProductorPerfilRow | CompradorPerfilRow): Record<string, unknown> {
  const { userId: _userId, createdAt, updatedAt, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() };
}

export async function loadPerfil(db: Db, user: Pick<UserRow, 'id' | 'tipoUser'>) {
  if (user.tipoUser === 'PRODUCTOR') {
    const [row] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, user.id)).limit(1);
    return row ?? null;
  }
  const [row] = await db.select().from(compradorPerfiles).where(eq(compradorPerfiles.userId, user.id)).limit(1);
  return row ?? null;
}

/**
 * dataUser: the only shape in which a user leaves the server. Built field by field (never by spreading the
 * row) so that the password hash, Google subject and token version can never leak.
 */
export function toDataUser(user: UserRow, perfil: ProductorPerfilRow | CompradorPerfilRow | null): DataUser {
  return {
    id: user.id,
    email: user.email,
    nombre: user.nombre,
    apellido: user.apellido,
    name: user.name,
    image: user.image,
    tipoUser: user.tipoUser,
    verificado: user.verificado,
    perfilBase: user.perfilBase,
    perfilCompleto: user.perfilCompleto,
    perfil: perfil ? serializePerfil(perfil) : null,
    createdAt: user.createdAt.toISOString(),
    tienePassword: !!user.passwordHash,
    conGoogle: !!user.googleSub,
  };
}

export async function dataUserOf(db: Db, user: UserRow): Promise<DataUser> {
  return toDataUser(user, await loadPerfil(db, user));
}

export async function dataUserById(db: Db, id: string): Promise<DataUser | null> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user ? dataUserOf(db, user) : null;
}

/**
 * Removes the account and everything that hangs off it: the database cascades profiles, lots, favourites
 * and news; stored images are deleted from storage and from the imagenes table. Tokens die with the row
 * (authentication finds no user), and the version is bumped first in case deletion fails half-way.
 */
export async function deleteAccount(
  db: Db,
  storage: { remove(key: string): Promise<void>; keyFromUrl?(url: string): string | undefined },
  userId: string,
): Promise<{ imagenes: number }> {
  const rows = await db.select().from(imagenes).where(eq(imagenes.ownerId, userId));
  const keys = new Set<string>();
  for (const row of rows) {
    keys.add(row.key);
    for (const url of Object.values(row.urls ?? {})) {
      const key = storage.keyFromUrl?.(url);
      if (key) keys.add(key);
    }
  }
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.id, userId));
    await tx.delete(imagenes).where(eq(imagenes.ownerId, userId));
    await tx.delete(users).where(eq(users.id, userId));
  });
  // Files go after the rows: a failure here leaves an orphan file, never a row pointing at nothing.
  for (const key of keys) {
    try {
      await storage.remove(key);
    } catch {
      // an unsafe or already missing key: nothing left to remove
    }
  }
  return { imagenes: rows.length };
}
