/** If a script or style chunk fails to load, reload at most once per 10 seconds per path (docs/product.md §4, §9). */
export const CHUNK_RELOAD_GUARD_MS = 10_000;
const KEY = 'cereza-chunk-reload';

export function isChunkLoadError(error: unknown): boolean {
  const msg = error instanceof Error ? `${error.name} ${error.message}` : String(error ?? '');
  return /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError/i.test(
    msg,
  );
}

/** Decides whether a reload is allowed now for this path, and records it. */
export function shouldReload(path: string, now: number, storage: Pick<Storage, 'getItem' | 'setItem'>): boolean {
  let map: Record<string, number> = {};
  try {
    map = JSON.parse(storage.getItem(KEY) ?? '{}');
  } catch {
    map = {};
  }
  const last = map[path];
  if (last && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  map[path] = now;
  storage.setItem(KEY, JSON.stringify(map));
  return true;
}

export function reloadOnceForChunkError(): boolean {
  try {
    if (!shouldReload(location.pathname, Date.now(), sessionStorage)) return false;
  } catch {
    return false;
  }
  location.reload();
  return true;
}

export function installChunkReload() {
  window.addEventListener('vite:preloadError', (event) => {
    if (reloadOnceForChunkError()) event.preventDefault();
  });
}
