// Cookie consent without its library on most visits: once a choice is stored, reading the cookie
// is all a page needs, and the dialog's code and styles (about 9 kB gzipped) load only for a
// first visit, an expired or unreadable choice, or the preferences opened from the help page.
import { CONSENT_COOKIE, storedConsent } from './consent-cookie';
import { showToast } from './toast';

let reportAnalytics: (allowed: boolean) => void = () => {};
let dialog: Promise<typeof import('./cookie-consent-dialog')> | null = null;

/** Loads and starts the dialog once; a load that failed (the network, a new release) may retry. */
function loadDialog() {
  dialog ??= import('./cookie-consent-dialog').then(
    async (module) => {
      await module.runCookieConsent(CONSENT_COOKIE, (allowed) => reportAnalytics(allowed));
      return module;
    },
    (err: unknown) => {
      dialog = null;
      throw err;
    },
  );
  return dialog;
}

/** Asks for consent when none is stored, and tells `onAnalytics` of the choice and each change. */
export async function startCookieConsent(onAnalytics: (allowed: boolean) => void): Promise<void> {
  reportAnalytics = onAnalytics;
  const stored = storedConsent(document.cookie);
  if (stored) onAnalytics(stored.analytics);
  else await loadDialog();
}

/**
 * Opens the cookie preferences, where the stored choice can be changed; says so on screen when
 * their code cannot be loaded.
 */
export async function showCookiePreferences(): Promise<void> {
  try {
    (await loadDialog()).showPreferences();
  } catch {
    showToast({
      severity: 'error',
      summary: 'The cookie preferences could not be opened',
      detail: 'Check your connection and try again, or reload the page.',
    });
  }
}
