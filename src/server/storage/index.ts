import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. Two kinds of key share one interface:
 * - public keys (`u/<userId>/…`, `demo/…`): lot, profile and news images, served at `/uploads/<key>` to anyone and
 *   cached for a year (their names are random and never reused);
 * - private keys (`privado/…`): message attachments, trade documents, evidence. Never under `/uploads/`; read only
 *   through the app (`/api/archivos/…` with a short-lived signature, or a route that checks the caller is a party),
 *   always with `Cache-Control: private, no-store`.
 * LocalStorage keeps them in two folders under DATA_DIR; S3Storage keeps them in one bucket under two prefixes.
 */
export interface Storage {
  /** Stores bytes under a server-chosen key and answers its address (public URL or private path). */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  /** The stored bytes, or undefined when the key holds nothing. */
  get(key: string): Promise<Buffer | undefined>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
  /** The key behind one of our addresses (public or private), or undefined for anything else. */
  keyFromUrl(url: string): string | undefined;
  /** Every stored key (backups), or those that start with `prefix`. */
  list(prefix?: string): AsyncIterable<string>;
}

export const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;
export const PRIVATE_PREFIX = 'privado/';
export const PUBLIC_URL_PREFIX = '/uploads/';
/** Private files' address: the app's route, which checks a signature (src/server/storage/signed.ts). */
export const PRIVATE_URL_PREFIX = '/api/archivos/';

export const isSafeKey = (key: string): boolean => SAFE_KEY.test(key) && !key.includes('..') && key.length <= 400;
export const isPrivateKey = (key: string): boolean => key.startsWith(PRIVATE_PREFIX);

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`unsafe storage key: ${key}`);
}

/** The address of a key: `/uploads/<key>` for public ones, `/api/archivos/<rest>` for `privado/<rest>`. */
export function urlForKey(key: string): string {
  return isPrivateKey(key) ? `${PRIVATE_URL_PREFIX}${key.slice(PRIVATE_PREFIX.length)}` : `${PUBLIC_URL_PREFIX}${key}`;
}

/** The key behind an address made by urlForKey, or undefined. */
export function keyFromUrl(url: string): string | undefined {
  const bare = url.split('?')[0];
  let key: string | undefined;
  if (bare.startsWith(PUBLIC_URL_PREFIX)) key = bare.slice(PUBLIC_URL_PREFIX.length);
  else if (bare.startsWith(PRIVATE_URL_PREFIX)) key = PRIVATE_PREFIX + bare.slice(PRIVATE_URL_PREFIX.length);
  return key !== undefined && isSafeKey(key) ? key : undefined;
}

/** The content type of a stored file, by the extension the server gave it. */
export function contentTypeOf(key: string): string {
  if (key.endsWith('.pdf')) return 'application/pdf';
  if (key.endsWith('.webp')) return 'image/webp';
  if (key.endsWith('.png')) return 'image/png';
  if (key.endsWith('.jpg') || key.endsWith('.jpeg')) return 'image/jpeg';
  return 'application/octet-stream';
}

export class LocalStorage implements Storage {
  /**
   * @param root public files, served at /uploads/ (DATA_DIR/uploads)
   * @param privateRoot private files, never served as files (DATA_DIR/privado)
   */
  constructor(
    readonly root: string,
    readonly privateRoot: string = path.join(path.dirname(root), 'privado'),
  ) {}

  fileFor(key: string): string {
    assertSafeKey(key);
    return isPrivateKey(key)
      ? path.join(this.privateRoot, key.slice(PRIVATE_PREFIX.length))
      : path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.fileFor(key);
    // Files under DATA_DIR are the server user's alone; the server itself serves the public ones.
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    await writeFile(file, data, { mode: 0o600 });
    return this.urlFor(key);
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.fileFor(key));
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'EISDIR')
        return undefined;
      throw err;
    }
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  urlFor(key: string): string {
    return urlForKey(key);
  }

  keyFromUrl(url: string): string | undefined {
    return keyFromUrl(url);
  }

  async *list(wanted = ''): AsyncIterable<string> {
    for (const [root, prefix] of [
      [this.root, ''],
      [this.privateRoot, PRIVATE_PREFIX],
    ] as const) {
      if (prefix === '' ? wanted.startsWith(PRIVATE_PREFIX) : !(wanted.startsWith(prefix) || prefix.startsWith(wanted)))
        continue;
      // Only the folder the wanted prefix names is read (web-assets/, not every upload).
      const rest = wanted.startsWith(prefix) ? wanted.slice(prefix.length) : '';
      const sub = rest.includes('/') ? rest.slice(0, rest.lastIndexOf('/')) : '';
      const dir = path.join(root, sub);
      let entries: string[];
      try {
        entries = await readdir(dir, { recursive: true });
      } catch {
        continue;
      }
      for (const rel of entries.sort()) {
        const key = prefix + (sub ? `${sub}/` : '') + rel.split(path.sep).join('/');
        if (key.startsWith(wanted) && isSafeKey(key) && (await stat(path.join(dir, rel))).isFile()) yield key;
      }
    }
  }
}
