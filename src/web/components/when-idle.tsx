import { useEffect, useState, type ComponentType } from 'react';
import { whenIdle } from '../lib/next-task';

/**
 * A client-only part of a public page whose code is fetched once the page is idle, so it does not count in the
 * page's first-load JavaScript (e2e/budget.spec.ts): the lot's and the producer's member farms and the producer's
 * reviews, which the server does not render.
 */
export function WhenIdle<P extends object>({ load, props }: { load: () => Promise<ComponentType<P>>; props: P }) {
  const [C, setC] = useState<ComponentType<P> | null>(null);
  useEffect(() => {
    let alive = true;
    whenIdle(() => {
      void load().then(
        (c) => alive && setC(() => c),
        () => {},
      );
    });
    return () => {
      alive = false;
    };
  }, [load]);
  return C ? <C {...props} /> : null;
}
