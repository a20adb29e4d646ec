// Receives replies to and reports of practice messages by SMTP (PHISHING_REPORT_SMTP_PORT): only
// for report addresses of organisations that run practice, at most 2 MB a message. Point the MX
// record of PHISHING_REPORT_DOMAIN at it, or forward the report addresses to it.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { MailContext } from '../mail/context';
import { domainOf } from './members';
import { reportKeyOf } from './report-address';
import { recordReport } from './reports';
import { findOrganizationByReportKey } from './repository';

const MAX_BYTES = 2 * 1024 * 1024;

export type ReportListener = { port: number; close(): Promise<void> };

const refusal = (message: string, code: number) =>
  Object.assign(new Error(message), { responseCode: code });

const fromHeader = (raw: string) => {
  const header = /^from:\s*(.+)$/im.exec(raw.slice(0, raw.search(/\r?\n\r?\n/) + 1))?.[1] ?? '';
  return /<([^<>]+)>/.exec(header)?.[1] ?? header.trim();
};

export async function startReportListener(
  ctx: MailContext,
  port: number,
  host: string,
): Promise<ReportListener> {
  const organizationOf = async (address: string) => {
    const key = reportKeyOf(ctx.config, address);
    const id = key ? await findOrganizationByReportKey(ctx.db, key) : null;
    const domain = id ? await domainOf(ctx.db, id) : null;
    return id && domain ? { id, domain } : null;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    size: MAX_BYTES,
    banner: 'Castellan phishing practice reports',
    onRcptTo(address, _session, callback) {
      organizationOf(address.address).then(
        (org) => callback(org ? undefined : refusal('No such report address', 550)),
        (err: Error) => callback(refusal(`Try again later (${err.message})`, 451)),
      );
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(refusal('Message too large', 552));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const senders = [envelopeFrom, fromHeader(raw)].filter(Boolean);
        void (async () => {
          for (const rcpt of session.envelope.rcptTo) {
            const org = await organizationOf(rcpt.address);
            if (org) await recordReport(ctx, org, senders, raw);
          }
        })().then(
          () => callback(),
          (err: Error) => {
            ctx.log.warn({ err: err.message }, 'a phishing report could not be recorded');
            callback(refusal('Try again later', 451));
          },
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => ctx.log.warn({ err: err.message }, 'phishing report listener'));
  const bound = (server.server.address() as AddressInfo).port;
  ctx.log.info({ port: bound }, 'receiving phishing practice reports by SMTP');
  return { port: bound, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
