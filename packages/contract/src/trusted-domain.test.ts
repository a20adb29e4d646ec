import { describe, expect, it } from 'vitest';
import { DISALLOWED_DOMAIN_ON_SAVE } from './allow-list-value';
import { parseTrustedDomain, trustedDomainsSaveError } from './trusted-domain';

const REAL = { organizationDomain: 'brightwave.com', allowReserved: false };

describe('parseTrustedDomain', () => {
  it('answers the lower-case punycode host name', () => {
    expect(parseTrustedDomain(' Partner.COM. ', REAL)).toEqual({ ok: true, domain: 'partner.com' });
    expect(parseTrustedDomain('bücher.de', REAL)).toEqual({ ok: true, domain: 'xn--bcher-kva.de' });
  });

  it('refuses consumer mail domains with the message of the spec', () => {
    expect(parseTrustedDomain('GMAIL.com', REAL)).toEqual({
      ok: false,
      error: 'Consumer email domains like gmail.com are not allowed.',
    });
  });

  it('refuses the organisation’s own domain and its subdomains, not look-alikes', () => {
    expect(parseTrustedDomain('mail.brightwave.com', REAL)).toMatchObject({ ok: false });
    expect(parseTrustedDomain('brightwave.com', REAL)).toMatchObject({ ok: false });
    expect(parseTrustedDomain('notbrightwave.com', REAL)).toMatchObject({ ok: true });
  });

  it('refuses reserved names unless told otherwise', () => {
    expect(parseTrustedDomain('partner.local', REAL)).toEqual({
      ok: false,
      error: 'partner.local is not a public host name: names under .local never are.',
    });
    expect(parseTrustedDomain('partner.local', { ...REAL, allowReserved: true })).toMatchObject({
      ok: true,
    });
  });
});

describe('trustedDomainsSaveError', () => {
  it('refuses a list holding a consumer domain with the spec’s save message, first of all', () => {
    expect(trustedDomainsSaveError(['not a domain', 'Hotmail.com'], REAL)).toBe(
      DISALLOWED_DOMAIN_ON_SAVE,
    );
  });

  it('names the first bad entry otherwise, and accepts a good list', () => {
    expect(trustedDomainsSaveError(['partner.com', '1.2.3.4'], REAL)).toMatch(/IP address/);
    expect(trustedDomainsSaveError(['partner.com', 'partner.com'], REAL)).toBeNull();
    expect(trustedDomainsSaveError([], REAL)).toBeNull();
  });
});
