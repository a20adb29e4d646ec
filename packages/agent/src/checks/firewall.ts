import type { CheckContext } from '../context';
import {
  byPlatform,
  describeFailure,
  type Finding,
  fail,
  firstLine,
  pass,
  unknown,
} from './check-result';

/** A firewall filters incoming connections. */
export const firewall = byPlatform('firewall', {
  linux: linuxFirewall,
  darwin: macFirewall,
  win32: windowsFirewall,
});

/** What one Linux firewall manager says: on, off, unsure without root, or not installed. */
type ManagerState = { state: 'on' | 'off' | 'unsure'; evidence: string } | { state: 'absent' };

async function linuxFirewall(ctx: CheckContext): Promise<Finding> {
  const found: { state: 'off' | 'unsure'; evidence: string }[] = [];
  for (const manager of [ufwState, firewalldState, nftablesState]) {
    const said = await manager(ctx);
    if (said.state === 'on') return pass(said.evidence);
    if (said.state !== 'absent') found.push({ state: said.state, evidence: said.evidence });
  }
  const unsure = found.find((s) => s.state === 'unsure');
  if (unsure) return unknown(unsure.evidence, true);
  if (found.length > 0) return fail(`No firewall is on. ${found.map((s) => s.evidence).join(' ')}`);
  return unknown(
    'No firewall manager (ufw, firewalld or nftables) was found; only an administrator can list the firewall rules.',
    true,
  );
}

async function ufwState(ctx: CheckContext): Promise<ManagerState> {
  const conf = await ctx.readFile('/etc/ufw/ufw.conf');
  if (conf === null) return { state: 'absent' };
  if (!ufwEnabled(conf)) return { state: 'off', evidence: 'The ufw firewall is off.' };
  const service = await systemdState(ctx, 'ufw');
  if (service === 'active') return { state: 'on', evidence: 'The ufw firewall is on.' };
  if (service === 'inactive') {
    return { state: 'off', evidence: 'The ufw firewall is set to start but is not running.' };
  }
  return {
    state: 'unsure',
    evidence:
      'The ufw firewall is set to start, but only an administrator can confirm that it is running.',
  };
}

/** `ENABLED=yes` in /etc/ufw/ufw.conf: ufw loads its rules at boot. */
export function ufwEnabled(conf: string): boolean {
  return /^\s*ENABLED\s*=\s*["']?yes["']?\s*$/im.test(conf);
}

async function firewalldState(ctx: CheckContext): Promise<ManagerState> {
  const state = await ctx.run('firewall-cmd', ['--state']);
  if (state.missing) return { state: 'absent' };
  const answer = firstLine(state.stdout) || firstLine(state.stderr);
  if (state.ok && answer === 'running') return { state: 'on', evidence: 'firewalld is running.' };
  if (answer === 'not running') return { state: 'off', evidence: 'firewalld is not running.' };
  return { state: 'unsure', evidence: describeFailure('firewall-cmd', state) };
}

async function nftablesState(ctx: CheckContext): Promise<ManagerState> {
  const service = await systemdState(ctx, 'nftables');
  if (service === 'inactive') {
    const installed = await ctx.readFile('/etc/nftables.conf');
    return installed === null
      ? { state: 'absent' }
      : { state: 'off', evidence: 'The nftables service is not running.' };
  }
  if (service !== 'active') return { state: 'absent' };
  const rules =
    (await ctx.readFile('/etc/nftables.conf')) ??
    (await ctx.readFile('/etc/sysconfig/nftables.conf'));
  if (rules !== null && nftablesFiltersInput(rules)) {
    return {
      state: 'on',
      evidence: 'The nftables firewall is running and filters incoming traffic.',
    };
  }
  return {
    state: 'unsure',
    evidence:
      'The nftables service is running, but only an administrator can list its rules to confirm they block incoming connections.',
  };
}

/** An input chain that drops or rejects something, in an nftables configuration file. */
export function nftablesFiltersInput(conf: string): boolean {
  const text = conf.replace(/#.*/g, '');
  // Each piece runs from one chain's name to the next chain's.
  return text
    .split(/\bchain\s+/)
    .some((chain) => /hook\s+input\b/.test(chain) && /\b(drop|reject)\b/.test(chain));
}

/** `systemctl is-active`: active, inactive, or null when systemd cannot say. */
async function systemdState(ctx: CheckContext, unit: string) {
  const result = await ctx.run('systemctl', ['is-active', unit]);
  const state = firstLine(result.stdout);
  if (state === 'active') return 'active';
  if (state === 'inactive' || state === 'failed') return 'inactive';
  return null;
}

async function macFirewall(ctx: CheckContext): Promise<Finding> {
  const tool = '/usr/libexec/ApplicationFirewall/socketfilterfw';
  const result = await ctx.run(tool, ['--getglobalstate']);
  if (!result.ok) return unknown(describeFailure('socketfilterfw', result));
  return parseSocketFilterState(result.stdout);
}

export function parseSocketFilterState(output: string): Finding {
  const state = output.match(/State = (\d+)/)?.[1];
  switch (state) {
    case '0':
      return fail('The macOS firewall is off.');
    case '1':
      return pass('The macOS firewall is on.');
    case '2':
      return pass('The macOS firewall is on and blocks all incoming connections.');
    default:
      return unknown(`socketfilterfw gave an unfamiliar answer: ${firstLine(output)}`);
  }
}

export const FIREWALL_PROFILES_SCRIPT =
  'Get-NetFirewallProfile | Select-Object Name,Enabled | ConvertTo-Json';
/** Firewalls registered with Windows Security; the namespace is missing on Windows Server. */
export const FIREWALL_PRODUCTS_SCRIPT =
  'Get-CimInstance -Namespace root/SecurityCenter2 -ClassName FirewallProduct | Select-Object displayName,productState | ConvertTo-Json';
const WINDOWS_PROFILES = ['Domain', 'Private', 'Public'];

const powershell = (ctx: CheckContext, script: string) =>
  ctx.run('powershell', ['-NoProfile', '-NonInteractive', '-Command', script]);

async function windowsFirewall(ctx: CheckContext): Promise<Finding> {
  const result = await powershell(ctx, FIREWALL_PROFILES_SCRIPT);
  if (!result.ok) return unknown(describeFailure('PowerShell', result));
  const profiles = parseFirewallProfiles(result.stdout);
  if (!profiles) {
    return unknown('Windows gave an answer about its firewall this check could not read.');
  }
  const missing = WINDOWS_PROFILES.filter((name) => !(name in profiles));
  if (missing.length > 0) {
    return unknown(`Windows did not report the firewall for the ${list(missing)} profile.`);
  }
  const off = WINDOWS_PROFILES.filter((name) => profiles[name] === false);
  if (off.length > 0) {
    const s = off.length > 1 ? 's' : '';
    const windowsOff = `The Windows firewall is off for the ${list(off)} network profile${s}`;
    // Another firewall that registers with Windows Security turns Windows' own off.
    const products = await powershell(ctx, FIREWALL_PRODUCTS_SCRIPT);
    const other = products.ok ? enabledFirewallProducts(products.stdout) : [];
    if (other.length > 0) return pass(`${windowsOff}, but ${list(other)} is on and protects it.`);
    return fail(`${windowsOff}.`);
  }
  const unclear = WINDOWS_PROFILES.filter((name) => profiles[name] === null);
  if (unclear.length > 0) {
    return unknown(
      `Windows did not say whether the firewall is on for the ${list(unclear)} profile.`,
    );
  }
  return pass('The Windows firewall is on for all network profiles (Domain, Private and Public).');
}

/**
 * The names of the firewalls Windows Security reports as on. Their productState packs flags in
 * hex digits; the third from the right is 1 when the product is on.
 */
export function enabledFirewallProducts(json: string): string[] {
  return jsonItems(json).flatMap((item) => {
    const { displayName, productState } = (item ?? {}) as Record<string, unknown>;
    const on = typeof productState === 'number' && ((productState >> 12) & 0xf) === 1;
    return on && typeof displayName === 'string' ? [displayName] : [];
  });
}

/** ConvertTo-Json output as a list: it writes one item as an object, several as an array. */
function jsonItems(json: string): unknown[] {
  const text = json.replace(/^\uFEFF/, '').trim();
  if (text === '') return [];
  try {
    const parsed: unknown = JSON.parse(text);
    return Array.isArray(parsed) ? parsed : [parsed];
  } catch {
    return [];
  }
}

/** Each profile's Enabled as true, false, or null when it is neither. Null when not JSON. */
export function parseFirewallProfiles(json: string): Record<string, boolean | null> | null {
  const profiles: Record<string, boolean | null> = {};
  for (const item of jsonItems(json)) {
    const { Name, Enabled } = (item ?? {}) as Record<string, unknown>;
    if (typeof Name !== 'string') return null;
    profiles[Name] = enabledValue(Enabled);
  }
  return Object.keys(profiles).length > 0 ? profiles : null;
}

/** Enabled is a GpoBoolean: 1 or true is on, 0 or false off; 2 (not configured) says nothing. */
function enabledValue(value: unknown): boolean | null {
  if (value === true || value === 1 || value === 'True') return true;
  if (value === false || value === 0 || value === 'False') return false;
  return null;
}

function list(names: string[]): string {
  return names.length <= 1
    ? (names[0] ?? '')
    : `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}
