// The fake's pages: the sign-in-and-consent form a browser test fills in, and Google-like errors.
import { escapeHtml, htmlPage } from '../html-page';

const SCOPE_LABELS: Record<string, string> = {
  openid: 'Associate you with your personal info on Google',
  email: 'See your primary Google Account email address',
  profile: 'See your personal info',
  'https://www.googleapis.com/auth/admin.directory.user.readonly':
    'See info about users on your domain',
  'https://www.googleapis.com/auth/admin.directory.orgunit.readonly':
    'View organization units on your domain',
  'https://www.googleapis.com/auth/admin.reports.audit.readonly':
    'View audit reports for your domain',
  'https://www.googleapis.com/auth/admin.reports.usage.readonly':
    'View usage reports for your domain',
  'https://www.googleapis.com/auth/cloud-identity.policies.readonly':
    'See policies of your organization',
};

const shortScope = (scope: string) => scope.replace('https://www.googleapis.com/auth/', '');

export function consentPage(p: {
  interaction: string;
  clientId: string;
  loginHint: string;
  scopes: readonly string[];
  error?: string;
}): string {
  const boxes = p.scopes
    .map((scope, i) => {
      const label = `${SCOPE_LABELS[scope] ?? scope} (${shortScope(scope)})`;
      return `<label><input type="checkbox" name="scope" value="${escapeHtml(scope)}" id="scope-${i}" checked> ${escapeHtml(label)}</label>`;
    })
    .join('\n');
  return htmlPage(
    'Sign in to the fake Google',
    `<main>
<h1>Sign in to the fake Google</h1>
<p>The application <strong>${escapeHtml(p.clientId)}</strong> wants to access your Google Account.</p>
${p.error ? `<p role="alert">${escapeHtml(p.error)}</p>` : ''}
<form method="post" action="/o/oauth2/v2/auth/approve">
<input type="hidden" name="interaction" value="${escapeHtml(p.interaction)}">
<label>Email <input type="email" name="email" value="${escapeHtml(p.loginHint)}" autocomplete="username"></label>
<fieldset><legend>Allow it to:</legend>
${boxes}
</fieldset>
<button type="submit" name="action" value="allow">Allow</button>
<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
</form>
</main>`,
  );
}

/** Like Google's "Access blocked: Authorization Error" page. */
export function errorPage(error: string, detail: string): string {
  return htmlPage(
    `Error: ${error}`,
    `<main>
<h1>Access blocked: Authorization Error</h1>
<p>${escapeHtml(detail)}</p>
<p>Error 400: ${escapeHtml(error)}</p>
</main>`,
  );
}
