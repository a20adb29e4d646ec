import { gzipSync } from 'node:zlib';
import type { Page, Response } from '@playwright/test';
import { expect, test } from './helpers';

// The page-weight budget: every page's JavaScript, until the page is idle, at most 150 KB gzipped.
// every-route.spec.ts holds each route to it; transfer.spec.ts the pages seen as a member and
// those that need data the route walk does not have.

const JS_BUDGET_GZIP = 150 * 1024;

export type Loaded = { url: string; encoding: string | undefined; encoded: number; gzip: number };

/** Every JavaScript file the page loads until the network is idle, as sent and as gzip -9. */
export async function javascriptLoadedBy(
  page: Page,
  open: () => Promise<unknown>,
): Promise<Loaded[]> {
  const responses: Response[] = [];
  const collect = (response: Response) => {
    if (response.request().resourceType() === 'script') responses.push(response);
  };
  page.on('response', collect);
  await open();
  await page.waitForLoadState('networkidle');
  page.off('response', collect);
  return Promise.all(
    responses.map(async (response) => ({
      url: new URL(response.url()).pathname,
      encoding: (await response.allHeaders())['content-encoding'],
      encoded: (await response.request().sizes()).responseBodySize,
      gzip: gzipSync(await response.body(), { level: 9 }).length,
    })),
  );
}

export function expectCompressed(loaded: Loaded[]): void {
  expect(loaded.length).toBeGreaterThan(0);
  // A file of a few dozen bytes only grows when compressed: the build keeps no copy of it.
  const uncompressed = loaded.filter(
    (file) => !/^(br|gzip)$/.test(file.encoding ?? '') && file.encoded > 200,
  );
  expect(uncompressed).toEqual([]);
}

export function expectWithinBudget(loaded: Loaded[]): void {
  const gzip = loaded.reduce((sum, file) => sum + file.gzip, 0);
  const sent = loaded.reduce((sum, file) => sum + file.encoded, 0);
  test.info().annotations.push({
    type: 'javascript',
    description: `${loaded.length} files, ${sent} bytes sent, ${gzip} bytes gzipped`,
  });
  const files = loaded.map((f) => `${f.url} ${f.gzip}`).join('\n');
  expect(gzip, files).toBeLessThanOrEqual(JS_BUDGET_GZIP);
}
