import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createLogOutput } from './log-output';

/** A stdout whose reader stopped reading: writes are accepted and queue up, none completes. */
function stuck() {
  const written: string[] = [];
  let release: (() => void)[] = [];
  const out = new Writable({
    write(chunk, _enc, done) {
      written.push(String(chunk));
      release.push(done);
    },
  });
  const drain = () => {
    const pending = release;
    release = [];
    pending.forEach((done) => done());
  };
  return { out, written, drain };
}

describe('the log output (issue 26)', () => {
  it('queues lines a stuck reader does not take, up to its limit, then drops and counts them', () => {
    const { out, written, drain } = stuck();
    const log = createLogOutput(out, 100);
    for (let i = 0; i < 20; i++) log.write(`{"msg":"línea ${i}"}\n`);
    // Past 100 bytes queued, lines are dropped, not queued without bound.
    expect(out.writableLength).toBeLessThan(200);
    expect(log.dropped).toBeGreaterThan(10);
    const dropped = log.dropped;
    // Once the reader takes what waited, the next line says how many were lost.
    for (let i = 0; i < 30 && out.writableLength > 0; i++) drain();
    log.write('{"msg":"de vuelta"}\n');
    drain();
    drain();
    expect(written.some((l) => l.includes(`${dropped} log lines dropped`))).toBe(true);
    expect(written.at(-1)).toBe('{"msg":"de vuelta"}\n');
    expect(log.dropped).toBe(0);
  });

  it('stops logging, and does not end the process, when its output breaks (EPIPE)', () => {
    const out = new Writable({
      write(_chunk, _enc, done) {
        done(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
      },
    });
    const log = createLogOutput(out);
    log.write('{"msg":"uno"}\n');
    return new Promise<void>((resolve) =>
      setImmediate(() => {
        // The 'error' was handled (an unhandled one would fail this test); later lines are dropped.
        log.write('{"msg":"dos"}\n');
        expect(log.dropped).toBe(1);
        resolve();
      }),
    );
  });
});
