import { describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from './db/client';
import { EventBus, EVENTS_CHANNEL } from './events';

/** A database that only delivers NOTIFYs: `send` plays another process's message (or this one's) arriving. */
function fakeDatabase() {
  let deliver: ((payload: string) => void) | undefined;
  const database = {
    listen: async (channel: string, onNotify: (payload: string) => void) => {
      expect(channel).toBe(EVENTS_CHANNEL);
      deliver = onNotify;
      return async () => {};
    },
    // settle()'s ping comes back like any NOTIFY.
    exec: async (sql: string) => deliver?.(/'(\{.*\})'\)$/.exec(sql)![1]),
  } as unknown as Database;
  const send = (event: unknown, seq = 0) => deliver!(JSON.stringify({ origin: 'otro-proceso', seq, event }));
  return { database, send };
}

const log = { error: () => {}, warn: () => {} } as unknown as FastifyBaseLogger;

describe('EventBus', () => {
  it('handles lot changes received while a handler is busy as one, keeping every other event in its place', async () => {
    const { database, send } = fakeDatabase();
    const bus = new EventBus(log);
    const seen: string[] = [];
    let release!: () => void;
    const busy = new Promise<void>((r) => (release = r));
    bus.on('lote.cambiado', async (e) => {
      seen.push(`lotes ${e.loteIds.join(',')}`);
      if (seen.length === 1) await busy;
    });
    bus.on('productor.cambiado', (e) => void seen.push(`productor ${e.productorId}`));
    await bus.start(database);

    send({ tipo: 'lote.cambiado', loteIds: ['a'] });
    await new Promise((r) => setTimeout(r, 10));
    // Received while the first is being handled: b and c merge (c twice), the producer's change stays between.
    send({ tipo: 'lote.cambiado', loteIds: ['b'] });
    send({ tipo: 'lote.cambiado', loteIds: ['c'] });
    send({ tipo: 'productor.cambiado', productorId: 'p' });
    send({ tipo: 'lote.cambiado', loteIds: ['c', 'd'] });
    release();
    await bus.stop();
    expect(seen).toEqual(['lotes a', 'lotes b,c', 'productor p', 'lotes c,d']);
  });

  it('settle() still waits until what came before its ping has been handled', async () => {
    const { database, send } = fakeDatabase();
    const bus = new EventBus(log);
    const seen: string[] = [];
    bus.on('lote.cambiado', async (e) => {
      await new Promise((r) => setTimeout(r, 20));
      seen.push(e.loteIds.join(','));
    });
    await bus.start(database);
    send({ tipo: 'lote.cambiado', loteIds: ['a'] });
    send({ tipo: 'lote.cambiado', loteIds: ['b'] });
    // An event of this process's own: settle() has something outstanding only after one.
    const { emitChange } = await import('./events');
    await emitChange({ execute: async () => send({ tipo: 'lote.cambiado', loteIds: ['c'] }) } as never, {
      tipo: 'lote.cambiado',
      loteIds: ['c'],
    });
    await bus.settle();
    expect(seen.join(';')).toContain('c');
    await bus.stop();
  });
});
