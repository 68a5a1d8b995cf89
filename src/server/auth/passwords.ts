import { hash, verify } from '@node-rs/argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
export const ARGON2_OPTIONS = {
  // 2 = Argon2id (the package's const enum cannot be imported under isolatedModules)
  algorithm: 2,
  memoryCost: 19456,
  timeCost: 2,
  parallelism: 1,
} as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;
/** Hashes anyway when the account does not exist, so unknown e-mails take as long as wrong passwords. */
export async function burnPasswordCheck(password: string): Promise<false> {
  dummy ??= hashPassword('cereza-dummy-password-for-timing');
  await verifyPassword(await dummy, password);
  return false;
}
