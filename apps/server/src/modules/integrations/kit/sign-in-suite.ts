/** What one office suite's last sync knows of the members: who has an account, whose mailbox. */
export type SuiteMembers = { accounts: ReadonlySet<string>; mailboxes: ReadonlySet<string> };

/**
 * Which connected suites judge a member's sign-in (their two-step verification). Most
 * organisations have one suite; with more, a member with an account in each is judged by the
 * suite holding their mailbox, and where that does not tell (both or neither), by the suite the
 * organisation works in (`workspaceOf` names each suite's). Only when even that is unknown do
 * all judge, any failure counting.
 */
export function signInJudges(
  email: string,
  suites: Readonly<Record<string, SuiteMembers | null>>,
  workspace: string | null,
  workspaceOf: Readonly<Record<string, string>>,
): string[] {
  const known = Object.keys(suites).filter((s) => suites[s]?.accounts.has(email));
  if (known.length < 2) return known;
  const withMailbox = known.filter((s) => suites[s]?.mailboxes.has(email));
  if (withMailbox.length === 1) return withMailbox;
  const own = known.filter((s) => workspace !== null && workspaceOf[s] === workspace);
  if (own.length === 1) return own;
  return known;
}
