export const CONSENT_COOKIE = 'cc_cookie';

/**
 * The choice stored in the consent cookie, when it is one vanilla-cookieconsent (v3) would accept
 * as it is: its JSON with the categories chosen, revision 0 (this app's) and not expired. Null
 * for anything else, which the library itself then looks at.
 */
export function storedConsent(cookies: string, now = Date.now()): { analytics: boolean } | null {
  const raw = cookies
    .split('; ')
    .find((cookie) => cookie.startsWith(`${CONSENT_COOKIE}=`))
    ?.slice(CONSENT_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(decodeURIComponent(raw));
    const categories: unknown = value?.categories;
    if (!Array.isArray(categories) || !categories.includes('necessary')) return null;
    if ((value.revision ?? 0) !== 0) return null;
    if (typeof value.expirationTime === 'number' && value.expirationTime <= now) return null;
    return { analytics: categories.includes('analytics') };
  } catch {
    return null;
  }
}
