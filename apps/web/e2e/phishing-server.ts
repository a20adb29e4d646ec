import type { ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseMail } from '../../server/test/fakes/smtp-server';
import { freePort, serverEnv, startServer, stopServer, TEMPLATE_DIR_ENV } from './stack';

// The phishing spec's own server: PGlite in a copy of the seeded data folder (also on runs with
// PostgreSQL, so that the database's files can be searched afterwards), mail written to the
// folder's outbox, and the SMTP listener for reports on a port of its own.

export const REPORT_DOMAIN = 'reports.castellan.example';

/** A first start on runs with PostgreSQL seeds a PGlite database of its own: it takes longer. */
const FIRST_START_MS = 120_000;

export type PhishingServer = {
  /** `http://127.0.0.1:<port>`, the same after a restart. */
  origin: string;
  dataDir: string;
  /** Where the server receives reports of practice messages by SMTP. */
  reportPort: number;
  /** A clean stop (SIGTERM), so that the database's files are whole for the test to open. */
  stop(): Promise<void>;
  /** Starts the server again on the same folder and ports. */
  start(): Promise<void>;
  /** Stops it if it runs and throws the folder away. */
  remove(): Promise<void>;
};

export async function startPhishingServer(): Promise<PhishingServer> {
  const template = process.env[TEMPLATE_DIR_ENV];
  if (!template) throw new Error('The browser tests run through playwright.config.ts only.');
  const dataDir = mkdtempSync(path.join(tmpdir(), 'castellan-e2e-phishing-'));
  cpSync(template, dataDir, { recursive: true });
  let server: ChildProcess | null = null;
  let port = 0;
  let reportPort = 0;
  const launch = async (waitMs?: number) => {
    server = await startServer(
      {
        ...serverEnv(port, dataDir),
        // Never the run's PostgreSQL or a real SMTP server: PGlite in the folder, mail in its outbox.
        DATABASE_URL: undefined,
        SMTP_URL: undefined,
        PHISHING_SCANNER_SECONDS: '1',
        PHISHING_REPORT_SMTP_PORT: String(reportPort),
        PHISHING_REPORT_DOMAIN: REPORT_DOMAIN,
      },
      waitMs,
    );
  };
  const remove = async () => {
    if (server) await stopServer(server, 'SIGKILL');
    server = null;
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    // A port found free can be taken by another process before the server binds it: try again.
    for (let attempt = 1; ; attempt++) {
      port = await freePort();
      reportPort = await freePort();
      try {
        await launch(FIRST_START_MS);
        break;
      } catch (err) {
        if (attempt === 3) throw err;
      }
    }
  } catch (err) {
    await remove();
    throw err;
  }
  return {
    origin: `http://127.0.0.1:${port}`,
    dataDir,
    reportPort,
    stop: async () => {
      if (server) await stopServer(server, 'SIGTERM');
      server = null;
    },
    start: () => launch(),
    remove,
  };
}

/** Runs `work` on the folder's PGlite database while the server is stopped. */
export async function withDatabase<T>(
  dataDir: string,
  work: (query: (sql: string) => Promise<{ rows: unknown[] }>) => Promise<T>,
): Promise<T> {
  const { PGlite } = await import('@electric-sql/pglite');
  const db = await PGlite.create(dataDir);
  try {
    return await work((sql) => db.query(sql));
  } finally {
    await db.close();
  }
}

export type OutboxMail = {
  file: string;
  /** The message with its headers unfolded and quoted-printable decoded. */
  text: string;
  header(name: string): string | undefined;
};

function readMail(file: string): OutboxMail {
  const { raw, header } = parseMail(readFileSync(file, 'utf8'));
  return { file, text: raw, header };
}

/** Every message the server wrote to the folder's outbox, oldest first. */
export function readOutbox(dataDir: string): OutboxMail[] {
  const dir = path.join(dataDir, 'outbox');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.eml'))
    .sort()
    .map((name) => readMail(path.join(dir, name)));
}
