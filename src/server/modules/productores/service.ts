import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { LotesPage } from '../../../contract/lotes';
import type {
  Home,
  Origen,
  ProductoresList,
  ProductoresQuery,
  PublicProductor,
  ProductorSummary,
} from '../../../contract/productores';
import type { Db } from '../../db/client';
import { TAGS, type AppCache } from '../../cache';
import { lotes } from '../../db/schema/lotes';
import { productorPerfiles, users } from '../../db/schema/users';
import { notFound } from '../../errors';
import { pagination } from '../../lib/pagination';
import { listPublicLotes, type CatalogoReader, lotePublicado } from '../lotes';
import { toProductorPerfil } from '../perfiles';
import { renderMarkdown, listRecentNoticias } from '../noticias';

/** What the public producer pages read: the database, the catalogue (index) and the app's cache. */
export interface ProductoresReader extends CatalogoReader {
  cache: AppCache;
}

export const PRODUCTOR_NOT_FOUND = 'Productor no encontrado.';

/** A producer account that was not deleted (a deleted one has nothing public: docs/decisions/046). */
const productorVivo = and(eq(users.tipoUser, 'PRODUCTOR'), isNull(users.eliminadaAt));
/** The public "Productor verificado" badge: an operator approved the organisation's evidence (docs/decisions/052). */
const productorVerificado = sql<boolean>`(${users.productorVerificadoAt} is not null)`;

/** Published lots per producer (one definition: lotes/publicado.ts), as a subquery joined to the profiles. */
const publicLotesByProductor = (db: Db) =>
  db
    .select({ productorId: lotes.productorId, n: count().as('n') })
    .from(lotes)
    .where(lotePublicado())
    .groupBy(lotes.productorId)
    .as('lp');

/**
 * A producer's public profile. Unknown ids, buyers and producers who have not created their profile yet
 * are all "not found": there is nothing public to show.
 */
export async function getPublicProductor(db: Db, id: string): Promise<PublicProductor> {
  const [row] = await db
    .select({ perfil: productorPerfiles, verificado: productorVerificado })
    .from(productorPerfiles)
    .innerJoin(users, eq(users.id, productorPerfiles.userId))
    .where(and(eq(productorPerfiles.userId, id), productorVivo))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', PRODUCTOR_NOT_FOUND);
  // Published lots only (lotes/publicado.ts): a sold-out lot is on the profile's list, marked as such, but not in
  // its count, as on the producers' list, the home page and the catalogue (issue 25 §3).
  const [{ n }] = await db
    .select({ n: count() })
    .from(lotes)
    .where(and(eq(lotes.productorId, id), lotePublicado()));
  // The profile's own fields as the owner's answer has them (one list, in the contract); the route's schema
  // answers only those a visitor may see.
  const { updatedAt: _updatedAt, ...perfil } = toProductorPerfil(row.perfil);
  return {
    ...perfil,
    id: row.perfil.userId,
    descripcionHtml: renderMarkdown(perfil.descripcion),
    imagenes: perfil.imagenes ?? [],
    certificaciones: perfil.certificaciones ?? [],
    verificado: row.verificado,
    lotesPublicos: n,
  };
}

/** 404 unless `id` is a producer with a public profile; used before listing their lots or news. */
export async function assertPublicProductor(db: Db, id: string): Promise<void> {
  const [row] = await db
    .select({ id: productorPerfiles.userId })
    .from(productorPerfiles)
    .innerJoin(users, eq(users.id, productorPerfiles.userId))
    .where(and(eq(productorPerfiles.userId, id), productorVivo))
    .limit(1);
  if (!row) throw notFound('NOT_FOUND', PRODUCTOR_NOT_FOUND);
}

export async function listOrigenes(db: Db): Promise<Origen[]> {
  const lp = publicLotesByProductor(db);
  const rows = await db
    .select({
      pais: productorPerfiles.pais,
      productores: count(productorPerfiles.userId),
      lotes: sql<number>`coalesce(sum(${lp.n}), 0)::int`,
    })
    .from(productorPerfiles)
    .innerJoin(users, eq(users.id, productorPerfiles.userId))
    .leftJoin(lp, eq(lp.productorId, productorPerfiles.userId))
    .where(productorVivo)
    .groupBy(productorPerfiles.pais)
    .orderBy(desc(sql`coalesce(sum(${lp.n}), 0)`), desc(count(productorPerfiles.userId)), productorPerfiles.pais);
  return rows.map((r) => ({ pais: r.pais, productores: Number(r.productores), lotes: Number(r.lotes) }));
}

/** Producers with a profile: verified and well-stocked first, then by name. */
export async function listProductores(db: Db, q: ProductoresQuery): Promise<ProductoresList> {
  const lp = publicLotesByProductor(db);
  const where = q.pais ? and(productorVivo, eq(productorPerfiles.pais, q.pais)) : productorVivo;
  const [{ total }] = await db
    .select({ total: count() })
    .from(productorPerfiles)
    .innerJoin(users, eq(users.id, productorPerfiles.userId))
    .where(where);
  const rows = await db
    .select({
      id: productorPerfiles.userId,
      nombre: productorPerfiles.nombre,
      tipoProductor: productorPerfiles.tipoProductor,
      pais: productorPerfiles.pais,
      region: productorPerfiles.region,
      avatar: productorPerfiles.avatar,
      portada: productorPerfiles.portada,
      verificado: productorVerificado,
      lotesPublicos: sql<number>`coalesce(${lp.n}, 0)::int`,
    })
    .from(productorPerfiles)
    .innerJoin(users, eq(users.id, productorPerfiles.userId))
    .leftJoin(lp, eq(lp.productorId, productorPerfiles.userId))
    .where(where)
    .orderBy(
      desc(productorVerificado),
      desc(sql`coalesce(${lp.n}, 0)`),
      productorPerfiles.nombre,
      productorPerfiles.userId,
    )
    .limit(q.limit)
    .offset((q.page - 1) * q.limit);
  const productores: ProductorSummary[] = rows.map((r) => ({ ...r, lotesPublicos: Number(r.lotesPublicos) }));
  return {
    productores,
    origenes: await listOrigenes(db),
    pagination: pagination(q.page, q.limit, total),
  };
}

/** A producer's public lots: sold-out ones too (shown as such, after the rest). */
export const productorLotes = (
  reader: CatalogoReader,
  id: string,
  query: Record<string, unknown>,
): Promise<LotesPage> => listPublicLotes(reader, { ...query, productor: id, agotados: true });

// ---------------------------------------------------------------------------------------------------------
// Home page: one answer with everything the first view needs
// ---------------------------------------------------------------------------------------------------------

/** The contract's answer of GET /api/inicio. */
export type HomeData = Home;

export const HOME_LOTES = 6;
export const HOME_NOTICIAS = 3;

async function computeHome(reader: ProductoresReader): Promise<HomeData> {
  // Verified lots are what a buyer can trust without asking; the catalogue's default order ranks them first.
  const destacados = await listPublicLotes(reader, { status: 'VERIFICADO', limit: HOME_LOTES });
  const origenes = await listOrigenes(reader.db);
  const noticias = await listRecentNoticias(reader.db, HOME_NOTICIAS);
  return {
    lotesDestacados: destacados.lotes,
    origenes,
    noticias,
    totales: {
      productores: origenes.reduce((s, o) => s + o.productores, 0),
      lotes: origenes.reduce((s, o) => s + o.lotes, 0),
      paises: origenes.length,
    },
  };
}

/** The home page's data, from the app's cache: any lot, producer or news change makes it stale (by event). */
export function getHome(reader: ProductoresReader): Promise<HomeData> {
  return reader.cache.get('inicio', [TAGS.lotes, TAGS.productores, TAGS.noticias], () => computeHome(reader));
}
