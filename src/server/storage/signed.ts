import { createHmac, timingSafeEqual } from 'node:crypto';
import { PRIVATE_URL_PREFIX, keyFromUrl, isPrivateKey } from './index';

/**
 * Short-lived signed addresses of private files. The app's answers hold a private file's plain address
 * (`/api/archivos/<key>`) only in answers meant for its parties; on the way out that address gains an expiry and an
 * HMAC of (key, expiry), so that an `<img>` or a download link works without the Bearer token, for a while only.
 * The key is derived from JWT_SECRET, which every replica shares.
 */
export const SIGNED_URL_TTL_SECONDS = 60 * 60;

export class UrlSigner {
  private readonly key: Buffer;

  constructor(secret: Uint8Array) {
    this.key = createHmac('sha256', Buffer.from(secret)).update('cereza/archivos/v1').digest();
  }

  private mac(key: string, exp: number): string {
    return createHmac('sha256', this.key).update(`${key}\n${exp}`).digest('base64url');
  }

  /** `/api/archivos/<rest>?exp=<unix>&sig=<mac>` for a private key's address; other strings unchanged. */
  sign(url: string, now: Date): string {
    const key = keyFromUrl(url);
    if (!key || !isPrivateKey(key)) return url;
    // The expiry is rounded up to the next 10 minutes: the same link for everyone's answers within that window (a
    // page's repeated fetches keep their <img> addresses), valid for one to one and a sixth hours.
    const exp = Math.ceil((Math.floor(now.getTime() / 1000) + SIGNED_URL_TTL_SECONDS) / 600) * 600;
    return `${url.split('?')[0]}?exp=${exp}&sig=${this.mac(key, exp)}`;
  }

  /** Whether (key, exp, sig) is one this server signed and has not expired. */
  verify(key: string, exp: string | undefined, sig: string | undefined, now: Date): boolean {
    if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
    const expNum = Number(exp);
    if (expNum * 1000 < now.getTime()) return false;
    const want = Buffer.from(this.mac(key, expNum));
    const got = Buffer.from(sig);
    return want.length === got.length && timingSafeEqual(want, got);
  }
}

/** Whether a string is one of our private addresses (signed or not). */
export const isPrivateUrl = (v: string): boolean => v.startsWith(PRIVATE_URL_PREFIX);

/**
 * Before private files, a message's PDF was stored public at `/uploads/u/<id>/<random>.pdf`; records keep that
 * address, and the answers turn it into the private route (which finds the file at its old place).
 */
const LEGACY_PDF = /^\/uploads\/(u\/[a-z0-9][a-z0-9/_.-]*\.pdf)$/;

export const privateAddress = (v: string): string | undefined => {
  if (isPrivateUrl(v)) return v;
  const legacy = LEGACY_PDF.exec(v);
  return legacy && !v.includes('..') ? `${PRIVATE_URL_PREFIX}${legacy[1]}` : undefined;
};

/**
 * The answer with every private address signed: walks plain objects and arrays (an answer is JSON), and leaves
 * everything else as it is. Returns the same object when nothing changed.
 */
export function signPrivateUrls<T>(value: T, signer: UrlSigner, now: Date): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      if (v.length > 500 || v[0] !== '/') return v;
      const address = privateAddress(v);
      return address ? signer.sign(address, now) : v;
    }
    if (Array.isArray(v)) {
      let changed = false;
      const out = v.map((x) => {
        const y = walk(x);
        if (y !== x) changed = true;
        return y;
      });
      return changed ? out : v;
    }
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
      let out: Record<string, unknown> | undefined;
      for (const [k, x] of Object.entries(v)) {
        const y = walk(x);
        if (y !== x) (out ??= { ...(v as Record<string, unknown>) })[k] = y;
      }
      return out ?? v;
    }
    return v;
  };
  return walk(value) as T;
}
