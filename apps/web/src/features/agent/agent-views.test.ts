import type { AgentDevice, AgentDownload } from '@castellan/contract';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeviceChecks } from './DeviceChecks';
import { DownloadCard } from './DownloadCard';
import { InstallSteps } from './InstallSteps';

const render = (element: ReactElement) =>
  renderToStaticMarkup(createElement(MantineProvider, null, element));

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('a download', () => {
  const download: AgentDownload = {
    target: 'darwin-arm64',
    label: 'macOS (Apple silicon)',
    fileName: 'castellan-agent-macos-arm64',
    file: { url: '/api/agent/downloads/darwin-arm64', bytes: 51_200_000, sha256: 'ab'.repeat(32) },
  };

  it('links to its file and shows its name, size and SHA-256', () => {
    const html = render(createElement(DownloadCard, { download }));
    expect(html).toContain('href="/api/agent/downloads/darwin-arm64"');
    expect(html).toContain('aria-label="Download macOS (Apple silicon)"');
    expect(text(html)).toContain('castellan-agent-macos-arm64 · 51.2 MB');
    expect(html).toContain('ab'.repeat(32));
  });

  it('is a sentence, not a link, when the server has no file', () => {
    const html = render(createElement(DownloadCard, { download: { ...download, file: null } }));
    expect(html).not.toMatch(/<a[\s>]|href=/);
    expect(text(html)).toContain('No build for macOS (Apple silicon) on this server yet.');
  });
});

describe('the install steps', () => {
  const file = { url: '/api/agent/download/x', bytes: 1_000_000, sha256: 'cd'.repeat(32) };
  const downloads: AgentDownload[] = (
    [
      ['linux-x64', 'Linux (x64)', file],
      ['darwin-arm64', 'macOS (Apple silicon)', null],
      ['darwin-x64', 'macOS (Intel)', null],
      ['win32-x64', 'Windows (x64)', null],
      ['node', 'Any system with Node.js 18 or later', file],
    ] as const
  ).map(([target, label, file]) => ({ target, label, fileName: target, file }));
  const steps = (list: AgentDownload[]) =>
    render(
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(InstallSteps, { downloads: list, platform: 'darwin' }),
      ),
    );
  const options = (html: string) =>
    [...html.matchAll(/<option[^>]*value="([^"]+)"/g)].map((m) => m[1]);

  it('offers enrollment for the builds this server has, not for a system without one', () => {
    const html = steps(downloads);
    expect(text(html)).toContain('No build for macOS (Apple silicon) on this server yet.');
    expect(options(html)).toEqual(['linux-x64', 'node']);
    expect(text(html)).toContain('Get an enrollment code');
  });

  it('offers no enrollment at all on a server without any build', () => {
    const html = steps(downloads.map((d) => ({ ...d, file: null })));
    expect(text(html)).toMatch(/ This server has no agent builds to hand out yet\.$/);
    expect(html).not.toContain('enrollment code');
  });
});

describe('a device’s checks', () => {
  const checks: AgentDevice['checks'] = [
    { id: 'disk-encryption', verdict: 'pass', evidence: 'FileVault is On.', needsAdmin: false },
    {
      id: 'firewall',
      verdict: 'unknown',
      evidence: 'The firewall could not be read.',
      needsAdmin: true,
    },
  ];

  it('says each verdict in words beside the check’s name and evidence', () => {
    const html = text(
      render(createElement(DeviceChecks, { deviceName: 'Mac', checks, initiallyOpen: true })),
    );
    expect(html).toContain('1 passed, 1 could not tell');
    expect(html).toContain('Passed Disk encryption FileVault is On.');
    expect(html).toContain(
      'Could not tell Firewall The firewall could not be read. Run with administrator rights, the agent could tell more.',
    );
  });

  it('keeps the list out of sight, and says so, until opened', () => {
    const html = render(
      createElement(DeviceChecks, { deviceName: 'Mac', checks, initiallyOpen: false }),
    );
    expect(html).toContain('aria-expanded="false"');
    expect(html).toMatch(/<ul[^>]*display:none/);
  });

  it('explains an empty report', () => {
    const html = render(
      createElement(DeviceChecks, { deviceName: 'Mac', checks: [], initiallyOpen: true }),
    );
    expect(text(html)).toContain('No results yet: they appear after the agent’s first report.');
  });
});
