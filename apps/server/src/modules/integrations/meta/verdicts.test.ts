import { describe, expect, it } from 'vitest';
import type { MetaBusiness } from './index';
import { META_CHECK_TASKS, metaVerdicts } from './verdicts';

const business = (patch: Partial<MetaBusiness>): MetaBusiness => ({
  id: '1',
  name: 'Studio',
  twoFactorType: 'all_required',
  people: 2,
  peopleWithTwoFactor: 2,
  peopleTwoFactorUnknown: 0,
  ...patch,
});

describe('Meta verdicts', () => {
  it('judges exactly the tasks its table of checks declares', () => {
    const facts = { businesses: [business({ twoFactorType: 'none', peopleWithTwoFactor: 1 })] };
    const judged = new Set(metaVerdicts(facts).map((v) => v.catalogueId));
    expect([...judged].sort()).toEqual([...new Set(Object.values(META_CHECK_TASKS))].sort());
  });

  it('passes business MFA when every business requires it of everyone', () => {
    expect(metaVerdicts({ businesses: [business({})] })).toEqual([
      { catalogueId: 'meta-business-mfa', userId: null, verdict: 'pass', detail: null },
    ]);
  });

  it('fails it naming the businesses that do not, and the social task for people without it', () => {
    const verdicts = metaVerdicts({
      businesses: [
        business({ name: 'Studio', twoFactorType: 'none', people: 4, peopleWithTwoFactor: 3 }),
        business({ id: '2', name: 'Shop', twoFactorType: 'admin_required' }),
      ],
    });
    expect(verdicts).toEqual([
      expect.objectContaining({
        catalogueId: 'meta-business-mfa',
        verdict: 'fail',
        detail: 'Two-factor authentication is not required for everyone in Studio, Shop.',
      }),
      expect.objectContaining({
        catalogueId: 'protect-social-media-accounts',
        verdict: 'fail',
        detail: expect.stringMatching(/^1 person .* does not use/),
      }),
    ]);
  });

  it('says nothing without a business, and unknown statuses count neither way', () => {
    expect(metaVerdicts({ businesses: [] })).toEqual([]);
    const unknown = metaVerdicts({
      businesses: [business({ people: 3, peopleWithTwoFactor: 1, peopleTwoFactorUnknown: 2 })],
    });
    expect(unknown.map((v) => v.catalogueId)).toEqual(['meta-business-mfa']);
  });
});
