import { describe, expect, it } from 'vitest';
import { parseAllowListValue } from './allow-list-value';
import { emailAddress } from './common';

const ADDRESSES = [
  'alice@partner.com',
  ' Bob.Smith@Partner.CO.UK ',
  "o'neil+docs@example.org",
  'not-an-email',
  'a@b',
  '.dot@example.com',
  'a..b@example.com',
  'trailing.@example.com',
  `${'x'.repeat(250)}@example.com`,
  '',
];

describe('parseAllowListValue', () => {
  it('accepts exactly the e-mail addresses the API’s zod schema accepts, normalised alike', () => {
    for (const value of ADDRESSES) {
      const zod = emailAddress.safeParse(value);
      const ours = parseAllowListValue('user', value);
      expect(ours.ok, JSON.stringify(value)).toBe(zod.success);
      if (ours.ok && zod.success) expect(ours.value).toBe(zod.data);
    }
  });

  it('normalises domains to punycode and refuses consumer ones with the spec’s message', () => {
    expect(parseAllowListValue('domain', 'https://Bücher.de/')).toEqual({
      ok: true,
      value: 'xn--bcher-kva.de',
    });
    expect(parseAllowListValue('domain', 'GMAIL.COM')).toEqual({
      ok: false,
      error: 'Consumer email domains like gmail.com are not allowed.',
    });
  });

  it('takes Google Drive file ids and nothing else as files', () => {
    expect(parseAllowListValue('file', ' 1A2b3C4d5E6f7G8h9 ')).toEqual({
      ok: true,
      value: '1A2b3C4d5E6f7G8h9',
    });
    expect(parseAllowListValue('file', 'short').ok).toBe(false);
    expect(parseAllowListValue('file', 'has space in it 1234').ok).toBe(false);
  });
});
