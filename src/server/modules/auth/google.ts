import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { AppConfig } from '../../config';

export interface GoogleIdentity {
  sub: string;
  email: string;
  nombre: string;
  apellido: string;
  name: string;
  image: string | null;
}

// One key set per URL: jose caches Google's keys and refetches them on rotation.
const keySets = new Map<string, JWTVerifyGetKey>();
function keySet(url: string): JWTVerifyGetKey {
  let ks = keySets.get(url);
  if (!ks) {
    ks = createRemoteJWKSet(new URL(url), { timeoutDuration: 5000, cooldownDuration: 30_000 });
    keySets.set(url, ks);
  }
  return ks;
}

/**
 * Verifies a Google ID token: signature against Google's published keys (RS256 only), audience = our client
 * id, an accepted issuer, expiry, and a verified e-mail. Answers undefined for anything that fails; the
 * caller decides the status.
 */
export async function verifyGoogleCredential(
  google: AppConfig['google'],
  credential: string,
): Promise<GoogleIdentity | undefined> {
  if (!google.clientId) return undefined;
  try {
    const { payload } = await jwtVerify(credential, keySet(google.jwksUrl), {
      algorithms: ['RS256'],
      audience: google.clientId,
      issuer: google.issuers,
      requiredClaims: ['sub', 'exp', 'iat'],
      clockTolerance: 30,
    });
    if (typeof payload.sub !== 'string' || !payload.sub) return undefined;
    if (typeof payload.email !== 'string' || !payload.email) return undefined;
    // Only an e-mail Google has verified may identify or create an account.
    if (payload.email_verified !== true && payload.email_verified !== 'true') return undefined;
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
    const picture = text(payload.picture, 500);
    return {
      sub: payload.sub,
      email: payload.email.trim().toLowerCase(),
      nombre: text(payload.given_name, 80),
      apellido: text(payload.family_name, 80),
      name: text(payload.name, 120),
      image: picture.startsWith('https://') ? picture : null,
    };
  } catch {
    return undefined;
  }
}
