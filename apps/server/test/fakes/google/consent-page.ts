// The fake's pages: the sign-in-and-consent form a browser test fills in, and Google-like errors.
import { buildConsentPage } from '../kit/consent-page';
import { escapeHtml, htmlPage } from '../kit/html-page';

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
  'https://www.googleapis.com/auth/admin.directory.user.security':
    'Manage data access permissions for users on your domain',
  'https://www.googleapis.com/auth/apps.licensing':
    'View and manage Google Workspace licenses for your domain',
};

const shortScope = (scope: string) => scope.replace('https://www.googleapis.com/auth/', '');

export function consentPage(p: {
  interaction: string;
  clientId: string;
  loginHint: string;
  scopes: readonly string[];
  error?: string;
}): string {
  return buildConsentPage({
    title: 'Sign in to the fake Google',
    heading: 'Sign in to the fake Google',
    appName: p.clientId,
    asks: ['The application ', ' wants to access your Google Account.'],
    error: p.error,
    action: '/o/oauth2/v2/auth/approve',
    hidden: { interaction: p.interaction },
    fieldsBefore: `<label>Email <input type="email" name="email" value="${escapeHtml(p.loginHint)}" autocomplete="username"></label>`,
    legend: 'Allow it to:',
    scopes: p.scopes.map((scope) => ({
      value: scope,
      label: `${SCOPE_LABELS[scope] ?? scope} (${shortScope(scope)})`,
    })),
    allow: { value: 'allow', label: 'Allow' },
  });
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
