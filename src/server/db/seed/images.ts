import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadSharp } from '../../lib/sharp';
import type { Storage } from '../../storage/index';
import {
  H,
  W,
  cherriesSvg,
  cuppingSvg,
  dryingBedsSvg,
  emblemSvg,
  greenBeansSvg,
  landscapeSvg,
  sacksSvg,
  type CherryColor,
  type Secado,
} from './art';
import { seedFrom } from './prng';

/** Sizes of the scene images: the same three widths as uploads' lg, md and sm (3:2). */
export const LG = { width: 1600, height: Math.round((1600 * H) / W) };
export const MD = { width: 800, height: Math.round((800 * H) / W) };
export const SM = { width: 400, height: Math.round((400 * H) / W) };
export const AVATAR_SIZE = 256;

/** Bump when the drawings change, so that browsers never keep an old picture under an immutable URL. */
const VERSION = 'v1';
const PREFIX = `demo/${VERSION}`;

export interface SceneUrls {
  lg: string;
  sm: string;
}

export interface ImageJob {
  id: string;
  /** scene and banner (covers, sample photos): lg, md and sm, as an upload is stored; avatar: one size. */
  kind: 'scene' | 'banner' | 'avatar';
  svg: () => string;
}

export const CHERRY_POOL: Record<Exclude<CherryColor, 'naranja'>, number> = { rojo: 5, amarillo: 2, rosado: 2 };
export const SECADO_POOL: Record<Secado, number> = { lavado: 2, natural: 2, honey: 2, anaerobico: 2 };
export const LANDSCAPES = 4;
export const CATACIONES = 4;
export const SACOS = 4;
export const MUESTRAS = 4;

/**
 * The shared pool of lot pictures (about forty scenes, varied per seed) plus one cover and one emblem per
 * organisation. Lots draw from the pool by variety and process, so that a Pink Bourbon shows pink
 * cherries and a natural shows cherries drying on beds.
 */
export function imageCatalogue(
  orgs: Array<{ slug: string; volcan?: boolean; iniciales: string; rol: 'productor' | 'comprador' }>,
): ImageJob[] {
  const jobs: ImageJob[] = [];
  for (const [color, n] of Object.entries(CHERRY_POOL) as Array<[CherryColor, number]>) {
    for (let i = 0; i < n; i++) {
      jobs.push({
        id: `lotes/cerezas-${color}-${i}`,
        kind: 'scene',
        svg: () => cherriesSvg(seedFrom(`cerezas-${color}-${i}`), color),
      });
    }
  }
  for (const [secado, n] of Object.entries(SECADO_POOL) as Array<[Secado, number]>) {
    for (let i = 0; i < n; i++) {
      jobs.push({
        id: `lotes/secado-${secado}-${i}`,
        kind: 'scene',
        svg: () => dryingBedsSvg(seedFrom(`secado-${secado}-${i}`), secado),
      });
    }
  }
  for (let i = 0; i < LANDSCAPES; i++) {
    jobs.push({
      id: `lotes/paisaje-volcan-${i}`,
      kind: 'scene',
      svg: () => landscapeSvg(seedFrom(`paisaje-volcan-${i}`), { volcano: true }),
    });
    jobs.push({
      id: `lotes/paisaje-montana-${i}`,
      kind: 'scene',
      svg: () => landscapeSvg(seedFrom(`paisaje-montana-${i}`)),
    });
  }
  for (let i = 0; i < CATACIONES; i++) {
    jobs.push({ id: `lotes/catacion-${i}`, kind: 'scene', svg: () => cuppingSvg(seedFrom(`catacion-${i}`)) });
  }
  for (let i = 0; i < SACOS; i++) {
    jobs.push({ id: `lotes/sacos-${i}`, kind: 'scene', svg: () => sacksSvg(seedFrom(`sacos-${i}`)) });
  }
  for (let i = 0; i < MUESTRAS; i++) {
    jobs.push({ id: `muestras/verde-${i}`, kind: 'banner', svg: () => greenBeansSvg(seedFrom(`verde-${i}`)) });
  }
  for (const org of orgs) {
    if (org.rol === 'productor') {
      jobs.push({
        id: `productores/${org.slug}-portada`,
        kind: 'banner',
        svg: () => landscapeSvg(seedFrom(`portada-${org.slug}`), { volcano: org.volcan }),
      });
    }
    jobs.push({
      id: `${org.rol === 'productor' ? 'productores' : 'compradores'}/${org.slug}-avatar`,
      kind: 'avatar',
      svg: () => emblemSvg(seedFrom(`avatar-${org.slug}`), org.iniciales),
    });
  }
  return jobs;
}

/**
 * Rendered images are kept in the OS temp folder between runs, keyed by drawing and encoder settings: tests and
 * throwaway data dirs reuse them.
 */
const CACHE_DIR = path.join(os.tmpdir(), `cereza-demo-images-${VERSION}`);

async function cached(svg: string, variant: string, make: () => Promise<Buffer>): Promise<Buffer> {
  const file = path.join(
    CACHE_DIR,
    `${createHash('sha256').update(variant).update(svg).digest('hex').slice(0, 32)}.webp`,
  );
  try {
    return await readFile(file);
  } catch {
    // Not cached yet (or unreadable): render below.
  }
  const data = await make();
  try {
    await mkdir(CACHE_DIR, { recursive: true });
    await writeFile(`${file}.${process.pid}.tmp`, data);
    await rename(`${file}.${process.pid}.tmp`, file);
  } catch {
    // A read-only or full temp folder only costs speed next time.
  }
  return data;
}

async function renderScene(svg: string): Promise<{ lg: Buffer; md: Buffer; sm: Buffer }> {
  const make = async () => {
    const sharp = await loadSharp();
    // Rasterise the vector once at the large size; the three encodings start from the same pixels.
    const { data, info } = await sharp(Buffer.from(svg), { density: (72 * LG.width) / W })
      .resize(LG.width, LG.height, { fit: 'cover' })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
    const [lg, md, sm] = await Promise.all([
      sharp(data, raw).webp({ quality: 80, effort: 1 }).toBuffer(),
      sharp(data, raw).resize(MD.width, MD.height).webp({ quality: 78, effort: 1 }).toBuffer(),
      sharp(data, raw).resize(SM.width, SM.height).webp({ quality: 78, effort: 1 }).toBuffer(),
    ]);
    return { lg, md, sm };
  };
  let rendered: { lg: Buffer; md: Buffer; sm: Buffer } | undefined;
  const once = async () => (rendered ??= await make());
  const lg = await cached(svg, 'lg-q80-e1', async () => (await once()).lg);
  const md = await cached(svg, 'md-q78-e1', async () => (await once()).md);
  const sm = await cached(svg, 'sm-q78-e1', async () => (await once()).sm);
  return { lg, md, sm };
}

async function renderAvatar(svg: string): Promise<Buffer> {
  return cached(svg, 'avatar-q85-e2', async () =>
    (await loadSharp())(Buffer.from(svg)).resize(AVATAR_SIZE, AVATAR_SIZE).webp({ quality: 85, effort: 2 }).toBuffer(),
  );
}

/** Runs `fn` over items with at most `limit` in flight. */
async function pool<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** Renders every job and stores it; answers the public URLs by job id (avatars and banners have sm = lg). */
export async function renderAll(jobs: ImageJob[], storage: Storage): Promise<Map<string, SceneUrls>> {
  const urls = new Map<string, SceneUrls>();
  // sharp renders on libuv's pool (4 threads by default): a few jobs in flight keep both cores busy.
  await pool(jobs, 4, async (job) => {
    const svg = job.svg();
    if (job.kind === 'avatar') {
      const url = await storage.put(`${PREFIX}/${job.id}.webp`, await renderAvatar(svg), 'image/webp');
      urls.set(job.id, { lg: url, sm: url });
      return;
    }
    const { lg, md, sm } = await renderScene(svg);
    const [lgUrl, smUrl] = await Promise.all([
      storage.put(`${PREFIX}/${job.id}-lg.webp`, lg, 'image/webp'),
      storage.put(`${PREFIX}/${job.id}-sm.webp`, sm, 'image/webp'),
      storage.put(`${PREFIX}/${job.id}-md.webp`, md, 'image/webp'),
    ]);
    urls.set(job.id, { lg: lgUrl, sm: smUrl });
  });
  return urls;
}
