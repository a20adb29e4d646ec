import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';

/** One message as it leaves: addresses, subject and both parts. */
export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
  /** Sent under this display name from the product's own address (a practice message). */
  fromName?: string | null;
};

export type Mailer = {
  /** Hands the message over; throws what the mail server answered when it refuses. */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** Control characters (a CR/LF above all) never reach a header, whatever was stored. */
export const headerSafe = (value: string) => value.replace(/\p{Cc}+/gu, ' ').trim();

/** The address of a sender such as `Castellan <no-reply@castellan.app>`. */
export const addressOf = (sender: string) => /<([^<>]+)>\s*$/.exec(sender)?.[1] ?? sender.trim();

/**
 * Whether the mail server refused the message for good (a 5xx reply): trying again cannot help.
 * A 4xx reply, a dropped connection or a timeout may pass.
 */
export function isPermanentRefusal(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/** Where the embedded default writes messages without SMTP server; null with no data folder. */
export function outboxDir(config: Config): string | null {
  return config.dataDir.includes('://') ? null : path.join(config.dataDir, 'outbox');
}

/**
 * Sends through SMTP_URL with nodemailer; without it, writes each message as an .eml file into
 * the outbox and logs one line, so that a newcomer sees what would have gone out.
 */
export function createMailer(config: Config, log: FastifyBaseLogger): Mailer {
  const { smtpUrl, from } = config.mail;
  const envelope = (mail: OutgoingMail) => ({
    from: mail.fromName
      ? { name: headerSafe(mail.fromName), address: addressOf(headerSafe(from)) }
      : headerSafe(from),
    to: headerSafe(mail.to),
    subject: headerSafe(mail.subject),
    text: mail.text,
    html: mail.html,
    headers: Object.fromEntries(
      Object.entries(mail.headers).map(([name, value]) => [name, headerSafe(value)]),
    ),
  });
  if (smtpUrl) {
    const transport = nodemailer.createTransport(smtpUrl);
    return {
      send: async (mail) => {
        await transport.sendMail(envelope(mail));
      },
      close: () => transport.close(),
    };
  }
  const dir = outboxDir(config);
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true });
  return {
    send: async (mail) => {
      const info = await transport.sendMail(envelope(mail));
      if (!dir) {
        log.info({ message: mail.id }, 'no SMTP_URL and an in-memory database: message not kept');
        return;
      }
      mkdirSync(dir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(dir, `${stamp}-${mail.id}.eml`);
      writeFileSync(file, info.message as Buffer, { mode: 0o600 });
      log.info({ file }, 'no SMTP_URL: message written to the outbox');
    },
    close: () => transport.close(),
  };
}
