import { afterEach, vi } from 'vitest';

// A test that logs console.error has hit something unexpected: make it fail loudly (Epic Stack habit).
const original = console.error;
let logged: unknown[][] = [];
console.error = (...args: unknown[]) => {
  logged.push(args);
  original(...args);
};

afterEach(() => {
  const calls = logged;
  logged = [];
  vi.restoreAllMocks();
  if (calls.length) {
    throw new Error(`console.error was called ${calls.length} time(s); first: ${String(calls[0]?.[0])}`);
  }
});
