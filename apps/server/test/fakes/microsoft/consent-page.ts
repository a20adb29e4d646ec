// The fake's sign-in-and-consent page, filled in by browser tests, and its error page.
import { escapeHtml, htmlPage } from '../html-page';
import type { FakeM365User } from './tenant';

export const shortScope = (scope: string) => scope.replace('https://graph.microsoft.com/', '');

export function consentPage(p: {
  action: string;
  interaction: string;
  appName: string;
  users: readonly FakeM365User[];
  selected: string | null;
  /** The Graph scopes asked for, full names. */
  scopes: readonly string[];
  error?: string;
}): string {
  const options = p.users
    .map((u) => {
      const selected = u.id === p.selected ? ' selected' : '';
      return `<option value="${escapeHtml(u.id)}" data-admin="${u.isAdmin}"${selected}>${escapeHtml(`${u.displayName} <${u.userPrincipalName}>`)}</option>`;
    })
    .join('\n');
  const boxes = p.scopes
    .map(
      (scope, i) =>
        `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" id="scope-${i}" checked> ${escapeHtml(shortScope(scope))}</label>`,
    )
    .join('\n');
  const selectedIsAdmin = p.users.find((u) => u.id === p.selected)?.isAdmin ?? false;
  return htmlPage(
    'Sign in to your account',
    `<main>
<h1>Permissions requested</h1>
<p><strong>${escapeHtml(p.appName)}</strong> would like to read data in your organisation.</p>
${p.error ? `<p role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="interaction" value="${escapeHtml(p.interaction)}">
<label for="account">Account</label>
<select id="account" name="account">
${options}
</select>
<fieldset><legend>This app would like to:</legend>
${boxes}
</fieldset>
<p id="org-consent"${selectedIsAdmin ? '' : ' hidden'}><label><input type="checkbox" name="orgConsent" value="on"> Consent on behalf of your organization</label></p>
<button type="submit" name="action" value="accept">Accept</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
<script>
const account = document.getElementById('account');
account.addEventListener('change', () => {
  document.getElementById('org-consent').hidden = account.selectedOptions[0]?.dataset.admin !== 'true';
});
</script>
</main>`,
  );
}

export function errorPage(code: number, message: string): string {
  return htmlPage(
    'Sign in to your account',
    `<main>
<h1>Sorry, but we’re having trouble signing you in.</h1>
<p>AADSTS${code}: ${escapeHtml(message)}</p>
</main>`,
  );
}
