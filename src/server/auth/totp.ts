import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/*
 * The second factor of lab and operator accounts (docs/decisions/045): TOTP as RFC 6238 defines it and every
 * authenticator app reads it (SHA-1, 6 digits, 30 seconds), computed by the otpauth library; the enrolment's QR
 * code by the qrcode library, drawn as an SVG path the page renders without any HTML of ours.
 */
export const TOTP_ISSUER = 'Cereza';
const PERIOD = 30;

const totpOf = (secret: string, label = '') =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secret),
  });

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (secret: string, email: string): string => totpOf(secret, email).toString();

/** The code of `at` (tests, the e2e fixtures and the demo's README compute codes the same way). */
export const totpCode = (secret: string, at = Date.now()): string => totpOf(secret).generate({ timestamp: at });

/** The 30-second step `at` falls in. */
export const totpStep = (at: number): number => Math.floor(at / 1000 / PERIOD);

/**
 * The step of the code if it is the code of `at` or of one step either side (a phone's clock a little off), else
 * null. The caller refuses a step at or before the last one accepted, so a code never opens twice.
 */
export function checkTotp(secret: string, code: string, at: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : totpStep(at) + delta;
}

/** The QR code of `text` as one SVG path of unit squares on a `size`×`size` grid. */
export function qrPath(text: string): { size: number; path: string } {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const parts: string[] = [];
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) parts.push(`M${x} ${y}h1v1h-1z`);
  }
  return { size: modules.size, path: parts.join('') };
}

const RECOVERY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const RECOVERY_CODES = 10;

/** Ten codes of ten characters (no 0/O, 1/I), shown as XXXXX-XXXXX: about 50 bits each. */
export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODES }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its characters, without dashes, spaces or case. */
export const recoveryHash = (code: string): string =>
  createHash('sha256').update(code.replace(/[\s-]/g, '').toUpperCase()).digest('hex');
