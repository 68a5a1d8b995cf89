import { eq } from 'drizzle-orm';
import {
  pendingFields,
  type CompradorPerfilData,
  type CompradorPerfilUpdate,
  type ProductorPerfilData,
  type ProductorPerfilUpdate,
} from '../../../contract/perfiles';
import type { Db } from '../../db/client';
import { compradorPerfiles, productorPerfiles, users } from '../../db/schema';
import type { UserRow } from '../../auth/guards';
import { conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { invalidateLotesCache, refreshSearchForProductor } from '../lotes/service';

const completo = (tipo: UserRow['tipoUser'], perfil: Record<string, unknown>) =>
  pendingFields(tipo, perfil).length === 0;

/** Drops keys the caller did not send, so that an update only touches what it names. */
function defined<T extends Record<string, unknown>>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

async function setFlags(db: Db, userId: string, completePerfil: boolean): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ perfilBase: true, perfilCompleto: completePerfil, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  return user;
}

export async function createProductorPerfil(db: Db, user: UserRow, input: ProductorPerfilData): Promise<UserRow> {
  const [existing] = await db
    .select({ id: productorPerfiles.userId })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, user.id))
    .limit(1);
  if (existing) throw conflict('PROFILE_EXISTS');
  try {
    const [row] = await db
      .insert(productorPerfiles)
      .values({ ...defined(input), ...required(input), userId: user.id })
      .returning();
    const updated = await setFlags(db, user.id, completo('PRODUCTOR', row));
    // Lots created before the profile existed (none today) would show an empty producer summary.
    await refreshSearchForProductor(db, user.id);
    return updated;
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('PROFILE_EXISTS');
    throw err;
  }
}

function required(input: ProductorPerfilData) {
  return { tipoProductor: input.tipoProductor, nombre: input.nombre, pais: input.pais, region: input.region };
}

export async function updateProductorPerfil(db: Db, user: UserRow, patch: ProductorPerfilUpdate): Promise<UserRow> {
  const [current] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, user.id)).limit(1);
  if (!current) throw notFound('PROFILE_NOT_FOUND');
  const changes = defined(patch);
  const [row] = await db
    .update(productorPerfiles)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(productorPerfiles.userId, user.id))
    .returning();
  const updated = await setFlags(db, user.id, completo('PRODUCTOR', row));
  // The catalogue searches by producer name and every lot answer carries the producer's summary.
  if (row.nombre !== current.nombre) await refreshSearchForProductor(db, user.id);
  else invalidateLotesCache();
  return updated;
}

export async function createCompradorPerfil(db: Db, user: UserRow, input: CompradorPerfilData): Promise<UserRow> {
  const [existing] = await db
    .select({ id: compradorPerfiles.userId })
    .from(compradorPerfiles)
    .where(eq(compradorPerfiles.userId, user.id))
    .limit(1);
  if (existing) throw conflict('PROFILE_EXISTS');
  try {
    const [row] = await db
      .insert(compradorPerfiles)
      .values({
        ...defined(input),
        fechaOrigen: input.fechaOrigen,
        empresa: input.empresa,
        tipoComprador: input.tipoComprador,
        pais: input.pais,
        userId: user.id,
      })
      .returning();
    return setFlags(db, user.id, completo('COMPRADOR', row));
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('PROFILE_EXISTS');
    throw err;
  }
}

export async function updateCompradorPerfil(db: Db, user: UserRow, patch: CompradorPerfilUpdate): Promise<UserRow> {
  const [current] = await db
    .select({ id: compradorPerfiles.userId })
    .from(compradorPerfiles)
    .where(eq(compradorPerfiles.userId, user.id))
    .limit(1);
  if (!current) throw notFound('PROFILE_NOT_FOUND');
  const [row] = await db
    .update(compradorPerfiles)
    .set({ ...defined(patch), updatedAt: new Date() })
    .where(eq(compradorPerfiles.userId, user.id))
    .returning();
  return setFlags(db, user.id, completo('COMPRADOR', row));
}
