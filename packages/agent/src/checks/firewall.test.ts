import { describe, expect, it } from 'vitest';
import { type CheckCase, testCheckCases } from '../../test/check-cases';
import { type FakeAnswer, fixture, TIMED_OUT } from '../../test/fake-context';
import {
  enabledFirewallProducts,
  FIREWALL_PRODUCTS_SCRIPT,
  FIREWALL_PROFILES_SCRIPT,
  firewall,
  nftablesFiltersInput,
  parseFirewallProfiles,
} from './firewall';

const linux = (name: string) => `linux/firewall/${name}`;
const mac = (name: string) => `darwin/firewall/${name}`;
const win = (name: string) => `win32/firewall/${name}`;

const ACTIVE = linux('active.systemctl.txt');
const INACTIVE: FakeAnswer = { code: 3, stdoutFile: linux('inactive.systemctl.txt') };
const NO_SYSTEMD: FakeAnswer = { code: 1, stderrFile: linux('no-systemd.systemctl.stderr.txt') };
const FIREWALLD_STOPPED: FakeAnswer = {
  code: 252,
  stderrFile: linux('firewalld-not-running.stderr.txt'),
};
const UFW_CONF = '/etc/ufw/ufw.conf';
const NFT_CONF = '/etc/nftables.conf';

const SOCKETFILTERFW = '/usr/libexec/ApplicationFirewall/socketfilterfw --getglobalstate';
const PROFILES = `powershell -NoProfile -NonInteractive -Command ${FIREWALL_PROFILES_SCRIPT}`;
const PRODUCTS = `powershell -NoProfile -NonInteractive -Command ${FIREWALL_PRODUCTS_SCRIPT}`;
const windowsCase = (
  name: string,
  answer: FakeAnswer,
  expected: Pick<CheckCase, 'verdict' | 'evidence'>,
  products: FakeAnswer = { stdout: '' },
): CheckCase => ({
  name,
  platform: 'win32',
  commands: { [PROFILES]: answer, [PRODUCTS]: products },
  ...expected,
});

const cases: CheckCase[] = [
  {
    name: 'Ubuntu with ufw on',
    platform: 'linux',
    files: { [UFW_CONF]: linux('ufw-enabled.ufw.conf') },
    commands: { 'systemctl is-active ufw': ACTIVE, 'systemctl is-active nftables': INACTIVE },
    verdict: 'pass',
    evidence: ['The ufw firewall is on.'],
  },
  {
    name: 'Ubuntu with ufw off (the default)',
    platform: 'linux',
    files: { [UFW_CONF]: linux('ufw-disabled.ufw.conf') },
    commands: { 'systemctl is-active ufw': ACTIVE, 'systemctl is-active nftables': INACTIVE },
    verdict: 'fail',
    evidence: ['No firewall is on.', 'ufw firewall is off'],
  },
  {
    name: 'ufw set to start but its service stopped',
    platform: 'linux',
    files: { [UFW_CONF]: linux('ufw-enabled.ufw.conf') },
    commands: { 'systemctl is-active ufw': INACTIVE, 'systemctl is-active nftables': INACTIVE },
    verdict: 'fail',
    evidence: ['set to start but is not running'],
  },
  {
    name: 'ufw set to start where systemd is not running (WSL, containers)',
    platform: 'linux',
    files: { [UFW_CONF]: linux('ufw-enabled.ufw.conf') },
    commands: { 'systemctl is-active ufw': NO_SYSTEMD, 'systemctl is-active nftables': NO_SYSTEMD },
    verdict: 'unknown',
    evidence: ['only an administrator can confirm'],
    needsAdmin: true,
  },
  {
    name: 'Fedora with firewalld running',
    platform: 'linux',
    commands: { 'firewall-cmd --state': linux('firewalld-running.txt') },
    verdict: 'pass',
    evidence: ['firewalld is running.'],
  },
  {
    name: 'Fedora with firewalld stopped',
    platform: 'linux',
    commands: {
      'firewall-cmd --state': FIREWALLD_STOPPED,
      'systemctl is-active nftables': INACTIVE,
    },
    verdict: 'fail',
    evidence: ['firewalld is not running.'],
  },
  {
    name: 'Debian with nftables running its default, empty rules',
    platform: 'linux',
    files: { [NFT_CONF]: linux('nftables-default.conf') },
    commands: { 'systemctl is-active nftables': ACTIVE },
    verdict: 'unknown',
    evidence: ['nftables service is running', 'only an administrator'],
    needsAdmin: true,
  },
  {
    name: 'nftables running rules that drop incoming traffic',
    platform: 'linux',
    files: { [NFT_CONF]: linux('nftables-filtering.conf') },
    commands: { 'systemctl is-active nftables': ACTIVE },
    verdict: 'pass',
    evidence: ['nftables firewall is running and filters incoming traffic'],
  },
  {
    name: 'Debian with nftables installed but stopped',
    platform: 'linux',
    files: { [NFT_CONF]: linux('nftables-default.conf') },
    commands: { 'systemctl is-active nftables': INACTIVE },
    verdict: 'fail',
    evidence: ['nftables service is not running'],
  },
  {
    name: 'no firewall manager at all',
    platform: 'linux',
    commands: { 'systemctl is-active nftables': INACTIVE },
    verdict: 'unknown',
    evidence: ['No firewall manager', 'only an administrator'],
    needsAdmin: true,
  },
  {
    name: 'firewall on',
    platform: 'darwin',
    commands: { [SOCKETFILTERFW]: mac('enabled.txt') },
    verdict: 'pass',
    evidence: ['The macOS firewall is on.'],
  },
  {
    name: 'firewall off',
    platform: 'darwin',
    commands: { [SOCKETFILTERFW]: mac('disabled.txt') },
    verdict: 'fail',
    evidence: ['The macOS firewall is off.'],
  },
  {
    name: 'firewall blocking all incoming connections',
    platform: 'darwin',
    commands: { [SOCKETFILTERFW]: mac('block-all.txt') },
    verdict: 'pass',
    evidence: ['blocks all incoming connections'],
  },
  {
    name: 'an answer without a state',
    platform: 'darwin',
    commands: { [SOCKETFILTERFW]: mac('no-state.txt') },
    verdict: 'unknown',
    evidence: ['unfamiliar answer: Firewall is enabled.'],
  },
  {
    name: 'socketfilterfw missing',
    platform: 'darwin',
    verdict: 'unknown',
    evidence: ['socketfilterfw is not available'],
  },
  windowsCase('every profile on (Windows PowerShell 5.1)', win('all-on.json'), {
    verdict: 'pass',
    evidence: ['on for all network profiles'],
  }),
  windowsCase('every profile on, Enabled as booleans', win('all-on-booleans.json'), {
    verdict: 'pass',
    evidence: ['on for all network profiles'],
  }),
  windowsCase('the Public profile off', win('public-off.json'), {
    verdict: 'fail',
    evidence: ['off for the Public network profile.'],
  }),
  windowsCase('every profile off', win('all-off.json'), {
    verdict: 'fail',
    evidence: ['off for the Domain, Private and Public network profiles.'],
  }),
  windowsCase(
    'every profile off because another firewall is on',
    win('all-off.json'),
    { verdict: 'pass', evidence: ['Windows firewall is off', 'but ESET Firewall is on'] },
    win('product-eset-on.json'),
  ),
  windowsCase(
    'every profile off, two other firewalls registered and one on',
    win('all-off.json'),
    { verdict: 'pass', evidence: ['but Bitdefender Firewall is on'] },
    win('product-two.json'),
  ),
  windowsCase(
    'the Public profile off, another firewall registered but off',
    win('public-off.json'),
    { verdict: 'fail', evidence: ['off for the Public network profile.'] },
    win('product-off.json'),
  ),
  windowsCase(
    'every profile off on Windows Server, which has no Security Center',
    win('all-off.json'),
    { verdict: 'fail', evidence: ['off for the Domain, Private and Public network profiles.'] },
    { code: 1, stderrFile: win('server-no-security-center.stderr.txt') },
  ),
  windowsCase('a single profile, as an object', win('single-profile.json'), {
    verdict: 'unknown',
    evidence: ['did not report', 'Domain and Private'],
  }),
  windowsCase(
    'a profile not configured',
    {
      stdout:
        '[{"Name":"Domain","Enabled":1},{"Name":"Private","Enabled":2},{"Name":"Public","Enabled":1}]',
    },
    { verdict: 'unknown', evidence: ['did not say', 'Private'] },
  ),
  windowsCase(
    'access denied, in French',
    { code: 1, stderrFile: win('access-denied-fr.stderr.txt') },
    { verdict: 'unknown', evidence: ['PowerShell failed', 'Accès refusé'] },
  ),
  windowsCase(
    'output that is not JSON',
    { stdout: 'WARNING: something\r\n' },
    { verdict: 'unknown', evidence: ['could not read'] },
  ),
  windowsCase('PowerShell times out', TIMED_OUT, {
    verdict: 'unknown',
    evidence: ['did not answer in time'],
  }),
];

describe('firewall', () => {
  testCheckCases('firewall', firewall, cases);
});

describe('parseFirewallProfiles', () => {
  it('reads a single profile written as an object', () => {
    expect(parseFirewallProfiles(fixture(win('single-profile.json')))).toEqual({ Public: true });
  });
});

describe('enabledFirewallProducts', () => {
  it('names only the firewalls that are on', () => {
    expect(enabledFirewallProducts(fixture(win('product-two.json')))).toEqual([
      'Bitdefender Firewall',
    ]);
    expect(enabledFirewallProducts('')).toEqual([]);
  });
});

describe('nftablesFiltersInput', () => {
  it('looks for the drop in the input chain, not in another', () => {
    const conf = fixture(linux('nftables-default.conf')).replace(
      'hook forward priority filter;',
      'hook forward priority filter; policy drop;',
    );
    expect(nftablesFiltersInput(conf)).toBe(false);
    expect(nftablesFiltersInput(fixture(linux('nftables-filtering.conf')))).toBe(true);
  });

  it('ignores drop rules that are commented out', () => {
    expect(
      nftablesFiltersInput('chain input {\n type filter hook input priority 0;\n # drop\n}'),
    ).toBe(false);
  });
});
