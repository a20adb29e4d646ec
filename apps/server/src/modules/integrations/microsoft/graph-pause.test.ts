import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type FakeMicrosoft,
  startFakeMicrosoft,
} from '../../../../test/fakes/microsoft/fake-microsoft';
import { fakeGraphSession } from '../../../../test/fakes/microsoft/graph-session';
import { pauseGate } from '../kit/pause-gate';

const ADMIN = 'ada.admin@contoso.test';

let microsoft: FakeMicrosoft;
beforeAll(async () => {
  microsoft = await startFakeMicrosoft({
    tenant: {
      domain: 'contoso.test',
      seed: 3,
      userCount: 5,
      users: [{ email: ADMIN, isAdmin: true }],
    },
  });
});
afterAll(() => microsoft.close());

describe("a Retry-After pauses the organisation's Graph calls", () => {
  it('lets no call of that organisation reach Microsoft before it has passed, and others go on', async () => {
    const organizationId = randomUUID();
    const retryAfterMs = 1_000;
    microsoft.failNext('/v1.0/organization', 429, { retryAfterSeconds: retryAfterMs / 1000 });
    // Two sessions of one organisation (as two reads of one sync), one of another.
    const throttled = fakeGraphSession(microsoft, ADMIN, { organizationId });
    const sibling = fakeGraphSession(microsoft, ADMIN, { organizationId });
    const elsewhere = fakeGraphSession(microsoft, ADMIN, { organizationId: randomUUID() });

    const first = throttled.get('/v1.0/organization');
    await vi.waitFor(() =>
      expect(pauseGate('m365', organizationId).pausedUntil()).toBeGreaterThan(0),
    );
    await Promise.all([
      first,
      sibling.get('/v1.0/users', { $select: 'id' }),
      sibling.get('/v1.0/policies/identitySecurityDefaultsEnforcementPolicy'),
      elsewhere.get('/v1.0/users', { $select: 'mail' }),
    ]);

    const log = microsoft.requests();
    const answered429 = log.find((r) => r.status === 429);
    if (!answered429) throw new Error('the fake did not throttle');
    const ofOrganisation = log.filter(
      (r) => r !== answered429 && r.query.$select !== 'mail' && r.at >= answered429.at,
    );
    expect(ofOrganisation.map((r) => r.path).sort()).toEqual([
      '/v1.0/organization',
      '/v1.0/policies/identitySecurityDefaultsEnforcementPolicy',
      '/v1.0/users',
    ]);
    for (const r of ofOrganisation)
      expect(r.at - answered429.at).toBeGreaterThanOrEqual(retryAfterMs);
    const other = log.find((r) => r.query.$select === 'mail');
    expect(other && other.at - answered429.at).toBeLessThan(retryAfterMs);
  });
});
