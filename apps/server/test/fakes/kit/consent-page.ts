// The consent page every fake shows: who asks (the app's name), what for (each scope a ticked
// box, posted as `scope`), and Allow and Cancel buttons (posted as `action`). Each provider passes
// its own texts, its hidden fields and any field of its own (an account, an e-mail address).
import { escapeHtml, htmlPage } from './html-page';

export type ConsentPage = {
  title: string;
  heading: string;
  appName: string;
  /** The sentence around the app's name: the text before it and after it. */
  asks: readonly [before: string, after: string];
  /** Shown as an alert above the form. */
  error?: string | undefined;
  action: string;
  hidden: Record<string, string>;
  /** The provider's own fields before the scopes and after them, as HTML. */
  fieldsBefore?: string;
  fieldsAfter?: string;
  legend: string;
  scopes: readonly { value: string; label: string }[];
  /** The allowing button's value and text; Cancel posts `cancel`. */
  allow: { value: string; label: string };
  /** HTML after the form (a script). */
  after?: string;
};

export function buildConsentPage(p: ConsentPage): string {
  const [before, after] = p.asks;
  const lines = [
    '<main>',
    `<h1>${escapeHtml(p.heading)}</h1>`,
    `<p>${escapeHtml(before)}<strong>${escapeHtml(p.appName)}</strong>${escapeHtml(after)}</p>`,
    p.error ? `<p role="alert">${escapeHtml(p.error)}</p>` : '',
    `<form method="post" action="${escapeHtml(p.action)}">`,
    ...Object.entries(p.hidden).map(
      ([name, value]) =>
        `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
    ),
    p.fieldsBefore ?? '',
    `<fieldset><legend>${escapeHtml(p.legend)}</legend>`,
    ...p.scopes.map(
      (scope, i) =>
        `<label><input type="checkbox" name="scope" value="${escapeHtml(scope.value)}" id="scope-${i}" checked> ${escapeHtml(scope.label)}</label>`,
    ),
    '</fieldset>',
    p.fieldsAfter ?? '',
    `<button type="submit" name="action" value="${escapeHtml(p.allow.value)}">${escapeHtml(p.allow.label)}</button>`,
    // Cancel is never held back by a field the browser finds invalid.
    '<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>',
    '</form>',
    p.after ?? '',
    '</main>',
  ];
  return htmlPage(p.title, lines.filter(Boolean).join('\n'));
}
