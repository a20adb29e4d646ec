import { describe, expect, it } from 'vitest';
import { detectPlatform, preferredTargets, splitDownloads } from './detect-platform';

const MAC_SAFARI =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const WINDOWS_EDGE =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0';
const LINUX_FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const ANDROID_CHROME =
  'Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

describe('detectPlatform', () => {
  it('reads the user-agent client hint first', () => {
    expect(detectPlatform({ userAgentDataPlatform: 'macOS', platform: 'MacIntel' })).toBe('darwin');
    expect(detectPlatform({ userAgentDataPlatform: 'Windows', userAgent: WINDOWS_EDGE })).toBe(
      'win32',
    );
    expect(detectPlatform({ userAgentDataPlatform: 'Linux', platform: 'Linux x86_64' })).toBe(
      'linux',
    );
  });

  it('falls back to navigator.platform, then to the user agent', () => {
    expect(detectPlatform({ userAgentDataPlatform: '', platform: 'MacIntel' })).toBe('darwin');
    expect(detectPlatform({ platform: 'Win32' })).toBe('win32');
    expect(detectPlatform({ platform: '', userAgent: MAC_SAFARI })).toBe('darwin');
    expect(detectPlatform({ userAgent: LINUX_FIREFOX })).toBe('linux');
    expect(detectPlatform({ userAgent: WINDOWS_EDGE })).toBe('win32');
  });

  it('does not take a phone, a tablet or a Chromebook for a computer it has a build for', () => {
    expect(detectPlatform({ platform: 'Linux armv81', userAgent: ANDROID_CHROME })).toBeNull();
    expect(
      detectPlatform({ userAgentDataPlatform: 'Android', platform: 'Linux aarch64' }),
    ).toBeNull();
    expect(detectPlatform({ platform: 'iPhone', userAgent: IPHONE })).toBeNull();
    expect(
      detectPlatform({ userAgentDataPlatform: 'Chrome OS', platform: 'Linux x86_64' }),
    ).toBeNull();
  });

  it('gives null when the browser says nothing it knows', () => {
    expect(detectPlatform({})).toBeNull();
    expect(detectPlatform({ platform: 'FreeBSD amd64', userAgent: '' })).toBeNull();
  });
});

describe('preferredTargets', () => {
  it('offers both Mac builds, Apple silicon first', () => {
    expect(preferredTargets('darwin')).toEqual(['darwin-arm64', 'darwin-x64']);
  });

  it('offers both builds of Linux and Windows, x64 first, and the Node build otherwise', () => {
    expect(preferredTargets('linux')).toEqual(['linux-x64', 'linux-arm64']);
    expect(preferredTargets('win32')).toEqual(['win32-x64', 'win32-arm64']);
    expect(preferredTargets(null)).toEqual(['node']);
  });
});

describe('splitDownloads', () => {
  const all = (['linux-x64', 'darwin-arm64', 'darwin-x64', 'win32-x64', 'node'] as const).map(
    (target) => ({ target }),
  );
  const targets = (list: { target: string }[]) => list.map((d) => d.target);

  it('puts the preferred builds first, in their order, and keeps the rest as listed', () => {
    const { yours, others } = splitDownloads(all, ['darwin-x64', 'darwin-arm64']);
    expect(targets(yours)).toEqual(['darwin-x64', 'darwin-arm64']);
    expect(targets(others)).toEqual(['linux-x64', 'win32-x64', 'node']);
  });

  it('leaves out a preferred build the server does not list', () => {
    const { yours, others } = splitDownloads(all.slice(0, 2), ['win32-x64']);
    expect(yours).toEqual([]);
    expect(targets(others)).toEqual(['linux-x64', 'darwin-arm64']);
  });
});
