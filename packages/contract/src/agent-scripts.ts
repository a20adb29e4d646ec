/**
 * Scripts the agent runs whole, kept here so that the agent and the list of what it reads
 * (agent-reads.ts) name the very same text. The agent's build bundles this file: no zod here.
 */

// Category ids, not names, so the answer does not depend on the display language.
export const WINDOWS_UPDATES_SCRIPT = `
$r = [ordered]@{ noAutoUpdate = $false; pending = $null; searchError = $null; lastHotfix = $null }
$au = Get-ItemProperty -Path 'HKLM:\\SOFTWARE\\Policies\\Microsoft\\Windows\\WindowsUpdate\\AU' -ErrorAction SilentlyContinue
if ($au -and $au.NoAutoUpdate -eq 1) { $r.noAutoUpdate = $true }
try {
  $searcher = (New-Object -ComObject Microsoft.Update.Session).CreateUpdateSearcher()
  $found = $searcher.Search('IsInstalled=0 and Type=''Software'' and IsHidden=0').Updates
  $n = 0
  foreach ($u in $found) {
    $ids = @($u.Categories | ForEach-Object { $_.CategoryID })
    if ($u.MsrcSeverity -or $ids -contains '0fa1201d-4330-4fa8-8ae9-b877473b6441') { $n++ }
  }
  $r.pending = $n
} catch {
  $r.searchError = $_.Exception.Message
  $latest = Get-HotFix | Where-Object { $_.InstalledOn } | Sort-Object InstalledOn -Descending | Select-Object -First 1
  if ($latest) { $r.lastHotfix = $latest.InstalledOn.ToString('yyyy-MM-dd', [Globalization.CultureInfo]::InvariantCulture) }
}
$r | ConvertTo-Json -Compress
`.trim();

/**
 * The SIDs of the direct members of Administrators (S-1-5-32-544, the same in every language), one
 * per line: how the agent, run as SYSTEM, tells whether the person it judges is an administrator.
 */
export const ADMINISTRATORS_MEMBERS_SCRIPT =
  "Get-LocalGroupMember -SID 'S-1-5-32-544' | ForEach-Object { $_.SID.Value }";
