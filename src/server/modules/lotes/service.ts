import { randomInt } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
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
} from '../../../contract/lotes';
import type { Db } from '../../db/client';
import { lotes, productorPerfiles, users } from '../../db/schema';
import { HttpError, notFound } from '../../errors';
import { isUniqueViolation } from '../../db/errors';
import { pagination } from '../../lib/pagination';
import type { UserRow } from '../../auth/guards';
import { buildSearchText } from './search-text';
import { cached, invalidateLotesCache, lotesCacheVersion, peek, queryKey, store, type CachedEntry } from './cache';
import { serializeLote, type LoteRow, type PerfilSummaryRow } from './serialize';
import { listFollowers } from '../favoritos/followers';
import { notifyMany } from '../notificaciones/notify';

export { invalidateLotesCache } from './cache';

// ---------------------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------------------

/** Lower case without Spanish accents, in SQL; the same folding normalizeText does in JavaScript. */
const fold = (expr: SQL | typeof lotes.region) =>
  sql`translate(lower(${expr}), 'áàäâãéèëêíìïîóòöôõúùüûñç', 'aaaaaeeeeiiiiooooouuuunc')`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Up to eight accent-free words of the search text; every one must appear in the lot's `busqueda`. */
function searchTokens(q: string | undefined): string[] {
  if (!q) return [];
  return [
    ...new Set(
      normalizeText(q)
        .split(/[^a-z0-9ñ+.-]+/i)
        .filter(Boolean),
    ),
  ].slice(0, 8);
}

type PublicFilters = Omit<LotesQuery, 'page' | 'limit' | 'orden'>;

function publicConditions(q: PublicFilters): SQL[] {
  const where: SQL[] = [eq(lotes.ocultar, false)];
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
  if (q.sacosMin !== undefined) where.push(gte(lotes.sacosDisponibles, q.sacosMin));
  if (q.productor) where.push(eq(lotes.productorId, q.productor));
  for (const token of searchTokens(q.q)) {
    where.push(sql`${lotes.busqueda} like ${`%${escapeLike(token)}%`}`);
  }
  return where;
}

const verifiedFirst = sql`(${lotes.status} = 'VERIFICADO')`;

function publicOrder(q: LotesQuery): SQL[] {
  switch (q.orden) {
    case 'recientes':
      return [desc(lotes.createdAt), desc(lotes.id)];
    case 'puntaje':
      // Exactly the order of lotes_publicos_puntaje_idx, so that the index can serve it.
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

const perfilColumns = {
  nombre: productorPerfiles.nombre,
  pais: productorPerfiles.pais,
  region: productorPerfiles.region,
  avatar: productorPerfiles.avatar,
  verificado: users.verificado,
};

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

const countKey = (filters: PublicFilters) => queryKey('count', filters as Record<string, unknown>);

async function countPublic(db: Db, filters: PublicFilters): Promise<number> {
  // Counts are cached apart from pages, so that paging through one result set counts it once.
  const entry = await cached(db, countKey(filters), async () => {
    const [row] = await db
      .select({ n: count() })
      .from(lotes)
      .where(and(...publicConditions(filters)));
    return row?.n ?? 0;
  });
  return entry.data;
}

async function computePublicPage(db: Db, q: LotesQuery): Promise<LotesPage> {
  const { page, limit, orden: _sort, ...filters } = q;
  const offset = (page - 1) * limit;
  const readAt = lotesCacheVersion();
  let total = peek<number>(db, countKey(filters))?.data;
  let ids: string[];
  if (total === undefined && searchTokens(filters.q).length) {
    // A text search scans every lot anyway: one scan answers both the page and its total. (Without one,
    // a broad filter is cheaper as a count plus an index-ordered page than as one fully sorted scan.)
    const rows = await db
      .select({ id: lotes.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
      .from(lotes)
      .where(and(...publicConditions(filters)))
      .orderBy(...publicOrder(q))
      .limit(limit)
      .offset(offset);
    ids = rows.map((r) => r.id);
    // Past the last page there is no row to carry the total: count apart.
    total = rows.length ? rows[0].total : await countPublic(db, filters);
    store(db, countKey(filters), total, readAt);
  } else {
    total ??= await countPublic(db, filters);
    if (offset >= total) return { lotes: [], pagination: pagination(page, limit, total) };
    // Page through ids only (narrow rows, index order), then load the dozen full rows with their producer.
    const rows = await db
      .select({ id: lotes.id })
      .from(lotes)
      .where(and(...publicConditions(filters)))
      .orderBy(...publicOrder(q))
      .limit(limit)
      .offset(offset);
    ids = rows.map((r) => r.id);
  }
  return { lotes: await loadWithPerfil(db, ids), pagination: pagination(page, limit, total) };
}

/** The cache entry of one public catalogue page (the route answers its serialized form with an ETag). */
export function publicLotesEntry(db: Db, q: LotesQuery): Promise<CachedEntry<LotesPage>> {
  return cached(db, queryKey('list', q as Record<string, unknown>), () => computePublicPage(db, q));
}

/**
 * Public lots (never hidden ones) for any module: the catalogue, a producer's public page (`productor`),
 * the home page's featured lots (`status: ['VERIFICADO']`). Accepts raw or parsed query values. The answer
 * is shared with the cache: treat it as read-only.
 */
export async function listPublicLotes(
  db: Db,
  query: Partial<LotesQuery> | Record<string, unknown> = {},
): Promise<LotesPage> {
  const q = LotesQuerySchema.parse(query);
  return (await publicLotesEntry(db, q)).data;
}

export interface LoteView {
  lote: Lote;
  owner: boolean;
}

/** A lot as a viewer may see it: hidden lots exist only for their owner (404 for everyone else). */
export async function getLote(db: Db, id: string, viewerId?: string): Promise<LoteView> {
  const [lote] = await loadWithPerfil(db, [id], viewerId);
  const owner = !!lote && lote.productorId === viewerId;
  if (!lote || (lote.ocultar && !owner)) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  return { lote, owner };
}

/** A visible lot's public detail from the cache; undefined when it does not exist or is hidden. */
export async function publicLoteEntry(db: Db, id: string): Promise<CachedEntry<Lote | null>> {
  return cached(db, `lote:${id}`, async () => {
    const [lote] = await loadWithPerfil(db, [id]);
    return lote && !lote.ocultar ? lote : null;
  });
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
  const where = and(eq(lotes.productorId, productorId), q.status ? eq(lotes.status, q.status) : undefined);
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

/** Optional texts arrive as '' from forms; store them as "no value". */
const orNull = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null || s.trim() === '' ? null : s.trim();

/** Input fields → column values (only the keys present, so that an update touches nothing else). */
function toColumns(v: LoteUpdate): Partial<LoteValues> {
  const out: Partial<LoteValues> = {};
  const set = <K extends keyof LoteValues>(k: K, value: LoteValues[K] | undefined) => {
    if (value !== undefined) out[k] = value;
  };
  set('codigo', v.codigo);
  set('nombre', v.nombre);
  set('descripcion', v.descripcion);
  set('pais', v.pais);
  set('region', v.region);
  set('municipio', orNull(v.municipio));
  set('finca', orNull(v.finca));
  set('altitudMin', v.altitudMin);
  set('altitudMax', v.altitudMax);
  set('ubicacion', v.ubicacion as Record<string, unknown> | null | undefined);
  set('variedades', v.variedades);
  set('proceso', v.proceso);
  set('secado', orNull(v.secado));
  set('cosecha', v.cosecha);
  set('puntaje', v.puntaje);
  set('notasCata', v.notasCata);
  set('humedad', v.humedad);
  set('actividadAgua', v.actividadAgua);
  set('densidad', v.densidad);
  set('zaranda', orNull(v.zaranda));
  set('sacosDisponibles', v.sacosDisponibles);
  set('pesoSacoKg', v.pesoSacoKg);
  set('loteMinimoSacos', v.loteMinimoSacos);
  set('precioKg', v.precioKg);
  set('moneda', v.moneda);
  set('incoterm', v.incoterm);
  set('desglosePrecio', v.desglosePrecio);
  set('certificaciones', v.certificaciones);
  set('posicion', v.posicion);
  set('ventanaEmbarque', orNull(v.ventanaEmbarque));
  set(
    'galeriaLote',
    v.galeriaLote?.map((img) => ({ ...img, alt: img.alt ?? undefined })),
  );
  if (v.muestra) {
    const { disponible, gramos, precio, imagen } = v.muestra;
    out.muestra = {
      disponible,
      ...(gramos != null ? { gramos } : {}),
      ...(precio != null ? { precio } : {}),
      ...(imagen ? { imagen } : {}),
    };
  }
  set('ocultar', v.ocultar);
  return out;
}

async function productorNombre(db: Db, productorId: string): Promise<string> {
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
  const nombreProductor = await productorNombre(db, user.id);
  const columns = toColumns(input);
  for (let attempt = 0; attempt < 5; attempt++) {
    const codigo = input.codigo ?? generateCodigo(input.pais);
    const values: LoteValues = {
      ...(columns as LoteValues),
      codigo,
      productorId: user.id,
      busqueda: buildSearchText({ ...input, codigo }, nombreProductor),
    };
    try {
      const row = await db.transaction(async (tx) => {
        const [inserted] = await tx.insert(lotes).values(values).returning({ id: lotes.id });
        // Buyers who saved this producer's lots hear of a new one that is on show.
        if (!values.ocultar) {
          await notifyMany(tx, await listFollowers(tx, user.id), {
            tipo: 'LOTE_NUEVO',
            productor: nombreProductor || 'Un productor',
            lote: input.nombre,
            enlace: `/lote/${inserted.id}`,
            entidad: 'lote',
            entidadId: inserted.id,
          });
        }
        return inserted;
      });
      invalidateLotesCache();
      return (await getLote(db, row.id, user.id)).lote;
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      if (input.codigo) throw duplicateCodigo(ERRORS.LOTE_CREATE_ERROR);
    }
  }
  throw duplicateCodigo(ERRORS.LOTE_CREATE_ERROR);
}

/** The stored lot as input fields, to check the rules between fields on the merged result of an update. */
function rowAsFields(row: LoteRow): LoteUpdate {
  return {
    altitudMin: row.altitudMin,
    altitudMax: row.altitudMax,
    precioKg: Number(row.precioKg),
    desglosePrecio: row.desglosePrecio,
    posicion: row.posicion as LoteUpdate['posicion'],
    ventanaEmbarque: row.ventanaEmbarque,
    sacosDisponibles: row.sacosDisponibles,
    loteMinimoSacos: row.loteMinimoSacos,
  };
}

async function ownLoteRow(db: Db, user: UserRow, id: string): Promise<LoteRow> {
  // Another producer's lot answers exactly like a missing one: its existence is not revealed.
  const [row] = await db
    .select()
    .from(lotes)
    .where(and(eq(lotes.id, id), eq(lotes.productorId, user.id)))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  return row;
}

export async function updateLote(db: Db, user: UserRow, id: string, patch: LoteUpdate): Promise<Lote> {
  const current = await ownLoteRow(db, user, id);
  const merged: LoteUpdate = { ...rowAsFields(current), ...patch };
  const fields: Record<string, string> = {};
  checkLoteRules(merged, {
    addIssue: (issue) => {
      const key = issue.path.join('.') || '_';
      fields[key] ??= issue.message;
    },
  });
  if (Object.keys(fields).length) throw new HttpError(400, 'VALIDATION_ERROR', ERRORS.LOTE_UPDATE_ERROR, fields);

  const columns = toColumns(patch);
  const searchable = {
    nombre: patch.nombre ?? current.nombre,
    codigo: patch.codigo ?? current.codigo,
    region: patch.region ?? current.region,
    municipio: 'municipio' in columns ? columns.municipio : current.municipio,
    finca: 'finca' in columns ? columns.finca : current.finca,
    pais: patch.pais ?? current.pais,
    proceso: patch.proceso ?? current.proceso,
    variedades: patch.variedades ?? current.variedades,
    notasCata: patch.notasCata ?? current.notasCata,
  };
  try {
    await db
      .update(lotes)
      .set({
        ...columns,
        busqueda: buildSearchText(searchable, await productorNombre(db, user.id)),
        updatedAt: new Date(),
      })
      .where(and(eq(lotes.id, id), eq(lotes.productorId, user.id)));
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateCodigo(ERRORS.LOTE_UPDATE_ERROR);
    throw err;
  }
  invalidateLotesCache();
  return (await getLote(db, id, user.id)).lote;
}

export async function deleteLote(db: Db, user: UserRow, id: string): Promise<void> {
  const deleted = await db
    .delete(lotes)
    .where(and(eq(lotes.id, id), eq(lotes.productorId, user.id)))
    .returning({ id: lotes.id });
  if (!deleted.length) throw notFound('NOT_FOUND', 'Lote no encontrado.');
  invalidateLotesCache();
}

/**
 * Recomputes the search text of every lot of a producer; the profile code calls it when the producer's
 * name changes (the catalogue's `q` searches by producer name too). Also refreshes cached lot answers,
 * which show the producer's summary.
 */
export async function refreshSearchForProductor(db: Db, productorId: string): Promise<number> {
  const nombre = await productorNombre(db, productorId);
  const rows = await db.select().from(lotes).where(eq(lotes.productorId, productorId));
  for (const row of rows) {
    await db
      .update(lotes)
      .set({ busqueda: buildSearchText(row, nombre) })
      .where(eq(lotes.id, row.id));
  }
  invalidateLotesCache();
  return rows.length;
}
