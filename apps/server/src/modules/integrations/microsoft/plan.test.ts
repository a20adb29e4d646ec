import { describe, expect, it } from 'vitest';
import { m365PlanSummary, planName, planOf } from './plan';
import { m365PlanNote, type StoredM365Facts } from './verdicts';

const sku = (part: string, plans: string[], status = 'Enabled', used = 10) => ({
  skuPartNumber: part,
  capabilityStatus: status,
  consumedUnits: used,
  servicePlans: plans.map((servicePlanName) => ({
    servicePlanName,
    provisioningStatus: 'Success',
  })),
});

describe('the Microsoft 365 plan', () => {
  it('reads Entra ID P1 and Intune from the service plans of active subscriptions', () => {
    const plan = planOf([sku('SPB', ['EXCHANGE_S_STANDARD', 'AAD_PREMIUM', 'INTUNE_A'])]);
    expect(plan).toEqual({
      products: ['Microsoft 365 Business Premium'],
      entraP1: true,
      entraP2: false,
      intune: true,
    });
    expect(m365PlanSummary(plan)).toEqual({
      name: 'Microsoft 365 Business Premium',
      includes: 'Entra ID P1, Intune',
    });
  });

  it('counts no plan of a lapsed subscription, nor Office 365’s basic mobility as Intune', () => {
    const plan = planOf([
      sku('O365_BUSINESS_PREMIUM', ['EXCHANGE_S_STANDARD', 'INTUNE_O365'], 'Enabled', 12),
      sku('AAD_PREMIUM', ['AAD_PREMIUM'], 'Suspended', 3),
      sku('SOME_NEW_SKU', ['FLOW_FREE'], 'Warning', 1),
    ]);
    expect(plan).toMatchObject({ entraP1: false, intune: false });
    // The most used first; an unknown product by its part number.
    expect(plan.products).toEqual(['Microsoft 365 Business Standard', 'SOME_NEW_SKU']);
    expect(planName(plan)).toBe('Microsoft 365 Business Standard (and 1 more)');
    expect(m365PlanSummary(plan)?.includes).toBe('no Entra ID P1, no Intune');
  });

  const facts = (over: Partial<StoredM365Facts>): StoredM365Facts => ({
    tenantId: 't',
    verifiedDomains: [],
    userCount: 3,
    memberMfa: null,
    mailboxes: [],
    securityDefaultsEnabled: false,
    conditionalAccessRequiresMfa: null,
    globalAdmins: [],
    staleUsers: null,
    failedLogins30d: null,
    needsP1: ['mfa-registration', 'conditional-access', 'sign-in-activity', 'sign-ins'],
    plan: planOf([sku('O365_BUSINESS_PREMIUM', ['EXCHANGE_S_STANDARD'])]),
    ...over,
  });

  it('says, for a check the plan cannot run, the plan and the free way instead', () => {
    expect(m365PlanNote(facts({}), 'mfa-registration')).toMatch(
      /^Microsoft 365 Business Standard does not include Entra ID P1\. The free way: turn on Security Defaults/,
    );
    expect(m365PlanNote(facts({}), 'stale-accounts')).toMatch(/Reports → Usage → Active users/);
    expect(m365PlanNote(facts({}), 'mfa-enforced')).toMatch(
      /Security Defaults, free on every plan, enforce MFA/,
    );
    // Security defaults on: MFA is enforced, and the plan is no matter there.
    expect(m365PlanNote(facts({ securityDefaultsEnabled: true }), 'mfa-enforced')).toBeNull();
    expect(m365PlanNote(facts({}), 'global-admins')).toBeNull();
  });

  it('says nothing of a plan it does not know (older syncs) or that includes P1', () => {
    expect(m365PlanNote(facts({ plan: undefined }), 'mfa-registration')).toBeNull();
    const premium = planOf([sku('SPB', ['AAD_PREMIUM', 'INTUNE_A'])]);
    expect(m365PlanNote(facts({ plan: premium, needsP1: [] }), 'mfa-registration')).toBeNull();
  });
});
