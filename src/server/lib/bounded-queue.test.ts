import { describe, expect, it } from 'vitest';
import { BoundedQueue } from './bounded-queue';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('BoundedQueue', () => {
  it('runs at most `concurrency` tasks at once, the rest in order, and refuses beyond `maxWaiting`', async () => {
    const queue = new BoundedQueue(2, 3);
    const gates = Array.from({ length: 6 }, deferred);
    const started: number[] = [];
    let running = 0;
    let maxRunning = 0;
    const results = gates.map((gate, i) =>
      queue
        .run(
          async () => {
            started.push(i);
            running++;
            maxRunning = Math.max(maxRunning, running);
            await gate.promise;
            running--;
            return i;
          },
          () => new Error('lleno'),
        )
        .catch((err: Error) => err.message),
    );
    await Promise.resolve();
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(3);
    // The sixth found two running and three waiting.
    expect(await results[5]).toBe('lleno');
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(results.slice(0, 5))).toEqual([0, 1, 2, 3, 4]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(maxRunning).toBe(2);
    expect(queue.running).toBe(0);
  });

  it('frees the place of a task that fails', async () => {
    const queue = new BoundedQueue(1, 0);
    await expect(
      queue.run(
        () => Promise.reject(new Error('falla')),
        () => new Error('lleno'),
      ),
    ).rejects.toThrow('falla');
    expect(
      await queue.run(
        async () => 'bien',
        () => new Error('lleno'),
      ),
    ).toBe('bien');
  });
});
