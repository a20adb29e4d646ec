// The fake's sign-in-and-consent page, filled in by browser tests, and its error page.
import { buildConsentPage } from '../kit/consent-page';
import { escapeHtml, htmlPage } from '../kit/html-page';
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
  const selectedIsAdmin = p.users.find((u) => u.id === p.selected)?.isAdmin ?? false;
  return buildConsentPage({
    title: 'Sign in to your account',
    heading: 'Permissions requested',
    appName: p.appName,
    asks: ['', ' would like to read data in your organisation.'],
    error: p.error,
    action: p.action,
    hidden: { interaction: p.interaction },
    fieldsBefore: `<label for="account">Account</label>
<select id="account" name="account">
${options}
</select>`,
    legend: 'This app would like to:',
    scopes: p.scopes.map((scope) => ({ value: scope, label: shortScope(scope) })),
    fieldsAfter: `<p id="org-consent"${selectedIsAdmin ? '' : ' hidden'}><label><input type="checkbox" name="orgConsent" value="on"> Consent on behalf of your organization</label></p>`,
    allow: { value: 'accept', label: 'Accept' },
    after: `<script>
const account = document.getElementById('account');
account.addEventListener('change', () => {
  document.getElementById('org-consent').hidden = account.selectedOptions[0]?.dataset.admin !== 'true';
});
</script>`,
  });
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
