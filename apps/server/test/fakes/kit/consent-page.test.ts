import { describe, expect, it } from 'vitest';
import { buildConsentPage, type ConsentPage } from './consent-page';

const PAGE: ConsentPage = {
  title: 'Sign in',
  heading: 'Permissions requested',
  appName: 'Castellan <test>',
  asks: ['', ' would like to read your data.'],
  action: '/consent?step=2&x=1',
  hidden: { interaction: 'abc"123' },
  legend: 'It would like to:',
  scopes: [
    { value: 'users.read', label: 'See users' },
    { value: 'audit.read', label: 'See audit logs' },
  ],
  allow: { value: 'accept', label: 'Accept' },
};

/** What a browser posts when the form is sent as shown, with `action` pressed. */
function posted(html: string, action: string) {
  const decode = (s: string) => s.replaceAll('&quot;', '"').replaceAll('&amp;', '&');
  const form = new URLSearchParams();
  for (const [, tag = ''] of html.matchAll(/<input ([^>]*)>/g)) {
    const attr = (name: string) => decode(new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? '');
    if (attr('type') === 'hidden' || / checked$/.test(tag))
      form.append(attr('name'), attr('value'));
  }
  form.append('action', action);
  return form;
}

describe('kit buildConsentPage', () => {
  it('names the app and posts every scope ticked, the hidden fields and the button pressed', () => {
    const html = buildConsentPage(PAGE);
    expect(html).toContain(
      '<p><strong>Castellan &lt;test&gt;</strong> would like to read your data.</p>',
    );
    expect(html).toContain('<form method="post" action="/consent?step=2&amp;x=1">');
    expect([...posted(html, 'accept')]).toEqual([
      ['interaction', 'abc"123'],
      ['scope', 'users.read'],
      ['scope', 'audit.read'],
      ['action', 'accept'],
    ]);
    expect(html).toMatch(/<label><input [^>]*value="audit.read"[^>]*> See audit logs<\/label>/);
  });

  it('offers the allowing button and a Cancel no invalid field can hold back', () => {
    const html = buildConsentPage(PAGE);
    expect(html).toContain('<button type="submit" name="action" value="accept">Accept</button>');
    expect(html).toContain(
      '<button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>',
    );
  });

  it('shows an error only when there is one, and the provider’s fields inside the form', () => {
    expect(buildConsentPage(PAGE)).not.toContain('role="alert"');
    const html = buildConsentPage({
      ...PAGE,
      error: 'Choose an account.',
      fieldsBefore: '<select name="account"></select>',
      fieldsAfter: '<p id="extra"></p>',
      after: '<script>1</script>',
    });
    expect(html).toContain('<p role="alert">Choose an account.</p>');
    const form = html.slice(html.indexOf('<form'), html.indexOf('</form>'));
    expect(form.indexOf('name="account"')).toBeLessThan(form.indexOf('<fieldset>'));
    expect(form.indexOf('id="extra"')).toBeGreaterThan(form.indexOf('</fieldset>'));
    expect(html.indexOf('<script>1</script>')).toBeGreaterThan(html.indexOf('</form>'));
  });
});
