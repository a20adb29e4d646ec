import type { CurrentBrowsers } from '@castellan/contract/agent-checks';
import { describe, expect, it } from 'vitest';
import { type FakeAnswer, failed, fakeContext, fixture } from '../../test/fake-context';
import { browserUpdates, judgeBrowsers, parseRegValue } from './browser-updates';

const CURRENT: CurrentBrowsers = {
  chrome: '131.0.6778.85',
  firefox: '133.0',
  edge: '131.0.2903.70',
  safari: '18.1.1',
};

describe('browser-updates on Linux', () => {
  const dir = 'linux/browser-updates';
  const linux = (commands: Record<string, FakeAnswer>, current = CURRENT) =>
    fakeContext({ platform: 'linux', commands, currentBrowsers: current });

  it.each([
    [
      'Chrome and Firefox current',
      linux({
        'google-chrome --version': `${dir}/google-chrome-current.txt`,
        'firefox --version': `${dir}/firefox-current.txt`,
      }),
      'pass',
      'Google Chrome 131.0.6778.85 and Mozilla Firefox 133.0 are up to date.',
    ],
    [
      'an old Chrome',
      linux({
        'google-chrome-stable --version': `${dir}/google-chrome-old.txt`,
        'firefox --version': `${dir}/firefox-current.txt`,
      }),
      'fail',
      'Google Chrome 129.0.6668.58 is older than the current 131.0.6778.85.',
    ],
    [
      'Edge current, Firefox only a snap stub',
      linux({
        'microsoft-edge --version': `${dir}/microsoft-edge-current.txt`,
        'firefox --version': failed(`${dir}/firefox-snap-missing.stderr.txt`),
      }),
      'pass',
      'Microsoft Edge 131.0.2903.70 is up to date.',
    ],
    [
      'only Firefox ESR',
      linux({ 'firefox --version': `${dir}/firefox-esr.txt` }),
      'unknown',
      'Mozilla Firefox 128.5.0esr is an extended support release, not compared',
    ],
    [
      'a browser the server names no version for',
      linux({ 'google-chrome --version': `${dir}/google-chrome-old.txt` }, { firefox: '133.0' }),
      'unknown',
      'current version to compare with is not known',
    ],
    [
      'no browser',
      linux({}),
      'unknown',
      'No Google Chrome, Mozilla Firefox, Microsoft Edge or Safari',
    ],
    [
      'a browser that hangs',
      linux({
        'google-chrome --version': { code: null, timedOut: true },
        'firefox --version': `${dir}/firefox-current.txt`,
      }),
      'pass',
      'Mozilla Firefox 133.0 is up to date.',
    ],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await browserUpdates(ctx);
    expect(result).toMatchObject({ id: 'browser-updates', verdict });
    expect(result.evidence).toContain(words);
  });
});

describe('browser-updates on macOS', () => {
  const dir = 'darwin/browser-updates';
  const app = (name: string) => `/Applications/${name}.app/Contents/Info.plist`;
  const mac = (files: Record<string, string | null>) =>
    fakeContext({ platform: 'darwin', files, currentBrowsers: CURRENT, homedir: '/Users/alex' });

  it.each([
    [
      'all four current',
      mac({
        [app('Google Chrome')]: `${dir}/google-chrome-info.plist`,
        [app('Firefox')]: `${dir}/firefox-info.plist`,
        [app('Microsoft Edge')]: `${dir}/microsoft-edge-info.plist`,
        [app('Safari')]: `${dir}/safari-info.plist`,
      }),
      'pass',
      'Google Chrome 131.0.6778.86, Mozilla Firefox 133.0, Microsoft Edge 131.0.2903.70 and Safari 18.1.1 are up to date.',
    ],
    [
      'an old Chrome',
      mac({
        [app('Google Chrome')]: `${dir}/google-chrome-old-info.plist`,
        [app('Safari')]: `${dir}/safari-info.plist`,
      }),
      'fail',
      'Google Chrome 129.0.6668.58 is older than the current 131.0.6778.85.',
    ],
    [
      'an old Safari',
      mac({ [app('Safari')]: `${dir}/safari-old-info.plist` }),
      'fail',
      'Safari 17.6 is older than the current 18.1.1.',
    ],
    [
      'Chrome in the home folder',
      mac({
        '/Users/alex/Applications/Google Chrome.app/Contents/Info.plist': `${dir}/google-chrome-info.plist`,
      }),
      'pass',
      'Google Chrome 131.0.6778.86 is up to date.',
    ],
    ['nothing readable', mac({ [app('Safari')]: null }), 'unknown', 'No Google Chrome'],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await browserUpdates(ctx);
    expect(result.verdict).toBe(verdict);
    expect(result.evidence).toContain(words);
  });
});

describe('browser-updates on Windows', () => {
  const dir = 'win32/browser-updates';
  const chromeBeacon = 'reg query HKCU\\Software\\Google\\Chrome\\BLBeacon /v version';
  const chromeUpdate =
    'reg query HKLM\\SOFTWARE\\WOW6432Node\\Google\\Update\\Clients\\{8A69D345-D564-463c-AFF1-A69D9E530F96} /v pv';
  const edge =
    'reg query HKLM\\SOFTWARE\\WOW6432Node\\Microsoft\\EdgeUpdate\\Clients\\{56EB18F8-B008-4CBD-B6D2-8C97FE7E9062} /v pv';
  const firefox = 'reg query HKLM\\SOFTWARE\\Mozilla\\Mozilla Firefox /v CurrentVersion';
  const notFound = (language: string) => failed(`${dir}/reg-not-found-${language}.stderr.txt`);
  /** Every key answers "not found" in the given language unless named. */
  const windows = (language: string, found: Record<string, FakeAnswer>) =>
    fakeContext({
      platform: 'win32',
      currentBrowsers: CURRENT,
      commands: {
        [chromeBeacon]: notFound(language),
        [chromeUpdate]: notFound(language),
        [edge]: notFound(language),
        [firefox]: notFound(language),
        'reg query HKLM\\SOFTWARE\\WOW6432Node\\Mozilla\\Mozilla Firefox /v CurrentVersion':
          notFound(language),
        'reg query HKCU\\Software\\Mozilla\\Mozilla Firefox /v CurrentVersion': notFound(language),
        ...found,
      },
    });

  it.each([
    [
      'Chrome, Edge and Firefox current',
      windows('english', {
        [chromeBeacon]: `${dir}/reg-chrome-blbeacon.txt`,
        [edge]: `${dir}/reg-edge-pv.txt`,
        [firefox]: `${dir}/reg-firefox-current.txt`,
      }),
      'pass',
      'Google Chrome 131.0.6778.86, Mozilla Firefox 133.0 and Microsoft Edge 131.0.2903.70 are up to date.',
    ],
    [
      'an old Firefox on a German Windows',
      windows('german', {
        [edge]: `${dir}/reg-edge-pv.txt`,
        [firefox]: `${dir}/reg-firefox-old-german.txt`,
      }),
      'fail',
      'Mozilla Firefox 128.0.3 is older than the current 133.0.',
    ],
    [
      'an old Chrome found through Google Update on a French Windows',
      windows('french', { [chromeUpdate]: `${dir}/reg-chrome-old-update-client.txt` }),
      'fail',
      'Google Chrome 129.0.6668.58 is older',
    ],
    [
      'only Edge',
      windows('english', { [edge]: `${dir}/reg-edge-pv.txt` }),
      'pass',
      'Microsoft Edge 131.0.2903.70 is up to date.',
    ],
    ['nothing installed, German', windows('german', {}), 'unknown', 'No Google Chrome'],
    ['nothing installed, French', windows('french', {}), 'unknown', 'No Google Chrome'],
  ] as const)('%s', async (_, ctx, verdict, words) => {
    const result = await browserUpdates(ctx);
    expect(result.verdict).toBe(verdict);
    expect(result.evidence).toContain(words);
  });

  it('reads a value line but not an error line', () => {
    const ok = { ok: true, code: 0, stderr: '', missing: false, timedOut: false };
    expect(
      parseRegValue({ ...ok, stdout: fixture(`${dir}/reg-firefox-current.txt`) }, 'CurrentVersion'),
    ).toBe('133.0 (x64 en-US)');
    expect(
      parseRegValue(
        { ...ok, stdout: fixture(`${dir}/reg-not-found-german.stderr.txt`) },
        'version',
      ),
    ).toBeNull();
  });
});

describe('judgeBrowsers', () => {
  it('names every older browser', () => {
    const result = judgeBrowsers(
      [
        { browser: 'chrome', version: '130.0.6723.117' },
        { browser: 'edge', version: '130.0.2849.80' },
        { browser: 'firefox', version: '133.0' },
      ],
      CURRENT,
    );
    expect(result.verdict).toBe('fail');
    expect(result.evidence).toContain('Google Chrome 130.0.6723.117 is older');
    expect(result.evidence).toContain('Microsoft Edge 130.0.2849.80 is older');
    expect(result.evidence).not.toContain('Firefox');
  });

  it('counts a newer browser than the server knows as current', () => {
    expect(judgeBrowsers([{ browser: 'chrome', version: '132.0.6834.6' }], CURRENT).verdict).toBe(
      'pass',
    );
  });
});
