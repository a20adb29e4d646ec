// The fake's Facebook Login pages: the dialog a browser test fills in, and the error page.
import { buildConsentPage } from '../kit/consent-page';
import { escapeHtml, htmlPage } from '../kit/html-page';

export function loginDialogPage(p: {
  action: string;
  request: string;
  appName: string;
  personName: string;
  permissions: readonly string[];
}): string {
  return buildConsentPage({
    title: 'Log in with Facebook',
    heading: `Continue as ${p.personName}`,
    appName: p.appName,
    asks: ['', ' is requesting access to:'],
    action: p.action,
    hidden: { request: p.request },
    legend: 'Permissions',
    scopes: p.permissions.map((name) => ({ value: name, label: name })),
    allow: { value: 'continue', label: 'Continue' },
  });
}

/** Like Facebook's dialog errors ("Invalid App ID", "URL Blocked"). */
export function dialogErrorPage(title: string, detail: string): string {
  return htmlPage(
    `Error: ${title}`,
    `<main>
<h1>${escapeHtml(title)}</h1>
<p role="alert">${escapeHtml(detail)}</p>
</main>`,
  );
}
