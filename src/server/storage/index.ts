import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded files live. The local implementation writes under DATA_DIR/uploads and the server
 * serves them at /uploads/; an object store can implement the same three calls later.
 */
export interface Storage {
  /** Stores bytes under a server-chosen key and answers the public URL. */
  put(key: string, data: Buffer, contentType: string): Promise<string>;
  remove(key: string): Promise<void>;
  urlFor(key: string): string;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9/_.-]*$/;

export class LocalStorage implements Storage {
  constructor(
    readonly root: string,
    readonly publicPrefix = '/uploads',
  ) {}

  private fileFor(key: string): string {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`unsafe storage key: ${key}`);
    return path.join(this.root, key);
  }

  async put(key: string, data: Buffer): Promise<string> {
    const file = this.fileFor(key);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, data);
    return this.urlFor(key);
  }

  async remove(key: string): Promise<void> {
    await rm(this.fileFor(key), { force: true });
  }

  urlFor(key: string): string {
    return `${this.publicPrefix}/${key}`;
  }

  /** The key behind one of our public URLs, or undefined for anything else. */
  keyFromUrl(url: string): string | undefined {
    const prefix = `${this.publicPrefix}/`;
    if (!url.startsWith(prefix)) return undefined;
    const key = url.slice(prefix.length);
    return SAFE_KEY.test(key) && !key.includes('..') ? key : undefined;
  }
}
