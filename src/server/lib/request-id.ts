import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from '../config';

/** What we take from a proxy's X-Request-Id: short, printable, no spaces (it goes into logs and headers). */
const REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

const bare = (addr: string | undefined) => (addr ?? '').replace(/^::ffff:/, '');

/**
 * Whether the direct peer is a proxy we trust (TRUST_PROXY, src/server/config.ts): a hop count (the nearest hop is
 * the proxy) or a list of proxy addresses and ranges.
 */
export function trustsPeer(trust: TrustProxy, remoteAddress: string | undefined): boolean {
  if (typeof trust === 'number') return trust > 0;
  if (!trust) return false;
  const peer = bare(remoteAddress);
  const family = isIP(peer) === 6 ? 'ipv6' : 'ipv4';
  return trust.some((entry) => {
    const [addr, bits] = entry.trim().split('/');
    const list = new BlockList();
    try {
      const fam = isIP(bare(addr)) === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(bare(addr), fam);
      else list.addSubnet(bare(addr), Number(bits), fam);
      return list.check(peer, family);
    } catch {
      return false;
    }
  });
}

/**
 * Each request's id: the one a trusted proxy sends in X-Request-Id (nginx's `$request_id`), so that one id follows a
 * request through the proxy's and every replica's logs; else a random UUID, unique across processes and restarts.
 */
export function requestIdGenerator(trust: TrustProxy): (req: IncomingMessage) => string {
  return (req) => {
    const sent = req.headers['x-request-id'];
    if (typeof sent === 'string' && REQUEST_ID.test(sent) && trustsPeer(trust, req.socket?.remoteAddress)) return sent;
    return randomUUID();
  };
}
