import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../config';

/** One message as the outbox hands it over: Spanish plain text plus simple HTML. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** `<…@…>`, stable across retries of the same outbox row. */
  messageId: string;
  /** A one-click unsubscribe link (RFC 2369 List-Unsubscribe; RFC 8058 one-click through the linked page). */
  unsubscribeUrl?: string;
}

export interface SentMail {
  /** The .eml written (no SMTP server configured). */
  file?: string;
  /** The SMTP server's answer. */
  response?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'eml';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

/** The message as nodemailer takes it, from the configured sender: the same for SMTP and for an .eml file. */
function envelope(from: string, m: MailMessage) {
  return {
    from,
    to: m.to,
    subject: m.subject,
    text: m.text,
    html: m.html,
    messageId: m.messageId,
    ...(m.unsubscribeUrl ? { list: { unsubscribe: m.unsubscribeUrl } } : {}),
  };
}

/** SMTP through nodemailer's pooled transport (SMTP_URL, e.g. smtp://user:pass@host:587). */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport({
      url,
      pool: true,
      maxConnections: 2,
      maxMessages: 100,
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(m: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(envelope(this.from, m));
    return { response: info.response };
  }

  async close(): Promise<void> {
    this.transport.close();
  }
}

/**
 * Without SMTP_URL (the embedded default) each message is written, complete, as an .eml file that any mail
 * program opens: DATA_DIR/mail/<time>-<id>.eml. The outbox logs the path.
 */
export class EmlMailer implements Mailer {
  readonly kind = 'eml' as const;
  private readonly transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
  ) {}

  async send(m: MailMessage): Promise<SentMail> {
    const info = await this.transport.sendMail(envelope(this.from, m));
    // A mail holds reset and verification links: readable by the server's user only.
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const id = m.messageId.replace(/^<|@.*$/g, '').replace(/[^A-Za-z0-9-]/g, '');
    const file = path.join(this.dir, `${stamp}-${id}.eml`);
    await writeFile(file, info.message as Buffer, { flag: 'wx', mode: 0o600 });
    return { file };
  }

  async close(): Promise<void> {}
}

export function createMailer(mail: AppConfig['mail'], log?: FastifyBaseLogger): Mailer {
  if (mail.smtpUrl) return new SmtpMailer(mail.smtpUrl, mail.from);
  log?.debug({ dir: mail.dir }, 'no SMTP_URL: e-mail is written as .eml files');
  return new EmlMailer(mail.dir, mail.from);
}

/**
 * A refusal that retrying cannot fix: the server rejected the recipient or the message itself (5xx). A
 * connection, authentication or temporary (4xx) failure is retried with backoff.
 */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { code?: string; responseCode?: number } | undefined;
  return (
    !!e &&
    (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') &&
    typeof e.responseCode === 'number' &&
    e.responseCode >= 500
  );
}
