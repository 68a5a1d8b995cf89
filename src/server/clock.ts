/**
 * The server's sense of "now" for everything that waits: due times of timers, retries, token and key expiry.
 * `app.clock` is the system clock in production; tests pass a ManualClock to buildApp and move time forward
 * instead of sleeping (docs/decisions/012-notificaciones-tareas-e-idempotencia.md).
 */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock that only moves when told to. It starts at the real time so that rows stamped by the database fit. */
export class ManualClock implements Clock {
  private ms: number;

  constructor(start: Date | number = Date.now()) {
    this.ms = typeof start === 'number' ? start : start.getTime();
  }

  now(): Date {
    return new Date(this.ms);
  }

  set(to: Date | number): void {
    this.ms = typeof to === 'number' ? to : to.getTime();
  }

  advance(ms: number): Date {
    this.ms += ms;
    return this.now();
  }
}

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;
