import { ATTACHMENT_MAX_BYTES, type AttestationsResponse } from '@castellan/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../../../../test/fakes/s3/fake-s3';
import { taskCalls } from '../../../../test/task-calls';
import {
  ALICE,
  BEN,
  createTestApp,
  databaseKinds,
  expectError,
  NOAH,
  type TestApp,
  useTestApp,
} from '../../../../test/test-app';
import { attachmentStore } from './attachment-store';
import { purgeAttachments, reopenLapsedTasks } from './service';

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('a screenshot'),
]);
const PDF = Buffer.from('%PDF-1.7\nsigned policy\n%%EOF');

/** Uploads a file as the web app does: its bytes as the body, with its own type. */
const upload = (
  server: () => TestApp,
  cookie: string,
  bytes: Buffer,
  type: string,
  name = 'shot.png',
) =>
  server().inject({
    method: 'POST',
    url: `/api/attachments?name=${encodeURIComponent(name)}`,
    headers: { cookie, 'content-type': type },
    payload: bytes,
  });

describe.each(databaseKinds())('attestations on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const tasks = taskCalls(server);
  const trailOf = async (taskId: string, cookie: string): Promise<AttestationsResponse> => {
    const res = await tasks.get(
      `/api/tasks/attestations?taskId=${encodeURIComponent(taskId)}`,
      cookie,
    );
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const attest = (cookie: string, payload: object) =>
    server().inject({ method: 'POST', url: '/api/tasks/attest', headers: { cookie }, payload });

  it('records who marked a task done, when, with a note and a file, and serves the file to members only', async () => {
    const ben = await server().signIn(BEN);
    const taskId = `phishing-awareness:${await tasks.idOf(BEN)}`;
    const uploaded = await upload(server, ben, PNG, 'image/png', 'C:\\fakepath\\quiz "done".png');
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { attachment } = uploaded.json();
    expect(attachment).toMatchObject({
      name: 'quiz done.png',
      contentType: 'image/png',
      size: PNG.length,
    });

    const res = await attest(ben, {
      taskId,
      note: '  Finished the course  ',
      attachmentId: attachment.id,
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = res.json().trail;
    expect(entry).toMatchObject({ by: 'Ben Carter', note: 'Finished the course', attachment });
    expect((await tasks.tasksOf(ben)).find((t) => t.id === taskId)?.isCompleted).toBe(true);

    const file = await tasks.get(`/api/attachments/${attachment.id}`, ben);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);
    expect(file.headers['cache-control']).toBe('private, no-store');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    // Alice (same organisation) may see it; Noah (another organisation) is told it does not exist.
    expect(
      (await tasks.get(`/api/attachments/${attachment.id}`, await server().signIn(ALICE)))
        .statusCode,
    ).toBe(200);
    expectError(
      await tasks.get(`/api/attachments/${attachment.id}`, await server().signIn(NOAH)),
      404,
    );
    expectError(await server().inject({ url: `/api/attachments/${attachment.id}` }), 401);
    // Nor can Noah read Ben's trail or attach Ben's file to his own task.
    const noah = await server().signIn(NOAH);
    expectError(
      await tasks.get(`/api/tasks/attestations?taskId=${encodeURIComponent(taskId)}`, noah),
      404,
    );
    expectError(
      await attest(noah, {
        taskId: `phishing-awareness:${await tasks.idOf(NOAH)}`,
        attachmentId: attachment.id,
      }),
      400,
    );
  });

  it('a plain completion starts the trail too, and attesting again adds to it', async () => {
    const ben = await server().signIn(BEN);
    const taskId = `verify-payment-changes:${await tasks.idOf(BEN)}`;
    expect((await tasks.complete(taskId, ben)).statusCode).toBe(200);
    expect((await trailOf(taskId, ben)).trail).toMatchObject([
      { by: 'Ben Carter', note: null, attachment: null },
    ]);
    const again = await attest(ben, { taskId, note: 'Checked again with the bank' });
    expect(again.json().trail.map((e: { note: string | null }) => e.note)).toEqual([
      'Checked again with the bank',
      null,
    ]);
  });

  it('refuses files of another type, empty, too big or not what they claim, and loses nothing', async () => {
    const ben = await server().signIn(BEN);
    expect(expectError(await upload(server, ben, Buffer.from('hello'), 'text/plain'), 415)).toBe(
      'Send a file of one of these types: image/png, image/jpeg, application/pdf.',
    );
    // A JSON body is not a file either.
    expect(
      expectError(await upload(server, ben, Buffer.from('{}'), 'application/json'), 400),
    ).toMatch(/send the file itself/);
    expect(expectError(await upload(server, ben, PDF, 'image/png'), 400)).toMatch(/not a real PNG/);
    expect(expectError(await upload(server, ben, Buffer.alloc(0), 'application/pdf'), 400)).toMatch(
      /empty/,
    );
    expectError(
      await upload(server, ben, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x25), 'application/pdf'),
      413,
    );
    expect((await upload(server, ben, PDF, 'application/pdf', 'policy.pdf')).statusCode).toBe(201);
    // A note that is too long is refused before anything changes.
    const taskId = `secure-home-wifi:${await tasks.idOf(BEN)}`;
    expectError(await attest(ben, { taskId, note: 'x'.repeat(1001) }), 400);
    expect((await trailOf(taskId, ben)).trail).toEqual([]);
  });

  it('only the one who may complete a task attests it; a member cannot ask for re-attestation', async () => {
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    expectError(await attest(alice, { taskId: `secure-home-wifi:${await tasks.idOf(BEN)}` }), 404);
    const res = await server().inject({
      method: 'PUT',
      url: '/api/tasks/reattestation',
      headers: { cookie: ben },
      payload: { taskId: `secure-home-wifi:${await tasks.idOf(BEN)}`, months: 6 },
    });
    expectError(res, 403);
  });

  it('reopens a task once its attestation is older than the period an administrator set', async () => {
    const alice = await server().signIn(ALICE);
    const taskId = `incident-response-plan:${await tasks.idOf(ALICE)}`;
    expect((await attest(alice, { taskId, note: 'Plan v2 agreed' })).statusCode).toBe(200);
    const set = await server().inject({
      method: 'PUT',
      url: '/api/tasks/reattestation',
      headers: { cookie: alice },
      payload: { taskId, months: 3 },
    });
    expect(set.statusCode, set.body).toBe(200);
    const { reattestMonths, reattestBy, trail } = set.json() as AttestationsResponse;
    expect(reattestMonths).toBe(3);
    const attestedAt = new Date(trail[0]?.at ?? '');
    const due = new Date(reattestBy ?? '');
    expect(due.getUTCMonth()).toBe((attestedAt.getUTCMonth() + 3) % 12);

    const db = server().database.db;
    expect(await reopenLapsedTasks(db, new Date(due.getTime() - 60_000))).toBe(0);
    expect(await reopenLapsedTasks(db, new Date(due.getTime() + 60_000))).toBe(1);
    const task = (await tasks.tasksOf(alice)).find((t) => t.id === taskId);
    expect(task?.isCompleted).toBe(false);
    // The trail stays; the score's changes say why the task opened.
    expect((await trailOf(taskId, alice)).trail).toHaveLength(1);
    const score = (await tasks.get('/api/get-score', alice)).json();
    expect(score.changes[0]).toMatchObject({ source: 'reattestation' });
    expect(score.changes[0].summary).toMatch(/attestation lapsed/);
  });
});

describe('attachments in an S3-compatible bucket', () => {
  let s3: FakeS3;
  let app: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3();
    app = await createTestApp('pglite', { seed: true, env: s3.serverEnv() });
  });
  afterAll(async () => {
    await app?.close();
    await s3?.close();
  });

  it('stores the bytes in the bucket, signed, and reads them back', async () => {
    const ben = await app.signIn(BEN);
    const res = await upload(() => app, ben, PNG, 'image/png');
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json().attachment;
    expect([...s3.objects.keys()]).toEqual([expect.stringMatching(new RegExp(`/${id}$`))]);
    const file = await app.inject({ url: `/api/attachments/${id}`, headers: { cookie: ben } });
    expect(file.rawPayload.equals(PNG)).toBe(true);
  });

  it('says so when the bucket refuses, and keeps no record of the file', async () => {
    const ben = await app.signIn(BEN);
    s3.failWith('SlowDown');
    try {
      expect(expectError(await upload(() => app, ben, PNG, 'image/png'), 503)).toMatch(/SlowDown/);
    } finally {
      s3.failWith(null);
    }
    expect(s3.objects.size).toBe(1);
  });

  it('removes from the bucket an upload nobody attached within a day, and keeps attached ones', async () => {
    const ben = await app.signIn(BEN);
    const unused = (await upload(() => app, ben, PNG, 'image/png')).json().attachment.id;
    const used = (await upload(() => app, ben, PNG, 'image/png')).json().attachment.id;
    const attested = await app.inject({
      method: 'POST',
      url: '/api/tasks/attest',
      headers: { cookie: ben },
      payload: {
        taskId: `usb-caution:${await taskCalls(() => app).idOf(BEN)}`,
        attachmentId: used,
      },
    });
    expect(attested.statusCode, attested.body).toBe(200);
    const store = attachmentStore(app.config.attachments);
    const db = app.database.db;
    // Now, only the record of the upload the bucket refused is cleared.
    expect(await purgeAttachments(db, store, new Date())).toEqual({ unused: 0, purged: 1 });
    const later = new Date(Date.now() + 25 * 3_600_000);
    // The first test's upload is unattached too.
    expect(await purgeAttachments(db, store, later)).toEqual({ unused: 2, purged: 2 });
    const keys = [...s3.objects.keys()];
    expect(keys.some((k) => k.endsWith(unused))).toBe(false);
    expect(keys.some((k) => k.endsWith(used))).toBe(true);
    expectError(
      await app.inject({ url: `/api/attachments/${unused}`, headers: { cookie: ben } }),
      404,
    );
  });
});
