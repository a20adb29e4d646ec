// A mixed load at a steady rate: members of the bench organisation sign in, read their tasks, the
// score and the team, and complete one of their open tasks, as the web app would.
import type { ActionsResponse } from '@castellan/contract';
import autocannon from 'autocannon';
import { SESSION_COOKIE } from '../apps/server/src/modules/sessions/plugin';
import { LARGE_ORG_ADMIN } from './large-organization';
import { type LoadFigures, loadFigures, signIn } from './load';

export type MixedLoadFigures = LoadFigures & {
  /** Completions of a task this run had completed already (a member ran out of open tasks). */
  repeatedCompletions: number;
};

/** Many members at once, each a few requests a second, rather than a few clients flat out. */
export const MIXED_CONNECTIONS = 50;

type Visit = { member?: string; cookie?: string };

/**
 * Each member's open tasks that they may complete themselves: not done, and no automatic check
 * says otherwise (a failing check answers 409). Read once through the admin's organisation view.
 */
async function openTasksByMember(baseUrl: string): Promise<Map<string, string[]>> {
  const admin = await signIn(baseUrl, LARGE_ORG_ADMIN);
  const res = await fetch(`${baseUrl}/api/actions?scope=organization`, {
    headers: { cookie: admin },
  });
  if (res.status !== 200) throw new Error(`actions answered ${res.status}: ${await res.text()}`);
  const { tasks } = (await res.json()) as ActionsResponse;
  const open = new Map<string, string[]>();
  for (const t of tasks) {
    if (t.scope !== 'Individual' || t.isCompleted || t.evidence.some((e) => e.verdict === 'fail')) {
      continue;
    }
    if (!t.user.startsWith('member.')) continue;
    open.set(t.user, [...(open.get(t.user) ?? []), t.id]);
  }
  return open;
}

const sessionCookie = (setCookie: string | string[] | undefined) =>
  [setCookie ?? []]
    .flat()
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${SESSION_COOKIE}=`));

/**
 * `durationSeconds` at `rate` requests per second in all. Every connection repeats one visit: a
 * sign-in as the next member (test login), then their tasks, the score, the team, a completion
 * of one of their open tasks, their tasks and the score again.
 */
export async function mixedLoad(
  baseUrl: string,
  durationSeconds: number,
  rate: number,
): Promise<MixedLoadFigures> {
  const open = await openTasksByMember(baseUrl);
  const members = [...open.keys()];
  if (members.length === 0) throw new Error('no member has an open task');
  const done = new Map<string, string[]>();
  let signIns = 0;
  let repeatedCompletions = 0;

  const nextTask = (member: string) => {
    const completed = done.get(member) ?? [];
    done.set(member, completed);
    const fresh = open.get(member)?.shift();
    if (fresh) {
      completed.push(fresh);
      return fresh;
    }
    repeatedCompletions += 1;
    const again = completed.shift() ?? '';
    completed.push(again);
    return again;
  };

  const asMember = (request: autocannon.Request, context: object) => {
    const { cookie } = context as Visit;
    return { ...request, headers: { ...request.headers, ...(cookie ? { cookie } : {}) } };
  };
  const read = (path: string): autocannon.Request => ({
    method: 'GET',
    path,
    setupRequest: asMember,
  });

  const result = await autocannon({
    url: baseUrl,
    connections: MIXED_CONNECTIONS,
    duration: durationSeconds,
    overallRate: rate,
    requests: [
      {
        method: 'POST',
        path: '/api/auth/test-login',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const member = members[signIns++ % members.length] ?? '';
          (context as Visit).member = member;
          return { ...request, body: JSON.stringify({ email: member }) };
        },
        onResponse: (_status, _body, context, headers) => {
          (context as Visit).cookie = sessionCookie(headers?.['set-cookie']);
        },
      },
      read('/api/actions'),
      read('/api/get-score'),
      read('/api/list-employees'),
      {
        method: 'POST',
        path: '/api/mark-action-complete',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => ({
          ...asMember(request, context),
          body: JSON.stringify({ taskId: nextTask((context as Visit).member ?? '') }),
        }),
      },
      read('/api/actions'),
      read('/api/get-score'),
    ],
  });
  return { ...loadFigures(result, MIXED_CONNECTIONS, durationSeconds), repeatedCompletions };
}
