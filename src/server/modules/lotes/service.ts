import { randomInt } from 'node:crypto';
import { cuenta } from '../../../contract/plural';
import { and, asc, count, desc, eq, gt, gte, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { normalizeText } from '../../../contract/common';
import { ERRORS } from '../../../contract/errors';
import {
  checkLoteRules,
  LotesQuerySchema,
  ProductorLotesQuerySchema,
  type Lote,
  type LoteInput,
  type LotesPage,
  type LotesQuery,
  type LoteUpdate,
  type ProductorLotesQuery,
  comisionOf,
  type DesglosePrecio,
  type DesglosePrecioInput,
  LOTE_MESSAGES,
} from '../../../contract/lotes';
import type { Db, DbOrTx } from '../../db/client';
import { checkCoverSize } from '../../lib/uploaded-images';
import { respuestas } from '../../db/schema/abastecimiento';
import { lotes } from '../../db/schema/lotes';
import { catas, muestras } from '../../db/schema/muestras';
import { pedidos } from '../../db/schema/pedidos';
import { productorPerfiles, users } from '../../db/schema/users';
import { HttpError, conflict, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { pagination } from '../../lib/pagination';
import { rowOr404 } from '../../lib/own-row';
import type { UserRow } from '../../auth/guards';
import { buildSearchText, describeMatch, searchFields } from './search-text';
import { perfilColumns, serializeLote, type LoteRow, type PerfilSummaryRow } from './serialize';
import { emitChange } from '../../events';
import { searchTokens, type CatalogoIndex } from './catalogo';

import { alCrearLote, alEditarLote, alRetirarLote } from './reacciones';
import { lotesChanged } from './changed';
import { recomputeEudr } from './eudr';

export { lotesChanged };

/** Says that a producer's public face changed (name, avatar, verification, account deleted): their lots show it. */
export const productorChanged = (tx: DbOrTx, productorId: string) =>
  emitChange(tx, { tipo: 'productor.cambiado', productorId });

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/** Lower case without Spanish accents, in SQL; the same folding normalizeText does in JavaScript. */
const fold = (expr: SQL | typeof lotes.region) =>
  sql`translate(lower(${expr}), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc')`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The bags a buyer can still reserve (docs/TRADE.md "Principles"). */
const disponibles = sql`(${lotes.sacosDisponibles} - ${lotes.sacosReservados})`;

type PublicFilters = Omit<LotesQuery, 'page' | 'limit' | 'orden'>;

function publicConditions(q: PublicFilters): SQL[] {
  const where: SQL[] = [eq(lotes.ocultar, false)];
  if (!q.agotados) where.push(sql`${disponibles} > 0`);
  if (q.pais?.length) where.push(inArray(lotes.pais, q.pais));
  if (q.region) where.push(sql`${fold(lotes.region)} = ${normalizeText(q.region.trim())}`);
  if (q.proceso?.length) where.push(inArray(lotes.proceso, q.proceso));
  if (q.variedad) {
    where.push(
      sql`exists (select 1 from unnest(${lotes.variedades}) as v(nombre) where ${fold(sql`v.nombre`)} = ${normalizeText(q.variedad.trim())})`,
    );
  }
  if (q.certificacion?.length) {
    where.push(
      sql`${lotes.certificaciones} @> ${sql`array[${sql.join(
        q.certificacion.map((c) => sql`${c}`),
        sql`, `,
      )}]::text[]`}`,
    );
  }
  if (q.posicion?.length) where.push(inArray(lotes.posicion, q.posicion));
  if (q.status?.length) where.push(inArray(lotes.status, q.status));
  if (q.puntajeMin !== undefined) where.push(gte(lotes.puntaje, q.puntajeMin));
  if (q.puntajeMax !== undefined) where.push(lte(lotes.puntaje, q.puntajeMax));
  if (q.precioMin !== undefined) where.push(gte(lotes.precioKg, q.precioMin));
  if (q.precioMax !== undefined) where.push(lte(lotes.precioKg, q.precioMax));
  if (q.sacosMin !== undefined) where.push(sql`${disponibles} >= ${q.sacosMin}`);
  if (q.productor) where.push(eq(lotes.productorId, q.productor));
  if (q.eudr) where.push(eq(lotes.eudrListo, true));
  for (const token of searchTokens(q.q)) {
    where.push(sql`${lotes.busqueda} like ${`%${escapeLike(token)}%`}`);
  }
  return where;
}

const verifiedFirst = sql`(${lotes.status} = 'VERIFICADO')`;
/** Sold-out lots after every lot with bags, in every order (when they are shown at all). */
const availableFirst = sql`(${disponibles} <= 0)`;

function publicOrder(q: LotesQuery): SQL[] {
  return [availableFirst, ...sortOrder(q)];
}

function sortOrder(q: LotesQuery): SQL[] {
  switch (q.orden) {
    case 'recientes':
      return [desc(lotes.createdAt), desc(lotes.id)];
    case 'puntaje':
      return [sql`${lotes.puntaje} desc nulls last`, sql`${lotes.id} desc nulls last`];
    case 'precio_asc':
      return [asc(lotes.precioKg), asc(lotes.id)];
    case 'precio_desc':
      return [desc(lotes.precioKg), desc(lotes.id)];
    case 'relevancia':
    default: {
      const tokens = searchTokens(q.q);
      // Words that start a word of the lot's text (not just appear inside one) rank higher.
      const rank = tokens.length
        ? [
            sql`(${sql.join(
              tokens.map((t) => {
                const e = escapeLike(t);
                return sql`(case when ${lotes.busqueda} like ${`${e}%`} or ${lotes.busqueda} like ${`% ${e}%`} then 1 else 0 end)`;
              }),
              sql` + `,
            )}) desc`,
          ]
        : [];
      return [sql`${verifiedFirst} desc`, ...rank, desc(lotes.createdAt), desc(lotes.id)];
    }
  }
}

/** Full rows with their producer summary, in the order of `ids`. */
async function loadWithPerfil(db: Db, ids: string[], owner?: string): Promise<Lote[]> {
  if (!ids.length) return [];
  const rows = await db
    .select({ lote: lotes, perfil: perfilColumns })
    .from(lotes)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
    .leftJoin(users, eq(users.id, lotes.productorId))
    .where(inArray(lotes.id, ids));
  const byId = new Map(rows.map((r) => [r.lote.id, r]));
  return ids.flatMap((id) => {
    const r = byId.get(id);
    return r ? [serializeLote(r.lote, r.perfil as PerfilSummaryRow, { owner: r.lote.productorId === owner })] : [];
  });
}

/** The public catalogue page from SQL: the fallback while the in-memory index loads, and its reference. */
export async function sqlPublicPage(db: Db, q: LotesQuery): Promise<LotesPage> {
  const { page, limit, orden: _sort, ...filters } = q;
  const offset = (page - 1) * limit;
  const rows = await db
    .select({ id: lotes.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(lotes)
    .where(and(...publicConditions(filters)))
    .orderBy(...publicOrder(q))
    .limit(limit)
    .offset(offset);
  // Past the last page there is no row to carry the total: count apart.
  const total = rows.length
    ? rows[0].total
    : ((
        await db
          .select({ n: count() })
          .from(lotes)
          .where(and(...publicConditions(filters)))
      )[0]?.n ?? 0);
  const found = await loadWithPerfil(
    db,
    rows.map((r) => r.id),
  );
  const tokens = searchTokens(q.q);
  return {
    lotes: found,
    pagination: pagination(page, limit, total),
    ...(tokens.length && found.length ? { coincidencias: coincidenciasOf(found, tokens) } : {}),
  };
}

/** What each lot of a page matched of the search's words (issue 32): the catalogue says it on each card. */
export function coincidenciasOf(page: Lote[], tokens: string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const l of page) {
    const said = describeMatch(searchFields(l, l.perfilProductor?.nombre ?? ''), tokens);
    if (said) out[l.id] = said;
  }
  return out;
}

/**
 * Brings every lot's stored search text up to what `buildSearchText` makes now (the words it adds change with
 * the code: issue 32 added the countries' and processes' names). Run at start-up, before the catalogue loads;
 * idempotent, and a lot written meanwhile by another process is left as that process wrote it.
 */
export async function refreshStaleSearchTexts(db: Db, pageSize = SEARCH_REFRESH_PAGE): Promise<number> {
  let changed = 0;
  // In pages by id, so that the start-up never holds every lot's text at once (issue 33: resident memory).
  for (let after: string | undefined; ;) {
    const rows = await staleSearchPage(db, after, pageSize);
    for (const row of rows) {
      const busqueda = buildSearchText(row, row.productor ?? '');
      if (busqueda === row.busqueda) continue;
      await db
        .update(lotes)
        .set({ busqueda })
        .where(and(eq(lotes.id, row.id), eq(lotes.busqueda, row.busqueda)));
      changed++;
    }
    if (rows.length < pageSize) return changed;
    after = rows[rows.length - 1].id;
  }
}

/** Lots read per statement by the start-up's refresh: small pages for the same reason as the index's (LOAD_PAGE). */
const SEARCH_REFRESH_PAGE = 250;

function staleSearchPage(db: Db, after: string | undefined, pageSize: number) {
  return db
    .select({
      id: lotes.id,
      busqueda: lotes.busqueda,
      nombre: lotes.nombre,
      codigo: lotes.codigo,
      region: lotes.region,
      municipio: lotes.municipio,
      finca: lotes.finca,
      pais: lotes.pais,
      variedades: lotes.variedades,
      notasCata: lotes.notasCata,
      proceso: lotes.proceso,
      productor: productorPerfiles.nombre,
    })
    .from(lotes)
    .leftJoin(productorPerfiles, eq(productorPerfiles.userId, lotes.productorId))
    .where(after === undefined ? undefined : gt(lotes.id, after))
    .orderBy(asc(lotes.id))
    .limit(pageSize);
}

/** What reads the public catalogue: the database, and the in-memory index when the app has one. */
export interface CatalogoReader {
  db: Db;
  catalogo?: CatalogoIndex;
}

/**
 * Public lots (never hidden ones) for any module: the catalogue, a producer's public page (`productor`),
 * the home page's featured lots (`status: ['VERIFICADO']`). Accepts raw or parsed query values. Served by the
 * in-memory index once it is loaded, else by SQL.
 */
export async function listPublicLotes(
  reader: CatalogoReader,
  query: Partial<LotesQuery> | Record<string, unknown> = {},
): Promise<LotesPage> {
  const q = LotesQuerySchema.parse(query);
  if (reader.catalogo?.ready) return reader.catalogo.page(q);
  return sqlPublicPage(reader.db, q);
}

export interface LoteView {
  lote: Lote;
  owner: boolean;
}

/**
 * A lot as a viewer may see it: hidden lots exist only for their owner (404 for everyone else); a retired lot
 * also for the parties of its orders and samples (docs/decisions/046), who see it as "Lote retirado".
 */
export async function getLote(db: Db, id: string, viewerId?: string): Promise<LoteView> {
  const [lote] = await loadWithPerfil(db, [id], viewerId);
  const owner = !!lote && lote.productorId === viewerId;
  if (!lote || (lote.ocultar && !owner && !(lote.retirado && viewerId && (await esParte(db, id, viewerId))))) {
    throw notFound('NOT_FOUND', 'Lote no encontrado.');
  }
  return { lote, owner };
}

/** The viewer bought from this lot or asked it for a sample. */
async function esParte(db: DbOrTx, loteId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(and(eq(pedidos.loteId, loteId), eq(pedidos.compradorId, userId)))
    .unionAll(
      db
        .select({ id: muestras.id })
        .from(muestras)
        .where(and(eq(muestras.loteId, loteId), eq(muestras.compradorId, userId))),
    )
    .limit(1);
  return !!row;
}

/** Public summaries of the visible lots among `ids`, keyed by id (hidden and deleted ones are absent). */
export async function publicLotesByIds(db: Db, ids: string[]): Promise<Map<string, Lote>> {
  const found = await loadWithPerfil(db, [...new Set(ids)]);
  return new Map(found.filter((l) => !l.ocultar).map((l) => [l.id, l]));
}

export async function listProductorLotes(
  db: Db,
  productorId: string,
  query: Partial<ProductorLotesQuery> | Record<string, unknown> = {},
): Promise<LotesPage> {
  const q = ProductorLotesQuerySchema.parse(query);
  // Retired lots leave the producer's lists with "Eliminar" (docs/decisions/046).
  const where = and(
    eq(lotes.productorId, productorId),
    isNull(lotes.archivadoAt),
    q.status ? eq(lotes.status, q.status) : undefined,
  );
  const [{ n }] = await db.select({ n: count() }).from(lotes).where(where);
  const idRows = await db
    .select({ id: lotes.id })
    .from(lotes)
    .where(where)
    .orderBy(desc(lotes.createdAt), desc(lotes.id))
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const page = await loadWithPerfil(
    db,
    idRows.map((r) => r.id),
    productorId,
  );
  return { lotes: page, pagination: pagination(q.page, q.limit, n) };
}

// ---------------------------------------------------------------------------------------------------------
// Writing
// ---------------------------------------------------------------------------------------------------------

type LoteValues = typeof lotes.$inferInsert;

/**
 * The stored breakdown: the producer's two parts and Cereza's commission on the price, computed here (the
 * contract's rules already checked that the three add up to the price).
 */
const storedDesglose = (
  desglose: DesglosePrecioInput | null | undefined,
  precioKg: number,
): DesglosePrecio | null | undefined => desglose && { ...desglose, comisionPlataforma: comisionOf(precioKg) };

async function productorNombre(db: DbOrTx, productorId: string): Promise<string> {
  const [perfil] = await db
    .select({ nombre: productorPerfiles.nombre })
    .from(productorPerfiles)
    .where(eq(productorPerfiles.userId, productorId))
    .limit(1);
  return perfil?.nombre ?? '';
}

const duplicateCodigo = (message: string) =>
  new HttpError(409, 'CONFLICT', message, { codigo: 'Ya tienes un lote con este código.' });

/** A readable code when the producer leaves it empty: country, harvest year and four random characters. */
function generateCodigo(pais: string): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const suffix = Array.from({ length: 5 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${pais}-${String(new Date().getUTCFullYear()).slice(2)}-${suffix}`;
}

export async function createLote(db: Db, user: UserRow, input: LoteInput): Promise<Lote> {
  await checkCoverSize(db, input.galeriaLote[0]?.url, 'galeriaLote', ERRORS.LOTE_CREATE_ERROR);
  const nombreProductor = await productorNombre(db, user.id);
  for (let attempt = 0; attempt < 5; attempt++) {
    const codigo = input.codigo ?? generateCodigo(input.pais);
    // Input fields and columns share names and types: the parsed body is stored as it is.
    const values: LoteValues = {
      ...input,
      codigo,
      desglosePrecio: storedDesglose(input.desglosePrecio, input.precioKg),
      productorId: user.id,
      busqueda: buildSearchText({ ...input, codigo }, nombreProductor),
    };
    try {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(lotes).values(values).returning({ id: lotes.id });
        await lotesChanged(tx, [inserted.id]);
        await alCrearLote({
          tx,
          lote: { id: inserted.id, nombre: input.nombre, ocultar: !!values.ocultar },
          productorId: user.id,
          productor: nombreProductor,
        });
        return inserted;
      });
      return (await getLote(db, row.id, user.id)).lote;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.codigo) throw duplicateCodigo(ERRORS.LOTE_CREATE_ERROR);
    }
  }
  throw duplicateCodigo(ERRORS.LOTE_CREATE_ERROR);
}

/**
 * The stored fields the rules between fields need, to check them on the merged result of an update. The price
 * rule (breakdown and price add up) runs only when the update touches the price or its breakdown: a lot stored
 * under an older rule can still be hidden or restocked.
 */
function rowAsFields(row: LoteRow, patch: LoteUpdate): LoteUpdate {
  const touchesPrice = patch.precioKg !== undefined || patch.desglosePrecio !== undefined;
  return {
    altitudMin: row.altitudMin,
    altitudMax: row.altitudMax,
    ...(touchesPrice ? { precioKg: row.precioKg, desglosePrecio: row.desglosePrecio } : {}),
    posicion: row.posicion,
    ventanaEmbarque: row.ventanaEmbarque,
    sacosDisponibles: row.sacosDisponibles,
    loteMinimoSacos: row.loteMinimoSacos,
  };
}

/** The owner's lot, locked; a retired one is never changed again (409). */
async function ownLoteRow(db: DbOrTx, user: UserRow, id: string): Promise<LoteRow> {
  const row = await rowOr404(db, lotes, and(eq(lotes.id, id), eq(lotes.productorId, user.id)), 'Lote no encontrado.', {
    forUpdate: true,
  });
  if (row.archivadoAt) throw conflict('CONFLICT', LOTE_MESSAGES.YA_RETIRADO);
  return row;
}

/** Changes the fields a patch names; the rest stays as stored. Reads and writes the row in one transaction. */
export async function updateLote(db: Db, user: UserRow, id: string, patch: LoteUpdate): Promise<Lote> {
  try {
    await db.transaction(async (tx) => {
      const current = await ownLoteRow(tx, user, id);
      // A lot Cereza's operator hid stays hidden until the operator shows it again (issue 28); its reason is the
      // producer's to read, and the only way back is to fix what it names and ask Cereza.
      if (current.motivoOcultoOperador && patch.ocultar === false) {
        throw conflict('CONFLICT', LOTE_MESSAGES.OCULTO_POR_CEREZA(current.motivoOcultoOperador));
      }
      const merged: LoteUpdate = { ...rowAsFields(current, patch), ...patch };
      const fields: Record<string, string> = {};
      checkLoteRules(merged, {
        addIssue: (issue) => {
          const key = issue.path.join('.') || '_';
          fields[key] ??= issue.message;
        },
      });
      if (patch.sacosDisponibles !== undefined && patch.sacosDisponibles < current.sacosReservados) {
        fields.sacosDisponibles ??= `Hay ${cuenta(current.sacosReservados, 'saco reservado', 'sacos reservados')} en pedidos en curso: los sacos disponibles no pueden ser menos.`;
      }
      if (Object.keys(fields).length) throw new HttpError(400, 'VALIDATION_ERROR', ERRORS.LOTE_UPDATE_ERROR, fields);
      const cover = patch.galeriaLote?.[0]?.url;
      if (cover !== current.galeriaLote[0]?.url) {
        await checkCoverSize(tx, cover, 'galeriaLote', ERRORS.LOTE_UPDATE_ERROR);
      }

      const next = { ...current, ...patch };
      const touchesPrice = patch.precioKg !== undefined || patch.desglosePrecio !== undefined;
      await tx
        .update(lotes)
        .set({
          ...patch,
          // A new price or breakdown recomputes the commission; undefined leaves the stored one alone.
          desglosePrecio: touchesPrice ? storedDesglose(merged.desglosePrecio, next.precioKg) : undefined,
          busqueda: buildSearchText(next, await productorNombre(tx, user.id)),
          updatedAt: new Date(),
        })
        .where(eq(lotes.id, id));
      await alEditarLote({ tx, user, before: current, patch, now: new Date() });
      // The production period is half of being EUDR-ready (issue 30).
      await recomputeEudr(tx, [id]);
      await lotesChanged(tx, [id]);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCodigo(ERRORS.LOTE_UPDATE_ERROR);
    throw err;
  }
  return (await getLote(db, id, user.id)).lote;
}

/**
 * "Eliminar" (docs/decisions/046): a lot with trade history is retired, one without is deleted. The lot row is
 * locked first, so a reservation racing this either committed its order before (the lot is then retired, the order
 * kept) or finds the lot gone or retired afterwards (its 404 or 409): never an order whose lot disappears.
 */
export async function deleteLote(db: Db, user: UserRow, id: string): Promise<{ retirado: boolean }> {
  return db.transaction(async (tx) => {
    await ownLoteRow(tx, user, id);
    return { retirado: await retirarOEliminarLote(tx, id, new Date()) };
  });
}

/**
 * The lot had an order, a sample, an answer to a request or a cupping (the lab's, without a sample): its record
 * belongs to others too.
 */
export async function tieneHistorial(tx: DbOrTx, loteId: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: pedidos.id })
    .from(pedidos)
    .where(eq(pedidos.loteId, loteId))
    .unionAll(tx.select({ id: muestras.id }).from(muestras).where(eq(muestras.loteId, loteId)))
    .unionAll(tx.select({ id: respuestas.id }).from(respuestas).where(eq(respuestas.loteId, loteId)))
    .unionAll(tx.select({ id: catas.id }).from(catas).where(eq(catas.loteId, loteId)))
    .limit(1);
  return !!row;
}

/**
 * Retires a lot with trade history (hidden for good: `ocultar` true, so every "published" rule leaves it out) or
 * deletes one without; the caller holds the lot row's lock. Answers whether it was retired.
 */
export async function retirarOEliminarLote(tx: DbOrTx, loteId: string, now: Date): Promise<boolean> {
  const retirar = await tieneHistorial(tx, loteId);
  if (retirar) {
    await tx.update(lotes).set({ ocultar: true, archivadoAt: now, updatedAt: now }).where(eq(lotes.id, loteId));
    // A retired lot is nobody's favourite any more: it can never be bought again (favoritos, wired in composition.ts).
    await alRetirarLote({ tx, loteId, now });
  } else {
    await tx.delete(lotes).where(eq(lotes.id, loteId));
  }
  await lotesChanged(tx, [loteId]);
  return retirar;
}

/**
 * Recomputes the search text of every lot of a producer, in one transaction (a savepoint inside the caller's);
 * the profile code calls it when the producer's name changes (the catalogue's `q` searches by producer name
 * too). Says `productor.cambiado`, delivered when the caller's transaction commits.
 */
export async function refreshSearchForProductor(db: DbOrTx, productorId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const nombre = await productorNombre(tx, productorId);
    const rows = await tx.select().from(lotes).where(eq(lotes.productorId, productorId));
    for (const row of rows) {
      await tx
        .update(lotes)
        .set({ busqueda: buildSearchText(row, nombre) })
        .where(eq(lotes.id, row.id));
    }
    await productorChanged(tx, productorId);
    return rows.length;
  });
}
