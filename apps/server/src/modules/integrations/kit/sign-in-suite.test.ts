import { describe, expect, it } from 'vitest';
import { signInJudges as judgesOf, type SuiteMembers } from './sign-in-suite';

const WORKSPACES = { gws: 'google', m365: 'microsoft' };
const signInJudges = (
  email: string,
  suites: Record<string, SuiteMembers | null>,
  workspace: string | null,
) => judgesOf(email, suites, workspace, WORKSPACES);

const suite = (accounts: string[], mailboxes: string[] = accounts): SuiteMembers => ({
  accounts: new Set(accounts),
  mailboxes: new Set(mailboxes),
});

describe('which suite judges a member’s sign-in', () => {
  it('is the only suite that knows the member', () => {
    const suites = { gws: suite(['a@x.example']), m365: suite(['b@x.example']) };
    expect(signInJudges('a@x.example', suites, null)).toEqual(['gws']);
    expect(signInJudges('b@x.example', suites, null)).toEqual(['m365']);
    expect(signInJudges('c@x.example', suites, null)).toEqual([]);
    expect(signInJudges('a@x.example', { gws: null, m365: null }, 'google')).toEqual([]);
  });

  it('with an account in both, is the suite that holds the mailbox', () => {
    const suites = {
      gws: suite(['a@x.example', 'b@x.example'], ['a@x.example']),
      m365: suite(['a@x.example', 'b@x.example'], ['b@x.example']),
    };
    expect(signInJudges('a@x.example', suites, 'microsoft')).toEqual(['gws']);
    expect(signInJudges('b@x.example', suites, 'google')).toEqual(['m365']);
  });

  it('falls back to the organisation’s suite, and only then to both', () => {
    const both = { gws: suite(['a@x.example']), m365: suite(['a@x.example']) };
    expect(signInJudges('a@x.example', both, 'google')).toEqual(['gws']);
    expect(signInJudges('a@x.example', both, 'microsoft')).toEqual(['m365']);
    expect(signInJudges('a@x.example', both, null)).toEqual(['gws', 'm365']);
  });
});
