import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { ERRORS } from '../../contract/errors';
import { REQUEST_LIMITS, type AppConfig } from '../config';

/*
 * Slow and greedy clients (issue 26; docs/decisions/, request timeouts). Node's HTTP server bounds the time to
 * receive a whole request (`requestTimeout`, checked every second here rather than every 30 s) and reports it
 * as a client error; this answers it 408 in Spanish and closes the connection. One client address holds at most
 * `connectionsPerClient` connections: further ones are closed as they open.
 */

export function slowClientOptions(config: AppConfig) {
  const requestTimeout = config.requestTimeoutMs ?? REQUEST_LIMITS.requestTimeoutMs;
  return {
    requestTimeout,
    http: {
      // Headers count against the same bound (Node's default would wait 60 s for them).
      headersTimeout: Math.min(requestTimeout, 60_000),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
    clientErrorHandler: answerClientError,
  };
}

function rawAnswer(socket: Socket, status: number, code: string, message: string) {
  const body = JSON.stringify({ success: false, error: { code, message } });
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\n` +
      `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** A request the HTTP parser gave up on: too slow (408), too large headers (431), or not HTTP (400). */
function answerClientError(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') rawAnswer(socket, 408, 'REQUEST_TIMEOUT', ERRORS.REQUEST_TIMEOUT);
  else if (err.code === 'HPE_HEADER_OVERFLOW') rawAnswer(socket, 431, 'PAYLOAD_TOO_LARGE', ERRORS.PAYLOAD_TOO_LARGE);
  else rawAnswer(socket, 400, 'VALIDATION_ERROR', 'La petición no es válida.');
}

/** Closes connections beyond the limit for their client address (the socket's peer: a proxy counts as one). */
export function registerConnectionLimit(app: FastifyInstance, config: AppConfig) {
  const limit = config.connectionsPerClient ?? REQUEST_LIMITS.connectionsPerClient;
  if (!limit) return;
  const open = new Map<string, number>();
  app.server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress ?? '';
    const count = (open.get(address) ?? 0) + 1;
    if (count > limit) {
      socket.destroy();
      return;
    }
    open.set(address, count);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
}
