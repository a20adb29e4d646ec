import { describe, expect, it } from 'vitest';
import { normalizeDomainInput } from './domain-input';

describe('normalizeDomainInput', () => {
  it('keeps the host name of what people paste', () => {
    for (const [input, domain] of [
      ['example.com', 'example.com'],
      ['  Example.COM ', 'example.com'],
      ['https://www.example.com/about?x=1', 'www.example.com'],
      ['alice@example.co.uk', 'example.co.uk'],
      ['example.com.', 'example.com'],
    ] as const) {
      expect(normalizeDomainInput(input)).toEqual({ ok: true, domain });
    }
  });

  it('refuses what is not a domain name', () => {
    for (const input of ['', 'localhost', 'exa mple.com', '-bad.com', '192.168.1.1', 'a..b']) {
      expect(normalizeDomainInput(input).ok).toBe(false);
    }
  });
});
