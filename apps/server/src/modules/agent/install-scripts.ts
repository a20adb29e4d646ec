// The one-line installs for all users: a shell script for Linux and macOS, a PowerShell script for
// Windows. Each downloads this server's build for the computer, checks its SHA-256 against the one
// written into the script, puts it where every user can run it and only administrators can change
// it, and lets the agent enroll itself and install its schedule (`enroll --system --install`).
// `--uninstall` / `-Uninstall` takes it all away again. The scripts hold no secret: the code is
// the person's own argument.
import type { AgentTarget } from '@castellan/contract';

/** Each build's SHA-256, for the builds this server has. */
export type BuildSums = Partial<Record<AgentTarget, string>>;

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const powerShellQuote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** `curl … | sudo sh -s -- <code>` on Linux and macOS. */
export function installShellScript(server: string, sums: BuildSums): string {
  const sum = (target: AgentTarget) => shellQuote(sums[target] ?? '');
  return `#!/bin/sh
# Installs the Castellan agent for all users of this Linux computer or Mac, or removes it.
#   curl -fsSL ${server}/api/agent/install.sh | sudo sh -s -- <code> [--owner <user>]
#   curl -fsSL ${server}/api/agent/install.sh | sudo sh -s -- --uninstall
# <code> is an enrollment code from the agent download page; --owner names the person who uses
# the computer (by default the one who ran sudo, or on a Mac the one signed in at the screen).
set -eu
SERVER=${shellQuote(server)}
# CASTELLAN_AGENT_SYSTEM_ROOT stands in for / in the agent's own tests.
ROOT="\${CASTELLAN_AGENT_SYSTEM_ROOT:-}"
AGENT="$ROOT/usr/local/bin/castellan-agent"

fail() {
  echo "Castellan agent: $*" >&2
  exit 1
}

code=''
owner=''
action=install
while [ $# -gt 0 ]; do
  case "$1" in
    --uninstall) action=uninstall ;;
    --owner)
      [ $# -ge 2 ] || fail "--owner needs a user name."
      owner="$2"
      shift
      ;;
    -*) fail "unknown option $1." ;;
    *) code="$1" ;;
  esac
  shift
done

[ "$(id -u)" = 0 ] || fail "this installs for all users: run it with sudo (… | sudo sh -s -- …)."

if [ "$action" = uninstall ]; then
  if [ -x "$AGENT" ]; then
    "$AGENT" unenroll --system || "$AGENT" unenroll --system --local
  fi
  rm -f "$AGENT" "$AGENT.next" "$AGENT.old"
  echo "Removed the Castellan agent from this computer."
  exit 0
fi

[ -n "$code" ] || fail "give the enrollment code from the agent download page."

system=$(uname -s)
machine=$(uname -m)
# Under Rosetta a Mac with Apple silicon says x86_64; the native build is the one to install.
if [ "$system" = Darwin ] && [ "$(sysctl -n sysctl.proc_translated 2>/dev/null || echo 0)" = 1 ]; then
  machine=arm64
fi
case "$system-$machine" in
  Linux-x86_64 | Linux-amd64) target=linux-x64 sum=${sum('linux-x64')} ;;
  Linux-aarch64 | Linux-arm64) target=linux-arm64 sum=${sum('linux-arm64')} ;;
  Darwin-arm64) target=darwin-arm64 sum=${sum('darwin-arm64')} ;;
  Darwin-x86_64) target=darwin-x64 sum=${sum('darwin-x64')} ;;
  *) fail "there is no Castellan agent for $system on $machine." ;;
esac
[ -n "$sum" ] || fail "this Castellan server has no agent build for $target yet."

if [ -z "$owner" ]; then
  owner="\${SUDO_USER:-}"
  if [ -z "$owner" ] && [ "$system" = Darwin ]; then
    owner=$(stat -f %Su /dev/console 2>/dev/null || true)
  fi
  [ "$owner" = root ] && owner=''
fi

download=$(mktemp "\${TMPDIR:-/tmp}/castellan-agent.XXXXXX")
trap 'rm -f "$download"' EXIT
echo "Downloading the Castellan agent for $target…"
curl -fsSL --compressed -o "$download" "$SERVER/api/agent/download/$target" ||
  fail "could not download the agent from $SERVER."
actual=$( (sha256sum "$download" 2>/dev/null || shasum -a 256 "$download") | cut -d ' ' -f 1)
[ "$actual" = "$sum" ] || fail "the download's SHA-256 is $actual, not $sum: nothing was installed."

mkdir -p "$(dirname "$AGENT")"
chmod 755 "$download"
mv -f "$download" "$AGENT"
chown 0:0 "$AGENT" 2>/dev/null || true
echo "Installed $AGENT."
if [ -n "$owner" ]; then
  exec "$AGENT" enroll "$code" --server "$SERVER" --install --system --owner "$owner"
fi
exec "$AGENT" enroll "$code" --server "$SERVER" --install --system
`;
}

/** `& ([scriptblock]::Create((irm …/install.ps1))) <code>` in PowerShell run as administrator. */
export function installPowerShellScript(server: string, sums: BuildSums): string {
  const sum = (target: AgentTarget) => powerShellQuote(sums[target] ?? '');
  return `# Installs the Castellan agent for all users of this Windows computer, or removes it. In
# PowerShell run as administrator:
#   & ([scriptblock]::Create((irm ${server}/api/agent/install.ps1))) <code> [-Owner <user>]
#   & ([scriptblock]::Create((irm ${server}/api/agent/install.ps1))) -Uninstall
# <code> is an enrollment code from the agent download page; -Owner names the person who uses the
# computer (by default the one signed in at the screen).
param([string]$Code, [string]$Owner, [switch]$Uninstall)
$ErrorActionPreference = 'Stop'
$Server = ${powerShellQuote(server)}
$Folder = Join-Path $env:ProgramFiles 'Castellan'
$Agent = Join-Path $Folder 'castellan-agent.exe'
$Data = Join-Path $env:ProgramData 'Castellan'

$me = New-Object Security.Principal.WindowsPrincipal([Security.Principal.WindowsIdentity]::GetCurrent())
if (-not $me.IsInRole([Security.Principal.WindowsBuiltInRole]::Administrator)) {
  throw 'This installs for all users: run PowerShell as administrator.'
}

if ($Uninstall) {
  if (Test-Path $Agent) {
    & $Agent unenroll --system
    if ($LASTEXITCODE -ne 0) { & $Agent unenroll --system --local }
  }
  Remove-Item -Recurse -Force -ErrorAction SilentlyContinue $Folder, $Data
  'Removed the Castellan agent from this computer.'
  return
}
if (-not $Code) { throw 'Give the enrollment code from the agent download page.' }

$arch = if ($env:PROCESSOR_ARCHITEW6432) { $env:PROCESSOR_ARCHITEW6432 } else { $env:PROCESSOR_ARCHITECTURE }
switch ($arch) {
  'AMD64' { $target = 'win32-x64'; $sum = ${sum('win32-x64')} }
  'ARM64' { $target = 'win32-arm64'; $sum = ${sum('win32-arm64')} }
  default { throw "There is no Castellan agent for Windows on $arch." }
}
if (-not $sum) { throw "This Castellan server has no agent build for $target yet." }

if (-not $Owner) { $Owner = (Get-CimInstance Win32_ComputerSystem).UserName }
if (-not $Owner) { $Owner = [Security.Principal.WindowsIdentity]::GetCurrent().Name }
$sid = (New-Object Security.Principal.NTAccount($Owner)).Translate([Security.Principal.SecurityIdentifier]).Value

New-Item -ItemType Directory -Force $Folder, $Data | Out-Null
# The device token is kept here: SYSTEM and administrators only.
icacls $Data /inheritance:r /grant:r '*S-1-5-18:(OI)(CI)F' '*S-1-5-32-544:(OI)(CI)F' | Out-Null

$download = Join-Path $Folder 'castellan-agent.download'
[Net.ServicePointManager]::SecurityProtocol = [Net.ServicePointManager]::SecurityProtocol -bor [Net.SecurityProtocolType]::Tls12
"Downloading the Castellan agent for $target..."
Invoke-WebRequest -UseBasicParsing -Uri "$Server/api/agent/download/$target" -OutFile $download
$actual = (Get-FileHash -Algorithm SHA256 $download).Hash.ToLowerInvariant()
if ($actual -ne $sum) {
  Remove-Item -Force $download
  throw "The download's SHA-256 is $actual, not $sum: nothing was installed."
}
Move-Item -Force $download $Agent
"Installed $Agent."
& $Agent enroll $Code --server $Server --install --system --owner $sid
`;
}
