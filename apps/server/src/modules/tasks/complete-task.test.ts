import { describe, expect, it } from 'vitest';
import { ALICE, databaseKinds, useTestApp } from '../../../test/test-app';

const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data

/**
 * Completing a task reads only what that task needs, once: a few statements, whatever the size of
 * the team (6 before the completion became a service of its own).
 */
describe.each(databaseKinds())('the statements one task completion costs on %s', (kind) => {
  const statements: string[] = [];
  const server = useTestApp(kind, {
    seed: true,
    queryLogger: { logQuery: (query) => statements.push(query) },
  });
  const counted = async (run: () => Promise<{ statusCode: number; body: string }>) => {
    statements.length = 0;
    const res = await run();
    expect(res.statusCode, res.body).toBe(200);
    return statements.length;
  };
  const complete = (cookie: string, taskId: string) =>
    counted(() =>
      server().inject({
        method: 'POST',
        url: '/api/mark-action-complete',
        headers: { cookie },
        payload: { taskId },
      }),
    );
  const taskId = async (cookie: string, catalogueId: string) => {
    const res = await server().inject({ url: '/api/actions', headers: { cookie } });
    const tasks: { id: string; catalogueId: string }[] = res.json().tasks;
    const task = tasks.find((t) => t.catalogueId === catalogueId);
    if (!task) throw new Error(catalogueId);
    return task.id;
  };

  // The session (1), the organisation's office suite and the assignee (2), the checks' evidence
  // about the task (1), the member count for the task's points (1), the insert (1), and then
  // what moved the score and the trail's attestation (2) or, when it was done already, that
  // completion (1).
  it('stays within 8 statements for an own task, done or not, and for an Admin task', async () => {
    const isla = await server().signIn(ISLA);
    const own = await taskId(isla, 'use-password-manager');
    expect(await complete(isla, own)).toBeLessThanOrEqual(8);
    expect(await complete(isla, own)).toBeLessThanOrEqual(8);

    const alice = await server().signIn(ALICE);
    expect(await complete(alice, await taskId(alice, 'limit-super-admins'))).toBeLessThanOrEqual(8);
  });
});
