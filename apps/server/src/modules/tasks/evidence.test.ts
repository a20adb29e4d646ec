import { describe, expect, it } from 'vitest';
import { taskCalls } from '../../../test/task-calls';
import { ALICE, BEN, databaseKinds, expectError, NOAH, useTestApp } from '../../../test/test-app';
import { forgetEvidence, recordEvidence } from './service';

const ISLA = 'isla.jones@brightwave.example'; // a member with nothing done in the demo data
const HOUR = 3_600_000;

describe.each(databaseKinds())('automatic checks decide tasks on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const { get, complete, tasksOf, idOf } = taskCalls(server);
  const db = () => server().database.db;
  const orgOf = async (cookie: string) => (await get('/api/organization', cookie)).json().id;
  const employee = async (cookie: string, email: string) =>
    (await get('/api/list-employees', cookie))
      .json()
      .employees.find((e: { email: string }) => e.email === email);

  it('a passing check completes a member’s task; the score and the team’s progress count it', async () => {
    const alice = await server().signIn(ALICE);
    const isla = await server().signIn(ISLA);
    const org = await orgOf(alice);
    const before = (await get('/api/get-score', alice)).json();
    const islaBefore = await employee(alice, ISLA);

    const at = new Date(Date.now() - 2 * HOUR);
    await recordEvidence(
      db(),
      org,
      'gws',
      [{ catalogueId: 'enable-mfa', userId: await idOf(ISLA), verdict: 'pass', detail: null }],
      at,
    );
    const mfa = (await tasksOf(isla)).find((t) => t.catalogueId === 'enable-mfa');
    expect(mfa).toMatchObject({
      isCompleted: true,
      completedBy: 'Google Workspace',
      completedAt: at.toISOString(),
      evidence: [{ source: 'gws', verdict: 'pass', checkedAt: at.toISOString(), detail: null }],
    });
    const after = (await get('/api/get-score', alice)).json();
    expect(after.score).toBeGreaterThan(before.score);
    expect((await employee(alice, ISLA)).completedTasks).toBe(islaBefore.completedTasks + 1);
    // Completing it by hand now changes nothing.
    expect((await complete(mfa?.id ?? '', isla)).json()).toMatchObject({
      task: { isCompleted: true, completedBy: 'Google Workspace' },
    });
  });

  it('a failing check reopens a task marked done by hand and refuses to mark it again', async () => {
    const alice = await server().signIn(ALICE);
    const ben = await server().signIn(BEN);
    const org = await orgOf(alice);
    const open = (await tasksOf(ben)).find((t) => t.catalogueId === 'use-password-manager');
    expect((await complete(open?.id ?? '', ben)).statusCode).toBe(200);
    const done = await employee(alice, BEN);

    await recordEvidence(
      db(),
      org,
      'agent',
      [
        {
          catalogueId: 'use-password-manager',
          userId: await idOf(BEN),
          verdict: 'fail',
          detail: 'No password manager found on BEN-LAPTOP.',
        },
      ],
      new Date(),
    );
    const task = (await tasksOf(ben)).find((t) => t.catalogueId === 'use-password-manager');
    expect(task).toMatchObject({ isCompleted: false, evidence: [{ verdict: 'fail' }] });
    expect((await employee(alice, BEN)).completedTasks).toBe(done.completedTasks - 1);
    const refused = expectError(await complete(task?.id ?? '', ben), 409);
    expect(refused).toBe(
      'The endpoint agent found this is not done yet. No password manager found on BEN-LAPTOP. Fix it on that computer; the agent checks again at its next run (every 6 hours, or run "castellan-agent run").',
    );

    // Once the source forgets it (disconnected), what was marked by hand counts again.
    await forgetEvidence(db(), org, 'agent');
    expect(
      (await tasksOf(ben)).find((t) => t.catalogueId === 'use-password-manager'),
    ).toMatchObject({ isCompleted: true, completedBy: 'Ben Carter', evidence: [] });
  });

  it('decides an Admin task for the organisation; any failing source wins over a passing one', async () => {
    const alice = await server().signIn(ALICE);
    const org = await orgOf(alice);
    const adminTask = async () =>
      (await tasksOf(alice)).find((t) => t.catalogueId === 'limit-super-admins');
    const verdict = (v: 'pass' | 'fail') => [
      { catalogueId: 'limit-super-admins', userId: null, verdict: v, detail: null },
    ];
    await recordEvidence(db(), org, 'gws', verdict('pass'), new Date());
    expect(await adminTask()).toMatchObject({ isCompleted: true, completedBy: 'Google Workspace' });
    await recordEvidence(db(), org, 'm365', verdict('fail'), new Date());
    expect(await adminTask()).toMatchObject({
      isCompleted: false,
      evidence: [
        { source: 'm365', verdict: 'fail' },
        { source: 'gws', verdict: 'pass' },
      ],
    });
    // A new report of a source replaces everything that source said before.
    await recordEvidence(db(), org, 'm365', [], new Date());
    expect(await adminTask()).toMatchObject({ isCompleted: true, evidence: [{ source: 'gws' }] });
  });

  it('keeps each organisation’s evidence to itself', async () => {
    const alice = await server().signIn(ALICE);
    const noah = await server().signIn(NOAH);
    await recordEvidence(
      db(),
      await orgOf(alice),
      'gws',
      [{ catalogueId: 'limit-super-admins', userId: null, verdict: 'pass', detail: null }],
      new Date(),
    );
    const theirs = (await tasksOf(noah)).find((t) => t.catalogueId === 'limit-super-admins');
    expect(theirs).toMatchObject({ isCompleted: false, evidence: [] });
  });
});
