import type { Member, Task } from '@castellan/contract';
import { describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test/server-process';
import { ALICE, databaseKinds, freshDatabaseLocation } from '../../test/test-app';

// The server process is killed with SIGKILL in the middle of a burst of concurrent writes, and
// started again on the same data: every write it had answered 2xx must be there, whole.

const KILLS = 2;
const COMPLETIONS_PER_BURST = 10;
const INVITATIONS_PER_BURST = 12;
const DOMAIN_LISTS_PER_BURST = 6;
/** The kill comes once this share of the burst has been answered. */
const KILL_AFTER_SHARE = 0.4;

type Write = {
  kind: 'completion' | 'invitation' | 'trusted-domains';
  round: number;
  /** The task id, the e-mail address or the list of domains. */
  key: string;
  answered: 'ok' | 'refused' | 'cut off' | null;
};

type Session = { origin: string; cookie: string };

async function signIn(origin: string): Promise<Session> {
  const res = await fetch(`${origin}/api/auth/test-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: ALICE }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie()[0]?.split(';')[0];
  if (!cookie) throw new Error('test login set no cookie');
  return { origin, cookie };
}

async function call<T>(session: Session, method: string, path: string, body?: unknown) {
  const res = await fetch(`${session.origin}${path}`, {
    method,
    headers: {
      cookie: session.cookie,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: (await res.json()) as T };
}

const organizationTasks = async (session: Session) =>
  (await call<{ tasks: Task[] }>(session, 'GET', '/api/actions?scope=organization')).body.tasks;

const domainList = (round: number, index: number) =>
  ['a', 'b', 'c'].map((part) => `${part}-${round}-${index}.durability.com`).join(',');

/** Sends the round's writes a few milliseconds apart and kills the server part-way through. */
async function burst(server: ServerProcess, round: number, writes: Write[]) {
  const session = await signIn(server.origin);
  // Tasks Alice may complete herself that no automatic check decides.
  const open = (await organizationTasks(session))
    .filter((t) => !t.isCompleted && t.evidence.length === 0)
    .filter((t) => t.user === ALICE || t.scope === 'Admin')
    .slice(0, COMPLETIONS_PER_BURST);
  const planned: Write[] = [
    ...open.map((t) => ({ kind: 'completion' as const, round, key: t.id, answered: null })),
    ...Array.from({ length: INVITATIONS_PER_BURST }, (_, i) => ({
      kind: 'invitation' as const,
      round,
      key: `durable-${round}-${i}@brightwave.example`,
      answered: null,
    })),
    ...Array.from({ length: DOMAIN_LISTS_PER_BURST }, (_, i) => ({
      kind: 'trusted-domains' as const,
      round,
      key: domainList(round, i),
      answered: null,
    })),
  ].sort(() => Math.random() - 0.5);
  writes.push(...planned);

  let answers = 0;
  let killing: Promise<void> | null = null;
  const send = (write: Write) =>
    write.kind === 'completion'
      ? call(session, 'POST', '/api/mark-action-complete', { taskId: write.key })
      : write.kind === 'invitation'
        ? call(session, 'POST', '/api/users', { email: write.key, role: 'user' })
        : call(session, 'PUT', '/api/settings/trusted-domains', {
            trustedDomains: write.key.split(','),
          });
  const inFlight = planned.map(async (write, index) => {
    await new Promise((resolve) => setTimeout(resolve, index * 4));
    try {
      const { status } = await send(write);
      write.answered = status >= 200 && status < 300 ? 'ok' : 'refused';
      answers += 1;
      if (!killing && answers >= planned.length * KILL_AFTER_SHARE) killing = server.kill();
    } catch {
      write.answered = 'cut off';
    }
  });
  await Promise.all(inFlight);
  await (killing ?? server.kill());
}

describe.each(databaseKinds())('SIGKILL during a burst of writes, on %s', (kind) => {
  it('keeps every write answered 2xx, whole, after a restart', async () => {
    const location = await freshDatabaseLocation(kind, { onDisk: true });
    // Makes the data directory (PGlite) that the server then opens.
    await (await location.open()).close();
    if (!location.target) throw new Error('no database for another process');
    const writes: Write[] = [];
    try {
      for (let round = 1; round <= KILLS; round += 1) {
        await burst(await startServerProcess(location.target), round, writes);
      }
      const server = await startServerProcess(location.target);
      try {
        const session = await signIn(server.origin);
        const acknowledged = writes.filter((w) => w.answered === 'ok');
        const ofKind = (k: Write['kind']) => acknowledged.filter((w) => w.kind === k);

        const tasks = new Map((await organizationTasks(session)).map((t) => [t.id, t]));
        for (const write of ofKind('completion')) {
          expect(tasks.get(write.key)?.isCompleted, write.key).toBe(true);
        }
        for (const task of tasks.values()) {
          if (task.isCompleted) expect(task.completedAt, task.id).not.toBeNull();
        }

        const { members } = (await call<{ members: Member[] }>(session, 'GET', '/api/users')).body;
        const invited = members.filter((m) => m.email.startsWith('durable-'));
        expect(new Set(invited.map((m) => m.email)).size).toBe(invited.length);
        for (const write of ofKind('invitation')) {
          const member = invited.find((m) => m.email === write.key);
          expect(member, write.key).toMatchObject({ role: 'user', status: 'invited' });
        }
        // None appears that was not sent.
        const sentInvitations = new Set(writes.map((w) => w.key));
        for (const member of invited) expect(sentInvitations.has(member.email)).toBe(true);

        // The list is one PUT's list in full, never a mix; and, once a PUT was answered, one
        // sent in that round or later (the requests of one burst race each other).
        const domains = (
          await call<{ trustedDomains: string[] }>(session, 'GET', '/api/settings/trusted-domains')
        ).body.trustedDomains.join(',');
        const lastAnsweredRound = Math.max(0, ...ofKind('trusted-domains').map((w) => w.round));
        const candidates = writes
          .filter((w) => w.kind === 'trusted-domains' && w.round >= lastAnsweredRound)
          .map((w) => w.key);
        if (lastAnsweredRound > 0) expect(candidates).toContain(domains);
        else if (domains.includes('durability.com')) expect(candidates).toContain(domains);

        const count = (answered: Write['answered']) =>
          writes.filter((w) => w.answered === answered).length;
        console.info(
          `${kind}: ${writes.length} writes in ${KILLS} bursts: ${count('ok')} answered 2xx and checked, ${count('refused')} refused, ${count('cut off')} cut off by the kill`,
        );
      } finally {
        await server.kill();
      }
    } finally {
      await location.dispose();
    }
  }, 240_000);
});
