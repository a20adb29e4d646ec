import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from './fake-google';
import { getJson } from './get-json';

const AUTH = 'https://www.googleapis.com/auth/';
const ADMIN = 'root.admin@acme.test';

let google: FakeGoogle;
let token: string;
beforeAll(async () => {
  google = await startFakeGoogle({
    workspace: {
      domain: 'acme.test',
      users: [{ email: ADMIN, isAdmin: true }, { email: 'member@acme.test' }],
      policies: [
        {
          setting: 'security.two_step_verification_enforcement',
          value: { enforcedFrom: '2025-01-01T00:00:00Z' },
        },
        ...Array.from({ length: 120 }, (_, i) => ({
          setting: 'drive_and_docs.external_sharing',
          orgUnitPath: `/Team${i}`,
          value: { externalSharingMode: 'DISALLOWED' },
        })),
      ],
    },
  });
  token = google.issueGrant({ email: ADMIN }).accessToken;
});
afterAll(() => google.close());
beforeEach(() => google.setPolicyMinGapMs(0));

const policies = (query = '', accessToken = token) =>
  getJson(google.url, `/v1/policies${query ? `?${query}` : ''}`, accessToken);

describe('fake Google: Cloud Identity policies.list', () => {
  it('pages 50 policies by default and at most 100, covering every policy once', async () => {
    const first = await policies();
    expect(first.body.policies).toHaveLength(50);
    const names: string[] = [];
    let next = '';
    do {
      const { body } = await policies(`pageSize=500${next ? `&pageToken=${next}` : ''}`);
      expect(body.policies.length).toBeLessThanOrEqual(100);
      names.push(...body.policies.map((p: { name: string }) => p.name));
      next = body.nextPageToken ?? '';
    } while (next);
    expect(names.sort()).toEqual(
      google
        .world()
        .policies.map((p) => p.name)
        .sort(),
    );
  });

  it('answers policies in the recorded shape', async () => {
    const { body } = await policies(
      `filter=${encodeURIComponent(`setting.type.matches('^settings/security\\.two_step_verification_enforcement$') && customer == "customers/my_customer"`)}`,
    );
    expect(body.policies).toEqual([
      {
        name: expect.stringMatching(/^policies\/[a-z0-9]+$/),
        customer: `customers/${google.world().customerId}`,
        policyQuery: {
          orgUnit: `orgUnits/${google.world().rootOrgUnitId}`,
          sortOrder: expect.any(Number),
        },
        setting: {
          type: 'settings/security.two_step_verification_enforcement',
          value: { enforcedFrom: '2025-01-01T00:00:00Z' },
        },
        type: 'ADMIN',
      },
    ]);
    expect(body).not.toHaveProperty('nextPageToken');
  });

  it('refuses a filter it cannot read with 400 INVALID_ARGUMENT', async () => {
    const { status, body } = await policies(`filter=${encodeURIComponent('setting.type == 1')}`);
    expect(status).toBe(400);
    expect(body.error.status).toBe('INVALID_ARGUMENT');
  });

  it('answers 429 RESOURCE_EXHAUSTED to pages requested back to back when a gap is set', async () => {
    google.setPolicyMinGapMs(60_000);
    const first = await policies();
    expect(first.status).toBe(200);
    const second = await policies(`pageToken=${first.body.nextPageToken}`);
    expect(second.status).toBe(429);
    expect(second.body.error.status).toBe('RESOURCE_EXHAUSTED');
    expect(second.body.error.message).toMatch(
      /Quota exceeded for quota metric 'Read requests'.*Read requests per minute/,
    );
  });

  it('answers 403 without errors[] and with WWW-Authenticate when the scope is missing', async () => {
    const narrow = google.issueGrant({
      email: ADMIN,
      scopes: [`${AUTH}admin.directory.user.readonly`],
    });
    const { status, body, headers } = await policies('', narrow.accessToken);
    expect(status).toBe(403);
    expect(body.error).toMatchObject({ code: 403, status: 'PERMISSION_DENIED' });
    expect(body.error).not.toHaveProperty('errors');
    expect(headers.get('www-authenticate')).toContain('error="insufficient_scope"');
  });

  it('answers 403 PERMISSION_DENIED to an account that is not an administrator', async () => {
    const member = google.issueGrant({ email: 'member@acme.test' });
    const { status, body } = await policies('', member.accessToken);
    expect(status).toBe(403);
    expect(body.error.message).toBe('The caller does not have permission');
  });
});
