import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

/**
 * Debian's Chromium when present, else the browser Playwright installed itself; with neither,
 * stop with one line that says how to get one.
 */
export function findBrowser(): string {
  const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    // Playwright knows no browser of its own on this machine.
  }
  const found = candidates.find((p): p is string => Boolean(p) && existsSync(p as string));
  if (!found) {
    console.error(
      'No Chromium found: install one with `apt-get install -y chromium` (Debian) or `npx playwright install chromium`.',
    );
    process.exit(1);
  }
  return found;
}
