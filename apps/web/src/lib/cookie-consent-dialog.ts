// The consent dialog and preferences (vanilla-cookieconsent), loaded only when they may show:
// see cookie-consent.ts.
import 'vanilla-cookieconsent/dist/cookieconsent.css';
import * as CookieConsent from 'vanilla-cookieconsent';

/**
 * Shows the consent dialog when no choice is stored in `cookieName` and tells `onAnalytics` of
 * every choice.
 */
export function runCookieConsent(
  cookieName: string,
  onAnalytics: (allowed: boolean) => void,
): Promise<void> {
  const report = () => onAnalytics(CookieConsent.acceptedCategory('analytics'));
  return CookieConsent.run({
    cookie: { name: cookieName, sameSite: 'Lax' },
    categories: {
      necessary: { enabled: true, readOnly: true },
      analytics: {},
    },
    onConsent: report,
    onChange: report,
    guiOptions: { consentModal: { layout: 'box', position: 'bottom left' } },
    language: {
      default: 'en',
      translations: {
        en: {
          consentModal: {
            title: 'Cookies on Castellan',
            description:
              'We use necessary cookies to keep you signed in. With your permission we also count page visits to learn which parts of Castellan help people most.',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            showPreferencesBtn: 'Choose',
          },
          preferencesModal: {
            title: 'Cookie preferences',
            acceptAllBtn: 'Accept all',
            acceptNecessaryBtn: 'Necessary only',
            savePreferencesBtn: 'Save my choice',
            closeIconLabel: 'Close',
            sections: [
              {
                title: 'Necessary',
                description:
                  'The sign-in session and this choice. Castellan cannot work without them.',
                linkedCategory: 'necessary',
              },
              {
                title: 'Analytics',
                description:
                  'Which pages are visited and for how long. No content of your pages is sent.',
                linkedCategory: 'analytics',
              },
            ],
          },
        },
      },
    },
  });
}

export const showPreferences = () => CookieConsent.showPreferences();
