/** A user's e-mail as the product knows people: `mail`, else the user principal name; lower case. */
export const emailOf = (u: { mail?: string | null; userPrincipalName?: string | null }) =>
  (u.mail || u.userPrincipalName || '').toLowerCase();

/** Which of `members` the user is, by mail or by user principal name. */
export function memberEmailOf(
  u: { mail?: string | null; userPrincipalName?: string | null },
  members: ReadonlySet<string>,
): string | null {
  for (const name of [u.mail, u.userPrincipalName]) {
    const lower = name?.toLowerCase();
    if (lower && members.has(lower)) return lower;
  }
  return null;
}
