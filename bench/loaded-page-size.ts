import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Browser, chromium } from '@playwright/test';
import { findBrowser } from '../scripts/find-browser';
import { startServer } from './server-process';

/** The JavaScript one page really loads: every script the browser fetched until network idle. */
export type LoadedPageSize = {
  path: string;
  signedInAs: string | null;
  files: number;
  /** Decoded bytes, as the browser parses them. */
  rawBytes: number;
  /** Each file as gzip -9, the budget's measure (≤ 150 KB per page). */
  gzipBytes: number;
  /** What went over the wire: content-encoding chosen by the server, headers not counted. */
  sentBytes: number;
  /** Files that came without content-encoding (tiny ones, where compression would not help). */
  uncompressed: string[];
};

const ALICE = 'alice.morgan@brightwave.example'; // an administrator
const BEN = 'ben.carter@brightwave.example'; // a member

/** The signed-out start page and every main page, as the person who sees it most (demo data). */
const PAGES: { path: string; email: string | null }[] = [
  { path: '/', email: null },
  { path: '/dashboard', email: ALICE },
  { path: '/dashboard', email: BEN },
  { path: '/tasks', email: ALICE },
  { path: '/tasks', email: BEN },
  { path: '/risk-analysis', email: ALICE },
  { path: '/risk-analysis/attack-graph', email: ALICE },
  { path: '/integrations', email: ALICE },
  { path: '/users', email: ALICE },
  { path: '/settings', email: ALICE },
  { path: '/team-progress', email: ALICE },
  { path: '/help', email: ALICE },
  { path: '/agent/download', email: ALICE },
];

async function measurePage(
  browser: Browser,
  baseURL: string,
  page: (typeof PAGES)[number],
): Promise<LoadedPageSize> {
  // A fresh context: an empty cache and no cookie-consent choice, as on a first visit.
  const context = await browser.newContext({ baseURL });
  try {
    if (page.email) {
      const res = await context.request.post('/api/auth/test-login', {
        data: { email: page.email },
      });
      if (!res.ok()) throw new Error(`test login as ${page.email}: ${res.status()}`);
      // An administrator's guided tour would take them to its step's page: dismissed, as after
      // the first visit.
      const tour = await context.request.put('/api/tours/main', {
        data: { currentStepId: null, status: 'dismissed' },
      });
      if (tour.status() !== 200 && tour.status() !== 403) {
        throw new Error(`dismissing the tour: ${tour.status()}`);
      }
    }
    const tab = await context.newPage();
    const scripts: Promise<{ url: string; body: Buffer; sent: number; encoding?: string }>[] = [];
    tab.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        (async () => ({
          url: new URL(response.url()).pathname,
          body: await response.body(),
          sent: (await response.request().sizes()).responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'],
        }))(),
      );
    });
    await tab.goto(page.path, { waitUntil: 'networkidle' });
    const loaded = await Promise.all(scripts);
    return {
      path: page.path,
      signedInAs: page.email,
      files: loaded.length,
      rawBytes: loaded.reduce((sum, s) => sum + s.body.length, 0),
      gzipBytes: loaded.reduce((sum, s) => sum + gzipSync(s.body, { level: 9 }).length, 0),
      sentBytes: loaded.reduce((sum, s) => sum + s.sent, 0),
      uncompressed: loaded.filter((s) => !s.encoding).map((s) => path.basename(s.url)),
    };
  } finally {
    await context.close();
  }
}

/** Starts a server on PGlite (demo data, test login on loopback) and measures each page. */
export async function measureLoadedPages(dataDir: string): Promise<LoadedPageSize[]> {
  const server = await startServer({ DATA_DIR: dataDir });
  const browser = await chromium.launch({ executablePath: findBrowser() });
  try {
    const results: LoadedPageSize[] = [];
    for (const page of PAGES) results.push(await measurePage(browser, server.url, page));
    return results;
  } finally {
    await browser.close();
    await server.stop();
  }
}
