import type { BuildResponse } from '../../contract/health';

/** A check for a newer build runs every hour (docs/product.md §4, §9); the next navigation then loads it. */
export const BUILD_CHECK_MS = 3_600_000;

export const CURRENT_BUILD: string = import.meta.env.VITE_BUILD_ID ?? 'dev';
let newerBuild = false;

export async function checkForNewBuild(fetcher: typeof fetch = fetch): Promise<boolean> {
  try {
    const res = await fetcher('/api/build', { cache: 'no-store' });
    if (!res.ok) return false;
    const { buildId } = (await res.json()) as Partial<BuildResponse>;
    newerBuild = !!buildId && buildId !== 'dev' && CURRENT_BUILD !== 'dev' && buildId !== CURRENT_BUILD;
    return newerBuild;
  } catch {
    return false;
  }
}

export const hasNewerBuild = () => newerBuild;

export function startBuildCheck() {
  const timer = setInterval(() => void checkForNewBuild(), BUILD_CHECK_MS);
  return () => clearInterval(timer);
}
