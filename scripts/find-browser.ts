import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Debian's Chromium when present, else the browser Playwright installed itself; with neither,
 * stop with one line that says how to get one. Debian's headless shell of the same Chromium
 * (`chromium-headless-shell`, the build Playwright itself runs headless tests on) comes first: a
 * signed-in page cost it about 1.9 CPU-s to load against 4.9 for the full browser's headless
 * mode, on the 2-core machine. `CHROMIUM_PATH=/usr/bin/chromium` for `--headed` runs.
 */
export function findBrowser(): string {
  const candidates = [
    process.env.CHROMIUM_PATH,
    '/usr/bin/chromium-headless-shell',
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
  ];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright knows no browser of its own on this machine.
  }
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    console.error(
      'No Chromium found: install one with `apt-get install -y chromium chromium-headless-shell` (Debian) or `npx playwright install chromium`.',
    );
    process.exit(1);
  }
  return found;
}
