import { describe, expect, it } from 'vitest';
import { breachCostRange } from './breach-cost';
import { type CostInputs, whatChanged, whyThisCost } from './breach-cost-explanation';

const WEEK_AGO = '2026-11-22';
const MFA = { state: 'open', likelihood: 0.6 } as const;
const DMARC = { state: 'open', likelihood: 0.6 } as const;
const DEVICES = { state: 'unknown', likelihood: 0.3 } as const;

const now: CostInputs = {
  headcount: 21,
  entryPoints: { 'no-mfa': MFA, 'spoofable-domain': DMARC, 'outdated-devices': DEVICES },
};
const lastWeek = (inputs: Partial<CostInputs>) => ({ ...now, ...inputs, day: WEEK_AGO });

describe('why the expected breach cost is what it is', () => {
  it('names the headcount, the open ways in, the unchecked ones and the cost of one breach', () => {
    const expected = breachCostRange(Object.values(now.entryPoints), 21).expected;
    expect(whyThisCost(now)).toBe(
      `Why $${expected.toLocaleString('en-US')}: 21 people, 2 open ways in (Accounts without MFA, ` +
        'Spoofable domain) and 1 not yet checked; a breach of a company your size costs about $908,000.',
    );
  });

  it('says when no way in is open', () => {
    expect(whyThisCost({ headcount: 1, entryPoints: {} })).toMatch(
      /^Why \$\d[\d,]*: 1 person, 0 open ways in; a breach .* about \$363,000\.$/,
    );
  });
});

describe('what changed the expected breach cost since last week', () => {
  it('puts a person joining down to the records at risk', () => {
    expect(whatChanged(now, lastWeek({ headcount: 20 }), WEEK_AGO)).toMatch(
      /^Since last week: \+\$3\d,000 because 1 person joined \(more records at risk\)\.$/,
    );
    expect(whatChanged(now, lastWeek({ headcount: 23 }), WEEK_AGO)).toMatch(
      /^Since last week: −\$\d+,000 because 2 people left \(fewer records at risk\)\.$/,
    );
  });

  it('names each way in that opened or closed, with its own amount', () => {
    const { 'no-mfa': _, ...withoutMfa } = now.entryPoints;
    const closed = whatChanged({ ...now, entryPoints: withoutMfa }, lastWeek({}), WEEK_AGO);
    expect(closed).toMatch(/^Since last week: −\$\d[\d,]* because Accounts without MFA closed\.$/);
    const opened = whatChanged(now, lastWeek({ entryPoints: withoutMfa }), WEEK_AGO);
    expect(opened).toMatch(/^Since last week: \+\$\d[\d,]* because Accounts without MFA opened\.$/);
  });

  it('explains the whole difference by its causes, one after the other', () => {
    const before = lastWeek({ headcount: 12, entryPoints: { 'no-mfa': MFA } });
    const text = whatChanged(now, before, WEEK_AGO);
    const amounts = [...text.matchAll(/([+−])\$([\d,]+)/g)].map(
      ([, sign, n]) => (sign === '−' ? -1 : 1) * Number(n?.replaceAll(',', '')),
    );
    expect(text).toContain('9 people joined');
    expect(text).toContain('Spoofable domain opened');
    expect(text).toContain('can no longer be confirmed closed');
    const cost = (i: CostInputs) => breachCostRange(Object.values(i.entryPoints), i.headcount);
    const total = amounts.reduce((sum, n) => sum + n, 0);
    expect(Math.abs(total - (cost(now).expected - cost(before).expected))).toBeLessThanOrEqual(
      2_000,
    );
  });

  it('says so when nothing changed', () => {
    expect(whatChanged(now, lastWeek({}), WEEK_AGO)).toBe('Since last week: no change.');
  });

  it('says since when the figure is known without a snapshot a week old', () => {
    const recent = { ...lastWeek({ headcount: 20 }), day: '2026-11-27' };
    expect(whatChanged(now, recent, WEEK_AGO)).toMatch(
      /^Since 27 Nov \(the first figure kept\): \+\$[\d,]+ because 1 person joined/,
    );
    expect(whatChanged(now, null, WEEK_AGO)).toBe(
      'Since today: this is the first figure kept; changes show from tomorrow.',
    );
  });
});
