// A local SMTP server for the mail tests (the `smtp-server` package): it keeps what it accepts
// and refuses what the test asks it to, with the SMTP reply code a real server would give.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  to: string[];
  /** The raw message with its headers unfolded and quoted-printable decoded, for assertions. */
  raw: string;
  header(name: string): string | undefined;
};

export type FakeSmtpServer = {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  received: ReceivedMail[];
  /** Refuses the messages to `recipient` with this reply code (4xx temporary, 5xx permanent). */
  refuse(recipient: string, code: number): void;
  accept(recipient: string): void;
  /** Holds each message this long before answering (a slow mail server). */
  holdFor(ms: number): void;
  /** Resolves when the next message starts arriving. */
  arriving(): Promise<void>;
  close(): Promise<void>;
};

const decodeQuotedPrintable = (text: string) =>
  text
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (run) =>
      Buffer.from(run.replace(/=/g, ''), 'hex').toString('utf8'),
    );

/** A raw message with its headers unfolded and quoted-printable decoded, and a header reader. */
export function parseMail(message: string): Omit<ReceivedMail, 'to'> {
  const unfolded = message.replace(/\r?\n[ \t]+/g, ' ');
  const headerEnd = unfolded.search(/\r?\n\r?\n/);
  const headers = unfolded.slice(0, headerEnd).split(/\r?\n/);
  return {
    raw: decodeQuotedPrintable(unfolded),
    header: (name) => {
      const prefix = `${name.toLowerCase()}:`;
      return headers
        .find((h) => h.toLowerCase().startsWith(prefix))
        ?.slice(prefix.length)
        .trim();
    },
  };
}

const received = (to: string[], message: string): ReceivedMail => ({ to, ...parseMail(message) });

export async function startSmtpServer(): Promise<FakeSmtpServer> {
  const mails: ReceivedMail[] = [];
  const refusals = new Map<string, number>();
  let holdMs = 0;
  let arrivals: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      for (const arrived of arrivals) arrived();
      arrivals = [];
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const code = to.map((address) => refusals.get(address)).find((c) => c !== undefined);
        if (code !== undefined) {
          callback(
            Object.assign(new Error(`refused by the test (${code})`), { responseCode: code }),
          );
          return;
        }
        const take = () => {
          mails.push(received(to, Buffer.concat(chunks).toString('utf8')));
          callback();
        };
        if (holdMs > 0) setTimeout(take, holdMs);
        else take();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: mails,
    refuse: (recipient, code) => refusals.set(recipient, code),
    accept: (recipient) => refusals.delete(recipient),
    holdFor: (ms) => {
      holdMs = ms;
    },
    arriving: () => new Promise((resolve) => arrivals.push(resolve)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
