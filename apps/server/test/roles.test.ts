// The same build as a web process (HTTP only), a worker (jobs only) or both, against one
// PostgreSQL: migrations as their own command, jobs queued by the web and run by the worker, and
// each stopping cleanly on SIGTERM with what it holds finished.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  killAllServers,
  type RunningServer,
  repoRoot,
  startServer,
} from '../../../bench/server-process';
import { type FakeSmtpServer, startSmtpServer } from './fakes/smtp-server';
import { adminQuery, databaseUrl } from './postgres-admin';
import { signInOver } from './server-process';
import { ALICE, createTestApp, TEST_ENCRYPTION_KEY } from './test-app';

const template = inject('postgresTemplate');
const run = promisify(execFile);

async function mailStatus(url: string, recipient: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ status: string }>(
      'select status from mail_messages where recipient = $1',
      [recipient],
    );
    return rows[0]?.status ?? null;
  } finally {
    await client.end();
  }
}

async function until(check: () => Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe.skipIf(!template)('web and worker processes on one PostgreSQL', () => {
  const adminUrl = template?.adminUrl ?? '';
  const name = `castellan_roles_${process.pid}`;
  const url = databaseUrl(adminUrl, name);
  let smtp: FakeSmtpServer;
  const env = (extra: Record<string, string>) => ({
    DATABASE_URL: url,
    ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
    NODE_ENV: 'test',
    TEST_LOGIN: '1',
    DEMO_DATA: '1',
    LOG_LEVEL: 'warn',
    SMTP_URL: smtp.url,
    MIGRATE_AT_START: '0',
    ...extra,
  });
  beforeAll(async () => {
    smtp = await startSmtpServer();
    await adminQuery(adminUrl, `create database ${name}`);
  });
  afterAll(async () => {
    killAllServers();
    await smtp?.close();
    await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  });

  const invite = async (web: RunningServer, email: string) => {
    const res = await fetch(`${web.url}/api/users`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: web.url,
        cookie: await signInOver(web.url, ALICE),
      },
      body: JSON.stringify({ email }),
    });
    expect(res.status, await res.text()).toBe(201);
  };

  it('migrate as their own command: a server without it refuses a database that is behind', {
    timeout: 120_000,
  }, async () => {
    await expect(startServer(env({ ROLE: 'web' }))).rejects.toThrow();
    const migrated = await run(process.execPath, ['apps/server/dist/main.js', 'migrate'], {
      cwd: repoRoot,
      env: { ...process.env, ...env({}) },
    });
    expect(migrated.stdout).toContain('the database is migrated');
  });

  it('a web process queues jobs and runs none; a worker runs them and answers its health check only', {
    timeout: 180_000,
  }, async () => {
    const web = await startServer(env({ ROLE: 'web' }));
    try {
      await invite(web, 'first.hire@brightwave.example');
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(await mailStatus(url, 'first.hire@brightwave.example')).toBe('queued');
      expect(smtp.received).toEqual([]);

      const worker = await startServer(env({ ROLE: 'worker' }));
      try {
        const refused = await fetch(`${worker.url}/api/auth/user-data`);
        expect(refused.status).toBe(404);
        expect(((await refused.json()) as { error: string }).error).toMatch(/jobs only/);
        await until(
          async () => smtp.received.some((m) => m.to.includes('first.hire@brightwave.example')),
          'the worker sends the invitation',
        );
        expect(await mailStatus(url, 'first.hire@brightwave.example')).toBe('sent');

        // SIGTERM while the worker holds a job: it finishes it before it exits.
        smtp.holdFor(2_000);
        const arriving = smtp.arriving();
        await invite(web, 'second.hire@brightwave.example');
        await arriving;
        await worker.stop();
        expect(await mailStatus(url, 'second.hire@brightwave.example')).toBe('sent');
      } finally {
        smtp.holdFor(0);
        await worker.stop().catch(() => {});
      }
    } finally {
      await web.stop();
    }
  });
});

describe('a web process stopped', () => {
  it('finishes the requests in flight and takes no new connection', async () => {
    let entered: () => void = () => {};
    const handling = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const server = await createTestApp('pglite', {
      setup: (app) => {
        app.get('/slow', async () => {
          entered();
          await new Promise((resolve) => setTimeout(resolve, 500));
          return { done: true };
        });
      },
    });
    const origin = await server.app.listen({ port: 0, host: '127.0.0.1' });
    // A kept-alive connection, as browsers and load balancers use: closed after its answer.
    const inFlight = fetch(`${origin}/slow`).then((res) => res.json());
    await handling;
    const closed = server.close();
    expect(await inFlight).toEqual({ done: true });
    await closed;
    await expect(fetch(`${origin}/api/health`)).rejects.toThrow();
  });
});
