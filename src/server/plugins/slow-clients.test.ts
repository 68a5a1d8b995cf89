import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '../../contract/errors';
import { createTestApp, type TestContext } from '../test/helpers';

/*
 * Slow clients (issue 26): a body trickled one byte every 5 s held its connection for 100 s and more, and 1,000
 * such connections from one address were all held. The bound here is short so that the test is quick; what is
 * checked is the answer, not a time.
 */

let ctx: TestContext;
let port: number;

beforeAll(async () => {
  ctx = await createTestApp({ requestTimeoutMs: 1_000, connectionsPerClient: 3 });
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  port = (ctx.app.server.address() as AddressInfo).port;
});
afterAll(() => ctx.close());

/** A raw connection and everything the server writes to it until it closes it. */
function connect() {
  const socket = net.connect(port, '127.0.0.1');
  let received = '';
  socket.on('data', (d) => (received += d.toString('utf8')));
  socket.on('error', () => {});
  const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)));
  return { socket, closed };
}

describe('slow clients', () => {
  it('answers 408 in Spanish to a body trickled byte by byte, and closes the connection', async () => {
    const { socket, closed } = connect();
    socket.write(
      'POST /api/auth/login HTTP/1.1\r\nHost: cereza.test\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{',
    );
    const trickle = setInterval(() => socket.writable && socket.write(' '), 200);
    try {
      const answer = await closed;
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4));
      expect(body).toEqual({ success: false, error: { code: 'REQUEST_TIMEOUT', message: ERRORS.REQUEST_TIMEOUT } });
    } finally {
      clearInterval(trickle);
    }
  });

  it('holds at most its limit of connections from one address; the others are closed', async () => {
    const held = [connect(), connect(), connect()];
    await Promise.all(held.map((c) => new Promise((r) => c.socket.once('connect', r))));
    const extra = connect();
    expect(await extra.closed).toBe('');
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    // Room again once they are gone.
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
  });
});
