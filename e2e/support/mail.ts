import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { simpleParser, type ParsedMail } from 'mailparser';

/** The e-mail folder of the server under test (scripts/e2e-server.mjs writes where it is). */
function mailDir(): string {
  const info = path.resolve(import.meta.dirname, '..', '..', '.tmp', `e2e-server-${process.env.E2E_PORT}.json`);
  return JSON.parse(readFileSync(info, 'utf8')).mailDir as string;
}

/**
 * The .eml the server wrote to `to` with this subject, as a person would open it: the server has no SMTP_URL in
 * end-to-end runs. Waits for the outbox (it sends right after the request's transaction commits).
 */
export async function readMail(to: string, subject: string): Promise<ParsedMail> {
  const dir = mailDir();
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        if (!existsSync(dir)) return false;
        for (const file of readdirSync(dir)
          .filter((f) => f.endsWith('.eml'))
          .sort()
          .reverse()) {
          const raw = readFileSync(path.join(dir, file), 'utf8');
          if (!raw.includes(to)) continue;
          const mail = await simpleParser(raw);
          if (mail.subject === subject) {
            found = mail;
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail "${subject}" to ${to}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The path and query of the first link in the mail's text that goes to `pathPrefix`. */
export function linkPath(mail: ParsedMail, pathPrefix: string): string {
  for (const m of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(m[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  throw new Error(`no link to ${pathPrefix} in "${mail.subject}":\n${mail.text}`);
}
