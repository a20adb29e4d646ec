// The fake's Facebook Login pages: the dialog a browser test fills in, and the error page.
import { escapeHtml, htmlPage } from '../html-page';

export function loginDialogPage(p: {
  action: string;
  request: string;
  appName: string;
  personName: string;
  permissions: readonly string[];
}): string {
  const boxes = p.permissions
    .map(
      (name, i) =>
        `<label><input type="checkbox" name="scope" value="${escapeHtml(name)}" id="permission-${i}" checked> ${escapeHtml(name)}</label>`,
    )
    .join('\n');
  return htmlPage(
    'Log in with Facebook',
    `<main>
<h1>Continue as ${escapeHtml(p.personName)}</h1>
<p><strong>${escapeHtml(p.appName)}</strong> is requesting access to:</p>
<form method="post" action="${escapeHtml(p.action)}">
<input type="hidden" name="request" value="${escapeHtml(p.request)}">
<fieldset><legend>Permissions</legend>
${boxes}
</fieldset>
<button type="submit" name="action" value="continue">Continue</button>
<button type="submit" name="action" value="cancel">Cancel</button>
</form>
</main>`,
  );
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
