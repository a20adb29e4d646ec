import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './fake-google';
import { getJson } from './get-json';
import { pacificDate } from './world';

const ADMIN = 'root.admin@acme.test';
const BOB = 'bob@acme.test';
const DAY = 86_400_000;
const now = Date.now();
const ago = (days: number) => new Date(now - days * DAY);
const LOGIN = '/admin/reports/v1/activity/users/all/applications/login';
const DRIVE = '/admin/reports/v1/activity/users/all/applications/drive';

let google: FakeGoogle;
let token: string;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: {
      domain: 'acme.test',
      now: new Date(now),
      users: [{ email: ADMIN, isAdmin: true }, { email: BOB }],
      loginFailures: Array.from({ length: 25 }, (_, i) => ({ email: BOB, time: ago(i + 0.5) })),
      loginSuccesses: [{ email: BOB, time: ago(1) }],
      driveEvents: [
        {
          kind: 'link',
          time: ago(10),
          docId: 'doc-a',
          owner: BOB,
          linkSharing: 'people_with_link',
        },
        {
          kind: 'user',
          time: ago(9),
          docId: 'doc-a',
          owner: BOB,
          targetUser: 'x@partner.example',
          access: 'can_view',
        },
        { kind: 'link', time: ago(8), docId: 'doc-a', owner: BOB, linkSharing: 'private' },
        {
          kind: 'user',
          time: ago(7),
          docId: 'doc-a',
          owner: BOB,
          targetUser: 'x@partner.example',
          access: 'none',
        },
      ],
      gmailSpam: { [pacificDate(ago(5))]: 42 },
    },
  });
  token = google.issueGrant({ email: ADMIN }).accessToken;
});
afterAll(() => google.close());

const get = (path: string, accessToken = token) => getJson(google.url, path, accessToken);

describe('fake Google: Reports activities.list', () => {
  it('lists the login failures newest first, page by page', async () => {
    const times: string[] = [];
    let next = '';
    let pages = 0;
    do {
      const { status, body } = await get(
        `${LOGIN}?eventName=login_failure&maxResults=10${next ? `&pageToken=${next}` : ''}`,
      );
      expect(status).toBe(200);
      pages += 1;
      for (const item of body.items) {
        expect(item.events.map((e: { name: string }) => e.name)).toEqual(['login_failure']);
        expect(item.actor.email).toBe(BOB);
        times.push(item.id.time);
      }
      next = body.nextPageToken ?? '';
    } while (next);
    expect(pages).toBe(3);
    expect(times).toHaveLength(25);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('keeps the events between startTime and endTime', async () => {
    const start = ago(10).toISOString();
    const end = ago(5).toISOString();
    const { body } = await get(
      `${LOGIN}?eventName=login_failure&startTime=${start}&endTime=${end}`,
    );
    expect(body.items).toHaveLength(5);
  });

  it.each([
    ['a startTime that is not RFC 3339', `startTime=${encodeURIComponent('2026-01-01 10:00')}`],
    ['an endTime in the future', `endTime=${new Date(now + DAY).toISOString()}`],
    [
      'a startTime after endTime',
      `startTime=${ago(1).toISOString()}&endTime=${ago(2).toISOString()}`,
    ],
    ['maxResults above 1000', 'maxResults=1001'],
  ])('refuses %s with 400', async (_, query) => {
    const { status, body } = await get(`${LOGIN}?${query}`);
    expect(status).toBe(400);
    expect(body.error.code).toBe(400);
  });

  it('filters on event parameters', async () => {
    const { body } = await get(`${LOGIN}?filters=login_type==google_password,is_suspicious<>true`);
    const names = body.items.flatMap((i: { events: { name: string }[] }) =>
      i.events.map((e) => e.name),
    );
    expect(names).toContain('login_success');
  });

  it('gives Drive sharing events the document’s visibility after each change', async () => {
    const { body } = await get(DRIVE);
    const events = body.items.map(
      (i: { events: { name: string; parameters: { name: string; value?: string }[] }[] }) => {
        const e = i.events[0];
        const param = (n: string) => e?.parameters.find((p) => p.name === n)?.value;
        return [e?.name, param('visibility'), param('target_user') ?? null];
      },
    );
    expect(events).toEqual([
      ['change_user_access', 'private', 'x@partner.example'],
      ['change_document_visibility', 'shared_externally', null],
      ['change_user_access', 'people_with_link', 'x@partner.example'],
      ['change_document_visibility', 'people_with_link', null],
    ]);
  });

  it('answers 401 "Access denied" to an account that is not an administrator', async () => {
    const member = google.issueGrant({ email: BOB });
    const { status, body } = await get(LOGIN, member.accessToken);
    expect(status).toBe(401);
    expect(body.error.message).toBe(
      'Access denied. You are not authorized to read activity records.',
    );
  });
});

describe('fake Google: Reports customer usage', () => {
  const usage = (date: string) =>
    get(`/admin/reports/v1/usage/dates/${date}?parameters=gmail:num_inbound_spam_emails`);

  it('answers a day with data, intValue as a string', async () => {
    const date = pacificDate(ago(5));
    const { status, body } = await usage(date);
    expect(status).toBe(200);
    expect(body.usageReports).toEqual([
      expect.objectContaining({
        date,
        entity: { customerId: google.world().customerId, type: 'CUSTOMER' },
        parameters: [{ name: 'gmail:num_inbound_spam_emails', intValue: '42' }],
      }),
    ]);
    expect(body).not.toHaveProperty('warnings');
  });

  it('answers a day too recent with a warning and no reports', async () => {
    const { status, body } = await usage(pacificDate(ago(1)));
    expect(status).toBe(200);
    expect(body).not.toHaveProperty('usageReports');
    expect(body.warnings[0].code).toBe('DATA_NOT_AVAILABLE');
  });

  it('refuses a date in the future or not yyyy-mm-dd', async () => {
    expect((await usage(pacificDate(new Date(now + 3 * DAY)))).status).toBe(400);
    expect((await usage('2026-1-1')).status).toBe(400);
  });
});
