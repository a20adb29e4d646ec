import { describe, expect, it } from 'vitest';
import { CONSENT_COOKIE, storedConsent } from './consent-cookie';

const NOW = Date.parse('2026-11-30T12:00:00Z');
const cookie = (value: unknown) =>
  `theme=dark; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; other=1`;
const choice = (categories: string[], extra: Record<string, unknown> = {}) =>
  cookie({ categories, revision: 0, expirationTime: NOW + 1000, ...extra });

describe('the stored consent choice', () => {
  it('reads whether analytics were allowed', () => {
    expect(storedConsent(choice(['necessary', 'analytics']), NOW)).toEqual({ analytics: true });
    expect(storedConsent(choice(['necessary']), NOW)).toEqual({ analytics: false });
  });

  it('is none when no choice, an expired one or another revision is stored', () => {
    expect(storedConsent('theme=dark', NOW)).toBeNull();
    expect(storedConsent('', NOW)).toBeNull();
    expect(storedConsent(choice(['necessary'], { expirationTime: NOW }), NOW)).toBeNull();
    expect(storedConsent(choice(['necessary'], { revision: 1 }), NOW)).toBeNull();
  });

  it('is none when the cookie is not one the consent library wrote', () => {
    expect(storedConsent(`${CONSENT_COOKIE}=not%20json`, NOW)).toBeNull();
    expect(storedConsent(`${CONSENT_COOKIE}=%E0%A4%A`, NOW)).toBeNull();
    expect(storedConsent(cookie({ categories: 'necessary' }), NOW)).toBeNull();
    expect(storedConsent(cookie({ categories: ['analytics'] }), NOW)).toBeNull();
    expect(storedConsent(cookie(null), NOW)).toBeNull();
  });
});
