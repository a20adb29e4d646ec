import { describe, expect, it } from 'vitest';
import { parsePublicDomain } from './domain';
import { publicDomain } from './risk-analysis';

describe('parsePublicDomain', () => {
  it.each([
    ['example.com', 'example.com'],
    ['  Example.COM.  ', 'example.com'],
    ['https://www.Example.com/', 'www.example.com'],
    ['http://example.co.uk', 'example.co.uk'],
    ['bücher.de', 'xn--bcher-kva.de'],
    ['sub.xn--bcher-kva.de', 'sub.xn--bcher-kva.de'],
  ])('turns %j into %j', (input, domain) => {
    expect(parsePublicDomain(input)).toEqual({ ok: true, domain });
    expect(publicDomain.parse(input)).toBe(domain);
    expect(parsePublicDomain(input, { pasted: true })).toEqual({ ok: true, domain });
  });

  it.each([
    ['https://www.example.com/about?x=1', 'www.example.com'],
    ['https://Acme-Widgets.com/contact#team', 'acme-widgets.com'],
    ['www.example.com/about', 'www.example.com'],
    ['https://example.com:8443/', 'example.com'],
    ['example.com:8080', 'example.com'],
    ['alice@example.co.uk', 'example.co.uk'],
    ['  someone@Brightwave.com ', 'brightwave.com'],
  ])('takes the host name out of a pasted %j, but only when asked to', (input, domain) => {
    expect(parsePublicDomain(input, { pasted: true })).toEqual({ ok: true, domain });
    expect(parsePublicDomain(input)).toEqual({
      ok: false,
      error: 'Enter only the domain name, without a port, path or user name.',
    });
  });

  it.each([
    ['', /^Enter a domain, for example example\.com\.$/],
    ['   ', /^Enter a domain/],
    ['localhost', /full domain name/],
    ['intranet', /full domain name/],
    ['127.0.0.1', /^Enter a domain name, not an IP address\.$/],
    ['http://10.0.0.1/', /not an IP address/],
    ['https://10.0.0.1/admin', /not an IP address/],
    ['127.0.0.1:80', /not an IP address/],
    ['[::1]', /not an IP address/],
    ['[::1]:8080', /not an IP address/],
    ['::1', /not an IP address/],
    ['not a domain', /^"not a domain" is not a domain name, for example example\.com\.$/],
    ['exa mple.com', /is not a domain name/],
    ['0x7f.1', /is not a domain name/],
    ['https://', /is not a domain name/],
    ['example.com:http', /is not a domain name/],
    ['a@b@example.com', /domain name/],
    ['-bad.example.com', /is not a domain name/],
    ['a..b', /is not a domain name/],
    ['example.123', /is not a domain name/],
    [`${'a'.repeat(64)}.com`, /is not a domain name/],
    [`${'a.'.repeat(130)}com`, /too long/],
    ['printer.local', /\.local are not public/],
    ['example.test', /\.test are not public/],
    ['foo.localhost', /\.localhost are not public/],
    ['hidden.onion', /\.onion are not public/],
    ['1.0.0.127.in-addr.arpa', /\.arpa are not public/],
    ['server.internal', /\.internal are not public/],
    ['intranet.example', /^Names under \.example are not public and cannot be scanned\.$/],
  ])('refuses %j', (input, message) => {
    const parsed = parsePublicDomain(input);
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toMatch(message);
    expect(publicDomain.safeParse(input).error?.issues[0]?.message).toMatch(message);
    const pasted = parsePublicDomain(input, { pasted: true });
    expect(pasted.ok ? '' : pasted.error).toMatch(message);
  });

  it('accepts reserved names only when asked to, never an IP address', () => {
    expect(parsePublicDomain('good.test', { allowReserved: true })).toEqual({
      ok: true,
      domain: 'good.test',
    });
    expect(
      parsePublicDomain('someone@Brightwave.example', { allowReserved: true, pasted: true }),
    ).toEqual({
      ok: true,
      domain: 'brightwave.example',
    });
    expect(parsePublicDomain('127.0.0.1', { allowReserved: true })).toMatchObject({ ok: false });
  });
});
