import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerDataStream } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';
import { createTestApp, type TestAppOptions, type TestContext } from './helpers';

/**
 * A real SMTP server in the test process (smtp-server) that parses what arrives (mailparser). Point an app at
 * it with `createTestApp({ mail: { ...config.mail, smtpUrl: smtp.url } })` or `testMail(smtp)`.
 *
 *   const smtp = await startTestSmtp();
 *   ctx = await createTestApp(testMail(smtp));
 *   …
 *   const mail = await smtp.waitFor((m) => m.to === 'ana@example.com');
 *   const link = linkIn(mail, '/Auth/Restablecer');
 */
export interface TestSmtp {
  url: string;
  /** Every message accepted so far, in order of arrival. */
  readonly messages: ParsedMail[];
  /** The first message, received already or arriving within `timeoutMs`, that matches. */
  waitFor(match?: (m: ParsedMail) => boolean, timeoutMs?: number): Promise<ParsedMail>;
  /** Resolves once `n` messages in total have been accepted. */
  waitForCount(n: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /** Refuses the next `n` messages with this SMTP reply code (451: try later; 550: never). */
  refuseNext(n: number, code?: number): void;
  /**
   * Holds every message's DATA unanswered until `release()`: a send stays in flight. `arrived` resolves when the
   * first held message has come in.
   */
  hold(): { arrived: Promise<void>; release(): void };
  /** Messages whose DATA came in (accepted, refused or held). */
  readonly attempts: number;
  close(): Promise<void>;
}

const to = (m: ParsedMail) => (Array.isArray(m.to) ? m.to.map((a) => a.text).join(', ') : (m.to?.text ?? ''));

/** The recipient address(es) of a parsed message, as text. */
export const recipientOf = to;

export async function startTestSmtp(): Promise<TestSmtp> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<() => void>();
  let refuse = 0;
  let refuseCode = 451;
  let attempts = 0;
  let gate: { promise: Promise<void>; release: () => void; arrived: () => void } | undefined;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream: SMTPServerDataStream, _session, callback) {
      attempts++;
      if (refuse > 0) {
        refuse--;
        stream.on('end', () => {
          const err = Object.assign(new Error(refuseCode >= 500 ? 'Buzón no disponible' : 'Inténtalo más tarde'), {
            responseCode: refuseCode,
          });
          callback(err);
        });
        stream.resume();
        return;
      }
      const held = gate;
      simpleParser(stream)
        .then(async (parsed) => {
          if (held) {
            held.arrived();
            await held.promise;
          }
          messages.push(parsed);
          callback();
          for (const w of [...waiters]) w();
        })
        .catch((err) => callback(err));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const until = <T>(check: () => T | undefined, timeoutMs: number, what: string) =>
    new Promise<T>((resolve, reject) => {
      const found = check();
      if (found !== undefined) return resolve(found);
      const timer = setTimeout(() => {
        waiters.delete(test);
        reject(
          new Error(
            `test SMTP: ${what} did not arrive within ${timeoutMs} ms (received ${messages.length}: ${messages.map((m) => m.subject).join(' | ')})`,
          ),
        );
      }, timeoutMs);
      const test = () => {
        const r = check();
        if (r === undefined) return;
        clearTimeout(timer);
        waiters.delete(test);
        resolve(r);
      };
      waiters.add(test);
    });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get attempts() {
      return attempts;
    },
    waitFor: (match = () => true, timeoutMs = 10_000) =>
      until(() => messages.find(match), timeoutMs, 'the expected message'),
    waitForCount: (n, timeoutMs = 20_000) =>
      until(() => (messages.length >= n ? [...messages] : undefined), timeoutMs, `${n} messages`),
    refuseNext(n, code = 451) {
      refuse = n;
      refuseCode = code;
    },
    hold() {
      let release!: () => void;
      let arrived!: () => void;
      const promise = new Promise<void>((r) => (release = r));
      const arrivedP = new Promise<void>((r) => (arrived = r));
      gate = { promise, release, arrived };
      return {
        arrived: arrivedP,
        release: () => {
          gate = undefined;
          release();
        },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first link in a message's plain text whose path starts with `pathPrefix` (e.g. '/Auth/Restablecer'). */
export function linkIn(mail: ParsedMail, pathPrefix: string): URL {
  for (const m of (mail.text ?? '').matchAll(/https?:\/\/[^\s<>"]+/g)) {
    const url = new URL(m[0]);
    if (url.pathname.startsWith(pathPrefix)) return url;
  }
  throw new Error(`no link to ${pathPrefix} in the message "${mail.subject}":\n${mail.text}`);
}

/** An app whose mail goes to a test SMTP server of its own; `close()` stops both. */
export async function createTestAppWithSmtp(opts: TestAppOptions = {}): Promise<TestContext & { smtp: TestSmtp }> {
  const smtp = await startTestSmtp();
  const ctx = await createTestApp({ mail: { smtpUrl: smtp.url } }, opts);
  return {
    ...ctx,
    smtp,
    close: async () => {
      await ctx.close();
      await smtp.close();
    },
  };
}
