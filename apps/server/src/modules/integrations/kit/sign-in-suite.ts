/** What one office suite's last sync knows of the members: who has an account, whose mailbox. */
export type SuiteMembers = { accounts: ReadonlySet<string>; mailboxes: ReadonlySet<string> };

export type Suite = 'gws' | 'm365';

/**
 * Which connected suite judges a member's sign-in (their two-step verification). Most
 * organisations have one suite; with both, a member with an account in each is judged by the
 * suite holding their mailbox, and where that does not tell (both or neither), by the suite the
 * organisation works in. Only when even that is unknown do both judge, any failure counting.
 */
export function signInJudges(
  email: string,
  suites: { gws: SuiteMembers | null; m365: SuiteMembers | null },
  workspace: 'google' | 'microsoft' | null,
): Suite[] {
  const known = (['gws', 'm365'] as const).filter((s) => suites[s]?.accounts.has(email));
  if (known.length < 2) return known;
  const withMailbox = known.filter((s) => suites[s]?.mailboxes.has(email));
  if (withMailbox.length === 1) return withMailbox;
  if (workspace === 'google') return ['gws'];
  if (workspace === 'microsoft') return ['m365'];
  return known;
}
