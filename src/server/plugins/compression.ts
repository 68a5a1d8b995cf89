import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance } from 'fastify';

const br = promisify(brotliCompress);
const gz = promisify(gzip);

const MIN_BYTES = 1024;
const COMPRESSIBLE = /^(application\/json|text\/html|text\/plain|application\/javascript|text\/css)/;
/** Compressed bodies of responses that carry an ETag (the cached catalogue pages): compressed once. */
const memo = new Map<string, Buffer>();
const MEMO_MAX = 500;

export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (n: string) => (accepted.get(n) ?? accepted.get('*') ?? 0) > 0;
  if (ok('br')) return 'br';
  if (ok('gzip')) return 'gzip';
  return undefined;
}

/**
 * Compresses API and page responses (JSON, HTML) above 1 KB with brotli or gzip. Static files are
 * precompressed at build time and served as they are; this covers what the server generates.
 */
export function registerCompression(app: FastifyInstance) {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.hasHeader('content-encoding') || request.method === 'HEAD') return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = String(reply.getHeader('content-type') ?? '');
    if (!COMPRESSIBLE.test(type)) return payload;
    const size = Buffer.byteLength(payload);
    if (size < MIN_BYTES) return payload;
    reply.header('vary', 'accept-encoding');
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;

    const etag = reply.getHeader('etag');
    const key = etag ? `${encoding}:${String(etag)}` : undefined;
    let body = key ? memo.get(key) : undefined;
    if (!body) {
      body =
        encoding === 'br'
          ? await br(payload, {
              params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: size },
            })
          : await gz(payload, { level: 6 });
      if (key) {
        memo.set(key, body);
        if (memo.size > MEMO_MAX) memo.delete(memo.keys().next().value as string);
      }
    }
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    return body;
  });
}
