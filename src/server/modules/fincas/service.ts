import { and, asc, eq, inArray, or } from 'drizzle-orm';
import { FINCA_MESSAGES, type Finca, type FincaParsed } from '../../../contract/fincas';
import type { Db, DbOrTx } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { fincas, loteFincas, lotes, productorPerfiles } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { rowOr404 } from '../../lib/own-row';
import type { UserRow } from '../../auth/guards';

type FincaRow = typeof fincas.$inferSelect;

export function toFinca(f: FincaRow): Finca {
  return {
    id: f.id,
    nombre: f.nombre,
    productorNombre: f.productorNombre,
    region: f.region,
    municipio: f.municipio,
    altitud: f.altitud,
    hectareas: f.hectareas,
    variedades: f.variedades,
    certificaciones: f.certificaciones,
    ubicacion: f.ubicacion ?? null,
    foto: f.foto,
    propia: f.propia,
  };
}

const values = (input: FincaParsed) => ({
  nombre: input.nombre,
  productorNombre: input.productorNombre,
  region: input.region,
  municipio: input.municipio,
  altitud: input.altitud ?? null,
  hectareas: input.hectareas ?? null,
  variedades: input.variedades,
  certificaciones: input.certificaciones,
  ubicacion: input.ubicacion ?? null,
  foto: input.foto ?? null,
});

async function tipoProductor(db: DbOrTx, userId: string) {
  const [p] = await db.select().from(productorPerfiles).where(eq(productorPerfiles.userId, userId)).limit(1);
  return p;
}

export async function listFincas(db: Db, productorId: string): Promise<Finca[]> {
  const rows = await db
    .select()
    .from(fincas)
    .where(eq(fincas.productorId, productorId))
    .orderBy(asc(fincas.nombre), asc(fincas.id));
  return rows.map(toFinca);
}

/**
 * An organisation adds a member farm. A single farm (FINCA) has one only, itself: it creates it from its
 * profile (crearFincaPropia) and may not add others.
 */
export async function crearFinca(db: Db, user: UserRow, input: FincaParsed, now: Date): Promise<Finca> {
  const perfil = await tipoProductor(db, user.id);
  if (perfil?.tipoProductor === 'FINCA') throw conflict('CONFLICT', FINCA_MESSAGES.FINCA_UNICA);
  const [row] = await db
    .insert(fincas)
    .values({ ...values(input), productorId: user.id, createdAt: now, updatedAt: now })
    .returning();
  return toFinca(row);
}

/** A single farm's own farm, filled from its profile (name, region, municipality, altitude, hectares, certifications). */
export async function crearFincaPropia(db: Db, user: UserRow, now: Date): Promise<Finca> {
  const perfil = await tipoProductor(db, user.id);
  if (!perfil || perfil.tipoProductor !== 'FINCA') throw conflict('CONFLICT', FINCA_MESSAGES.SOLO_FINCA);
  try {
    const [row] = await db
      .insert(fincas)
      .values({
        productorId: user.id,
        nombre: perfil.nombre,
        productorNombre: [user.nombre, user.apellido].filter(Boolean).join(' ') || null,
        region: perfil.region,
        municipio: perfil.municipio,
        altitud: perfil.altitud,
        hectareas: perfil.hectareas,
        certificaciones: perfil.certificaciones,
        propia: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return toFinca(row);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict('CONFLICT', FINCA_MESSAGES.PROPIA_YA_EXISTE);
    throw err;
  }
}

const own = (userId: string, id: string) => and(eq(fincas.id, id), eq(fincas.productorId, userId));

export async function actualizarFinca(db: Db, userId: string, id: string, input: FincaParsed, now: Date) {
  const [row] = await db
    .update(fincas)
    .set({ ...values(input), updatedAt: now })
    .where(own(userId, id))
    .returning();
  if (!row) throw notFound('NOT_FOUND', FINCA_MESSAGES.NOT_FOUND);
  return toFinca(row);
}

export async function eliminarFinca(db: Db, userId: string, id: string) {
  const [row] = await db.delete(fincas).where(own(userId, id)).returning({ id: fincas.id });
  if (!row) throw notFound('NOT_FOUND', FINCA_MESSAGES.NOT_FOUND);
  return row.id;
}

/** Sets which of his member farms a lot of his comes from (another's lot: 404; another's farm: 400). */
export async function setLoteFincas(db: Db, userId: string, loteId: string, fincaIds: string[], notFoundMsg: string) {
  return db.transaction(async (tx) => {
    await rowOr404(tx, lotes, and(eq(lotes.id, loteId), eq(lotes.productorId, userId)), notFoundMsg, {
      forUpdate: true,
    });
    if (fincaIds.length) {
      const mine = await tx
        .select({ id: fincas.id })
        .from(fincas)
        .where(and(inArray(fincas.id, fincaIds), eq(fincas.productorId, userId)));
      if (mine.length !== fincaIds.length) {
        throw badRequest('VALIDATION_ERROR', FINCA_MESSAGES.AJENA, { fincaIds: FINCA_MESSAGES.AJENA });
      }
    }
    await tx.delete(loteFincas).where(eq(loteFincas.loteId, loteId));
    if (fincaIds.length) await tx.insert(loteFincas).values(fincaIds.map((fincaId) => ({ loteId, fincaId })));
    return fincasDeLote(tx, loteId);
  });
}

export async function fincasDeLote(db: DbOrTx, loteId: string): Promise<Finca[]> {
  const rows = await db
    .select({ f: fincas })
    .from(loteFincas)
    .innerJoin(fincas, eq(fincas.id, loteFincas.fincaId))
    .where(eq(loteFincas.loteId, loteId))
    .orderBy(asc(fincas.nombre));
  return rows.map((r) => toFinca(r.f));
}

/** A lot's farms as the public lot page shows them: hidden lots are 404 except to their owner. */
export async function fincasDeLotePublico(db: Db, loteId: string, viewerId: string | undefined, notFoundMsg: string) {
  const visible = viewerId ? or(eq(lotes.ocultar, false), eq(lotes.productorId, viewerId)) : eq(lotes.ocultar, false);
  await rowOr404(db, lotes, and(eq(lotes.id, loteId), visible), notFoundMsg);
  return fincasDeLote(db, loteId);
}
