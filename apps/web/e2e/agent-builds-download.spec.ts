import { createHash } from 'node:crypto';
import { createReadStream, existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  AGENT_TARGET_FILES,
  AGENT_TARGETS,
  type AgentTarget,
} from '@castellan/contract/agent-targets';
import { expect, openAppAs, test } from './helpers';

/**
 * Every agent build on /agent/download, downloaded through its card's own Download button as a
 * person would (nothing is installed or run): the saved file is the build in packages/agent/dist,
 * byte for byte, and its SHA-256 is the one the card shows. The server may send a build
 * gzip-encoded (its `.gz` copy); the browser decodes it, so what is saved is the build itself.
 * Reads only: Ben's demo data is all it needs.
 */

const dist = path.resolve(import.meta.dirname, '../../../packages/agent/dist');

/** A file's SHA-256, read as a stream: the builds are ~100 MB each. */
async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/**
 * The build of `target` in packages/agent/dist. A missing one fails the test in CI, where the
 * build makes every file, and skips it elsewhere with the reason.
 */
function builtFile(target: AgentTarget): string {
  const { fileName } = AGENT_TARGET_FILES[target];
  const file = path.join(dist, fileName);
  if (existsSync(file)) return file;
  const missing = `packages/agent/dist/${fileName} is missing: run \`npm run agent:build\` first.`;
  if (process.env.CI) throw new Error(missing);
  test.skip(true, missing);
  return file;
}

for (const target of AGENT_TARGETS) {
  const { fileName, label } = AGENT_TARGET_FILES[target];

  test(`the ${label} build downloads from its card as the very file built, with the SHA-256 shown`, async ({
    page,
  }) => {
    // Downloading, saving and hashing ~100 MB twice takes a while on a busy machine.
    test.setTimeout(180_000);
    const built = builtFile(target);

    // Chromium reports no response for a download (page.on('response') never sees one): what the
    // server sends the browser is read from a HEAD request with the browser's own Accept-Encoding.
    const listed = page.waitForRequest(
      (request) => new URL(request.url()).pathname === '/api/agent/downloads',
    );
    await openAppAs(page, 'Ben Carter', '/agent/download');
    const region = page.getByRole('region', { name: '1. Download the agent' });
    const card = region.getByRole('listitem').filter({ hasText: label });
    const link = card.getByRole('link', { name: `Download ${label}`, exact: true });
    await expect(link).toBeVisible();
    await expect(card).toContainText(fileName);
    const shown = card
      .getByText('SHA-256', { exact: true })
      .locator('xpath=following-sibling::code[1]');
    await expect(shown).toHaveText(/^[0-9a-f]{64}$/);
    const shownSha256 = ((await shown.textContent()) ?? '').trim();

    const acceptEncoding = (await (await listed).allHeaders())['accept-encoding'] ?? '';
    const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
    expect(download.suggestedFilename()).toBe(fileName);
    expect(await download.failure(), `downloading ${fileName}`).toBeNull();
    const saved = await download.path();
    try {
      const [savedSha256, builtSha256] = await Promise.all([sha256Of(saved), sha256Of(built)]);
      expect(savedSha256, `SHA-256 of the saved ${fileName} and the card's`).toBe(shownSha256);
      expect(savedSha256, `SHA-256 of the saved ${fileName} and the build's`).toBe(builtSha256);
      expect(statSync(saved).size, `bytes of the saved ${fileName}`).toBe(statSync(built).size);
    } finally {
      await download.delete();
    }
    const sent = await page.request.head((await link.getAttribute('href')) ?? '', {
      headers: { 'accept-encoding': acceptEncoding },
    });
    expect(sent.status()).toBe(200);
    test.info().annotations.push({
      type: 'content-encoding',
      description: `${fileName} to Accept-Encoding "${acceptEncoding}": ${
        sent.headers()['content-encoding'] ?? 'identity'
      }, ${sent.headers()['content-length']} bytes for ${statSync(built).size}`,
    });
  });
}
