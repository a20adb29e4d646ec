import type { AllowListResponse } from '@castellan/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditRows } from '../../../test/audit-rows';
import {
  ALICE,
  BEN,
  cookieHeader,
  databaseKinds,
  expectError,
  NOAH,
  SAM,
  type TestApp,
  useTestApp,
} from '../../../test/test-app';
import { organizations, users } from '../../db/schema';
import {
  ALLOW_LIST_LIMIT,
  approvedEntries,
  fullListMessage,
  PENDING_REQUESTS_LIMIT,
  tooManyRequestsMessage,
} from './service';

const URL = '/api/integrations/google-workspace/allow-list';
const FILE = '1AbC-def_ghiJKLmnop';

type Method = 'GET' | 'POST' | 'DELETE';
type Body = object | object[];

const call =
  (server: () => TestApp) => (method: Method, url: string, cookie: string, payload?: Body) =>
    server().inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

const EMPTY = { users: [], domains: [], files: [] };

describe.each(databaseKinds())('the allow-list API on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const send = call(server);
  const list = async (cookie: string): Promise<AllowListResponse> => {
    const res = await send('GET', URL, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  /** Calls a mutation that must succeed; answers the list it returned. */
  const change = async (method: Method, path: string, cookie: string, body: Body) => {
    const res = await send(method, `${URL}${path}`, cookie, body);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as AllowListResponse;
  };
  const organizationIdOf = async (domain: string) => {
    const [row] = await server()
      .database.db.select({ id: organizations.id })
      .from(organizations)
      .where(eq(organizations.domain, domain));
    if (!row) throw new Error(`no organisation ${domain}`);
    return row.id;
  };
  const idOf = async (email: string) => {
    const [row] = await server()
      .database.db.select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row.id;
  };

  it('starts empty, and lets members read it', async () => {
    expect(await list(await server().signIn(BEN))).toEqual({ approved: EMPTY, pending: EMPTY });
  });

  it('adds normalised entries, approved unless said, and answers the whole list', async () => {
    const alice = await server().signIn(ALICE);
    const added = await change('POST', '', alice, [
      { type: 'user', value: '  Bob@Partner.COM ' },
      { type: 'domain', value: 'Bücher.DE' },
      { type: 'file', value: FILE },
      { type: 'domain', value: 'later.example', status: 'pending' },
    ]);
    expect(added.approved).toEqual({
      users: [{ email: 'bob@partner.com' }],
      domains: [{ domain: 'xn--bcher-kva.de' }],
      files: [{ id: FILE }],
    });
    expect(added.pending.domains).toEqual([
      { domain: 'later.example', requestedBy: ALICE, requestedAt: expect.any(String) },
    ]);
    expect(await list(await server().signIn(BEN))).toEqual(added);

    const [event] = await auditRows(server, 'allow_list.added');
    expect(event).toMatchObject({
      actorEmail: ALICE,
      organizationId: await organizationIdOf('brightwave.example'),
      details: {
        added: expect.arrayContaining([{ type: 'file', value: FILE, status: 'approved' }]),
      },
    });
  });

  it('refuses consumer e-mail domains with the message of the spec, storing nothing', async () => {
    const alice = await server().signIn(ALICE);
    const before = await list(alice);
    const res = await send('POST', URL, alice, [
      { type: 'domain', value: 'acme.example' },
      { type: 'domain', value: 'GMail.com' },
    ]);
    expect(expectError(res, 400)).toBe('Consumer email domains like gmail.com are not allowed.');
    const asked = await send('POST', `${URL}/request`, await server().signIn(BEN), {
      type: 'domain',
      value: 'yahoo.com',
    });
    expect(expectError(asked, 400)).toBe('Consumer email domains like yahoo.com are not allowed.');
    expect(await list(alice)).toEqual(before);
  });

  it('refuses values that are not of their type', async () => {
    const alice = await server().signIn(ALICE);
    const add = (type: string, value: string) => send('POST', URL, alice, [{ type, value }]);
    expect(expectError(await add('user', 'not-an-address'), 400)).toBe(
      '"not-an-address" is not a valid e-mail address.',
    );
    expect(expectError(await add('file', 'a/b'), 400)).toBe('"a/b" is not a Google Drive file id.');
    expect(expectError(await add('domain', '10.0.0.1'), 400)).toMatch(/IP address/);
    expectError(await add('group', 'x@y.example'), 400);
    expectError(await send('POST', URL, alice, []), 400);
  });

  it('adding an entry present takes the status asked, but approved wins over pending', async () => {
    const alice = await server().signIn(ALICE);
    await change('POST', '', alice, [
      { type: 'user', value: 'up@grade.example', status: 'pending' },
    ]);
    const upgraded = await change('POST', '', alice, [{ type: 'user', value: 'up@grade.example' }]);
    expect(upgraded.approved.users).toContainEqual({ email: 'up@grade.example' });
    expect(upgraded.pending.users).toEqual([]);

    const kept = await change('POST', '', alice, [
      { type: 'user', value: 'up@grade.example', status: 'pending' },
      { type: 'user', value: 'twice@grade.example', status: 'pending' },
      { type: 'user', value: 'twice@grade.example', status: 'approved' },
      { type: 'user', value: 'TWICE@grade.example', status: 'pending' },
    ]);
    expect(kept.approved.users).toEqual(
      expect.arrayContaining([{ email: 'up@grade.example' }, { email: 'twice@grade.example' }]),
    );
    expect(kept.pending.users).toEqual([]);
  });

  it('removes entries of either status; absent ones are no error', async () => {
    const alice = await server().signIn(ALICE);
    await change('POST', '', alice, [
      { type: 'domain', value: 'gone.example' },
      { type: 'domain', value: 'asked.example', status: 'pending' },
    ]);
    const keys = [
      { type: 'domain', value: 'GONE.example' },
      { type: 'domain', value: 'asked.example' },
      { type: 'user', value: 'never@there.example' },
    ];
    const removed = await change('DELETE', '', alice, keys);
    const domains = [...removed.approved.domains, ...removed.pending.domains].map((d) => d.domain);
    expect(domains).not.toContain('gone.example');
    expect(domains).not.toContain('asked.example');
    expect(await change('DELETE', '', alice, keys)).toEqual(removed);

    const events = await auditRows(server, 'allow_list.removed');
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toEqual({
      removed: expect.arrayContaining([
        { type: 'domain', value: 'gone.example', status: 'approved' },
        { type: 'domain', value: 'asked.example', status: 'pending' },
      ]),
    });
  });

  it('lets a member ask for an entry once; asking again or for an approved one changes nothing', async () => {
    const ben = await server().signIn(BEN);
    const key = { type: 'user', value: 'Client@Outside.example' };
    const asked = await change('POST', '/request', ben, key);
    const pending = asked.pending.users.find((u) => u.email === 'client@outside.example');
    expect(pending).toEqual({
      email: 'client@outside.example',
      requestedBy: BEN,
      requestedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(await change('POST', '/request', ben, key)).toEqual(asked);

    const approved = await change('POST', '/request', ben, { type: 'file', value: FILE });
    expect(approved.approved.files).toContainEqual({ id: FILE });
    expect(approved.pending.files).toEqual([]);
    expect(await auditRows(server, 'allow_list.requested')).toEqual([
      expect.objectContaining({
        actorEmail: BEN,
        details: { type: 'user', value: 'client@outside.example' },
      }),
    ]);
  });

  it('lets an administrator approve a pending entry; anything else is a 404', async () => {
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    const key = { type: 'domain', value: 'approve-me.example' };
    await change('POST', '/request', ben, key);
    const approved = await change('POST', '/approve', alice, key);
    expect(approved.approved.domains).toContainEqual({ domain: 'approve-me.example' });
    expect(approved.pending.domains.map((d) => d.domain)).not.toContain('approve-me.example');
    expect(await auditRows(server, 'allow_list.approved')).toEqual([
      expect.objectContaining({ actorEmail: ALICE, subjectEmail: BEN, details: key }),
    ]);

    expect(expectError(await send('POST', `${URL}/approve`, alice, key), 404)).toBe(
      'There is no pending request to allow the domain approve-me.example.',
    );
    const unknown = { type: 'user', value: 'nobody@nowhere.example' };
    expectError(await send('POST', `${URL}/approve`, alice, unknown), 404);
    expect((await list(alice)).approved.users).not.toContainEqual({
      email: 'nobody@nowhere.example',
    });
  });

  it('lets an administrator deny a pending entry, recording who denied it', async () => {
    const ben = await server().signIn(BEN);
    const alice = await server().signIn(ALICE);
    const key = { type: 'user', value: 'deny-me@outside.example' };
    await change('POST', '/request', ben, key);
    const denied = await change('POST', '/deny', alice, key);
    expect(denied.pending.users.map((u) => u.email)).not.toContain('deny-me@outside.example');
    expect(denied.approved.users.map((u) => u.email)).not.toContain('deny-me@outside.example');
    expect(await auditRows(server, 'allow_list.denied')).toEqual([
      expect.objectContaining({
        actorEmail: ALICE,
        actorUserId: await idOf(ALICE),
        subjectEmail: BEN,
        details: key,
      }),
    ]);

    expectError(await send('POST', `${URL}/deny`, alice, key), 404);
    const approvedFile = { type: 'file', value: FILE };
    expect(expectError(await send('POST', `${URL}/deny`, alice, approvedFile), 404)).toBe(
      `There is no pending request to allow the file ${FILE}.`,
    );
    expect((await list(alice)).approved.files).toContainEqual({ id: FILE });
  });

  it('refuses members every change but asking (403)', async () => {
    const ben = await server().signIn(BEN);
    const key = { type: 'domain', value: 'member.example' };
    await change('POST', '/request', ben, key);
    for (const [method, path, body] of [
      ['POST', '', [key]],
      ['DELETE', '', [key]],
      ['POST', '/approve', key],
      ['POST', '/deny', key],
    ] as const) {
      expectError(await send(method, `${URL}${path}`, ben, body), 403);
    }
    expect((await list(ben)).pending.domains.map((d) => d.domain)).toContain('member.example');
  });

  it('keeps each organisation to its own list', async () => {
    const alice = await server().signIn(ALICE);
    const noah = await server().signIn(NOAH);
    const aliceBefore = await list(alice);
    expect(aliceBefore.approved.files).toContainEqual({ id: FILE });
    expect(await list(noah)).toEqual({ approved: EMPTY, pending: EMPTY });

    const own = await change('POST', '', noah, [{ type: 'file', value: FILE, status: 'pending' }]);
    expect(own.approved.files).toEqual([]);
    await change('DELETE', '', noah, [
      { type: 'domain', value: 'xn--bcher-kva.de' },
      { type: 'file', value: FILE },
    ]);
    const pendingOfBrightwave = { type: 'domain', value: 'member.example' };
    expectError(await send('POST', `${URL}/approve`, noah, pendingOfBrightwave), 404);
    expectError(await send('POST', `${URL}/deny`, noah, pendingOfBrightwave), 404);
    await change('POST', '/request', noah, pendingOfBrightwave);

    expect(await list(alice)).toEqual(aliceBefore);
    const noahNow = await list(noah);
    expect(noahNow.approved).toEqual(EMPTY);
    expect(noahNow.pending.domains).toEqual([
      expect.objectContaining({ domain: 'member.example', requestedBy: NOAH }),
    ]);

    const approved = await approvedEntries(
      server().database.db,
      await organizationIdOf('brightwave.example'),
    );
    expect(approved.files).toEqual(new Set([FILE]));
    expect(approved.domains.has('xn--bcher-kva.de')).toBe(true);
    expect(approved.domains.has('member.example')).toBe(false);
    expect(approved.users.has('bob@partner.com')).toBe(true);
  });

  it('attributes what staff do while impersonating to the staff member', async () => {
    const started = await server().inject({
      method: 'POST',
      url: '/api/impersonation',
      headers: { cookie: await server().signIn(SAM) },
      payload: { userId: await idOf(ALICE) },
    });
    expect(started.statusCode, started.body).toBe(200);
    const key = { type: 'domain', value: 'by-staff.example' };
    await change('POST', '', cookieHeader(started), [key]);
    const events = await auditRows(server, 'allow_list.added');
    expect(events.at(-1)).toMatchObject({
      actorEmail: SAM,
      details: {
        added: [{ ...key, status: 'approved' }],
        impersonatedUser: { email: ALICE },
      },
    });
  });

  it('keeps a request when whoever asked is removed from the organisation', async () => {
    const JONAS = 'jonas.keller@brightwave.example';
    const key = { type: 'domain', value: 'orphan.example' };
    await change('POST', '/request', await server().signIn(JONAS), key);
    const alice = await server().signIn(ALICE);
    const removed = await send('DELETE', `/api/users/${await idOf(JONAS)}`, alice);
    expect(removed.statusCode, removed.body).toBe(200);

    const { pending } = await list(alice);
    expect(pending.domains).toContainEqual({
      domain: 'orphan.example',
      requestedBy: null,
      requestedAt: expect.any(String),
    });
    await change('POST', '/deny', alice, key);
    expect((await auditRows(server, 'allow_list.denied')).at(-1)).toMatchObject({
      actorEmail: ALICE,
      subjectEmail: null,
      details: key,
    });
  });
});

describe.each(databaseKinds())('the size of the allow-list on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  const send = call(server);
  const files = (from: number, to: number) =>
    Array.from({ length: to - from }, (_, i) => ({
      type: 'file',
      value: `file-${String(from + i).padStart(6, '0')}`,
    }));

  it(`holds at most ${ALLOW_LIST_LIMIT} entries per organisation`, async () => {
    const alice = await server().signIn(ALICE);
    for (let from = 0; from < ALLOW_LIST_LIMIT - 1; from += 500) {
      const to = Math.min(from + 500, ALLOW_LIST_LIMIT - 1);
      const res = await send('POST', URL, alice, files(from, to));
      expect(res.statusCode, res.body).toBe(200);
    }
    const over = await send('POST', URL, alice, files(ALLOW_LIST_LIMIT - 1, ALLOW_LIST_LIMIT + 1));
    expect(expectError(over, 400)).toBe(fullListMessage(ALLOW_LIST_LIMIT - 1, 2));
    expect(fullListMessage(1999, 2)).toBe(
      'The allow-list is full: it holds at most 2,000 entries (it has 1,999, and this would add 2).',
    );

    const last = { type: 'file', value: 'file-last-one', status: 'pending' };
    expect((await send('POST', URL, alice, [last])).statusCode).toBe(200);
    const ben = await server().signIn(BEN);
    const asked = await send('POST', `${URL}/request`, ben, { type: 'file', value: 'file-asked' });
    expect(expectError(asked, 400)).toBe(fullListMessage(ALLOW_LIST_LIMIT, 1));

    // Full, the list still takes entries it holds: a request, an approval, an upgrade.
    const again = await send('POST', `${URL}/request`, ben, { type: 'file', value: 'file-000001' });
    expect(again.statusCode, again.body).toBe(200);
    const upgraded = await send('POST', URL, alice, [{ type: 'file', value: 'file-last-one' }]);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json().pending.files).toEqual([]);

    // Another organisation's list is not counted.
    const noah = await server().signIn(NOAH);
    expect((await send('POST', URL, noah, files(0, 1))).statusCode).toBe(200);
  });
});

describe.each(databaseKinds())('requests to the allow-list on %s', (kind) => {
  const server = useTestApp(kind, { seed: true });
  let address = 0;
  /** A request from its own client address unless one is given, so the rate limit stays out. */
  const ask = (cookie: string, value: string, remoteAddress?: string) => {
    address += 1;
    return server().inject({
      method: 'POST',
      url: `${URL}/request`,
      headers: { cookie },
      payload: { type: 'domain', value },
      remoteAddress: remoteAddress ?? `10.200.${address >> 8}.${address % 256}`,
    });
  };

  it(`holds at most ${PENDING_REQUESTS_LIMIT} pending requests of one member`, async () => {
    const ben = await server().signIn(BEN);
    for (let i = 0; i < PENDING_REQUESTS_LIMIT; i += 1) {
      const res = await ask(ben, `asked-${i}.example`);
      expect(res.statusCode, res.body).toBe(200);
    }
    expect(expectError(await ask(ben, 'one-too-many.example'), 400)).toBe(tooManyRequestsMessage());
    expect(tooManyRequestsMessage()).toMatch(/^You have 20 requests waiting for an administrator/);

    // Once an administrator has decided one, the member may ask again.
    const alice = await server().signIn(ALICE);
    const denied = await server().inject({
      method: 'POST',
      url: `${URL}/deny`,
      headers: { cookie: alice },
      payload: { type: 'domain', value: 'asked-0.example' },
    });
    expect(denied.statusCode, denied.body).toBe(200);
    expect((await ask(ben, 'one-too-many.example')).statusCode).toBe(200);
    // An administrator's own requests are not held by a member's count.
    expect((await ask(alice, 'alice-asks.example')).statusCode).toBe(200);
  });

  it('answers 429 to more than 20 requests a minute from one client address', async () => {
    const ben = await server().signIn(BEN);
    const from = '10.201.0.1';
    for (let i = 0; i < 20; i += 1) {
      // Asking again for an entry on the list changes nothing, but it is still a call.
      expect((await ask(ben, 'asked-1.example', from)).statusCode).toBe(200);
    }
    expectError(await ask(ben, 'asked-1.example', from), 429);
    expect((await ask(ben, 'asked-1.example')).statusCode).toBe(200);
  });
});
