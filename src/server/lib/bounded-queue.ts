/**
 * Runs async work with at most `concurrency` tasks at a time; up to `maxWaiting` more wait their turn in order,
 * and beyond that `run` refuses at once (the caller answers "busy") instead of holding ever more work in memory.
 */
export class BoundedQueue {
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  get running(): number {
    return this.active;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Whether a task given now would be refused. */
  get full(): boolean {
    return this.active >= this.concurrency && this.waiting.length >= this.maxWaiting;
  }

  /** Runs `task` when a place is free; throws `onFull()` when the queue is full. */
  async run<T>(task: () => Promise<T>, onFull: () => Error): Promise<T> {
    if (this.active >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw onFull();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.active++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next task (active stays the same), or is freed.
      if (next) next();
      else this.active--;
    }
  }
}
