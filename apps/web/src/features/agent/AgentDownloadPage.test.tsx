import type { AgentDownload } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, reply } from '../../test/fake-api';
import { renderWithApp } from '../../test/render';
import AgentDownloadPage from './AgentDownloadPage';

const build = (target: AgentDownload['target'], label: string, fileName: string, built = true) => ({
  target,
  label,
  fileName,
  file: built
    ? { url: `/api/agent/downloads/${target}`, bytes: 52_428_800, sha256: 'ab'.repeat(32) }
    : null,
});

const WINDOWS = build('win32-x64', 'Windows (x64)', 'castellan-agent-windows-x64.exe');
const LINUX = build('linux-x64', 'Linux (x64)', 'castellan-agent-linux-x64');
const NODE = build('node', 'Any system with Node.js 18 or later', 'castellan-agent.mjs', false);

beforeEach(() => {
  // A Windows PC, as the browser describes it.
  vi.spyOn(navigator, 'platform', 'get').mockReturnValue('Win32');
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko)',
  );
});

describe('Agent download', () => {
  it('says so when the server has no builds, and offers no enrollment', async () => {
    fakeApi({ 'GET /agent/downloads': reply({ downloads: [] }) });
    renderWithApp(<AgentDownloadPage />, { path: '/agent/download' });
    expect(
      await screen.findByText('This server has no agent builds to hand out yet.'),
    ).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('heading', { name: '2. Enroll the device' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agent download', level: 1 })).toBeInTheDocument();
  });

  it("offers this computer's build first and says which builds are missing", async () => {
    fakeApi({ 'GET /agent/downloads': reply({ downloads: [LINUX, NODE, WINDOWS] }) });
    renderWithApp(<AgentDownloadPage />, { path: '/agent/download' });
    const yours = await screen.findByRole('list', { name: 'For Windows' });
    expect(within(yours).getByRole('link', { name: 'Download Windows (x64)' })).toHaveAttribute(
      'href',
      '/api/agent/downloads/win32-x64',
    );
    const others = screen.getByRole('list', { name: 'Other systems' });
    expect(within(others).getByRole('link', { name: 'Download Linux (x64)' })).toBeVisible();
    expect(others).toHaveTextContent(
      'No build for Any system with Node.js 18 or later on this server yet.',
    );
  });

  it('gives a one-time code with the command that enrolls the chosen build', async () => {
    fakeApi({
      'GET /agent/downloads': reply({ downloads: [WINDOWS, LINUX] }),
      'POST /agent/enrollment-codes': reply(
        { code: 'K7QP-2XWM', expiresAt: '2030-01-02T10:00:00.000Z' },
        201,
      ),
    });
    const { user } = renderWithApp(<AgentDownloadPage />, { path: '/agent/download' });
    await user.click(await screen.findByRole('button', { name: 'Get an enrollment code' }));
    expect(await screen.findByText('K7QP-2XWM')).toBeVisible();
    expect(screen.getByText('Command for Windows (x64)')).toBeVisible();
    expect(
      screen.getByText(
        `.\\castellan-agent-windows-x64.exe enroll K7QP-2XWM --server ${window.location.origin} --install`,
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Get a new code' })).toBeEnabled();
  });

  it('lists, once asked, what the agent runs on this system and the others, and what it sends', async () => {
    fakeApi({ 'GET /agent/downloads': reply({ downloads: [WINDOWS] }) });
    const { user } = renderWithApp(<AgentDownloadPage />, { path: '/agent/download' });
    const section = screen.getByRole('region', { name: 'What the agent reads' });
    const toggle = within(section).getByRole('button', { name: 'Show the commands and fields' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByRole('radiogroup')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide the commands and fields');
    // This computer is a Windows PC.
    expect(await within(section).findByRole('radio', { name: 'Windows' })).toBeChecked();
    expect(within(section).getByRole('heading', { name: 'Standard account' })).toBeVisible();
    expect(within(section).getByText('whoami /groups /fo csv')).toBeVisible();
    expect(within(section).getByRole('heading', { name: 'POST /api/agent/report' })).toBeVisible();
    expect(within(section).getByText('checks[].evidence')).toBeVisible();

    await user.click(within(section).getByRole('radio', { name: 'macOS' }));
    expect(within(section).getByText('fdesetup status')).toBeVisible();
    expect(within(section).queryByText('whoami /groups /fo csv')).not.toBeInTheDocument();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(section).queryByText('fdesetup status')).not.toBeInTheDocument();
  });
});
