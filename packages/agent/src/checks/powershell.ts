import type { CheckContext, CommandResult } from '../context';

/** Runs a PowerShell script without the user's profile or any prompt. */
export function runPowerShell(
  ctx: CheckContext,
  script: string,
  timeoutMs?: number,
): Promise<CommandResult> {
  const args = ['-NoProfile', '-NonInteractive', '-Command', script];
  return ctx.run('powershell', args, timeoutMs === undefined ? undefined : { timeoutMs });
}

/** The JSON a script printed, or null when it printed something else. */
export function parseJson(text: string): unknown {
  // Windows PowerShell may start its output with a byte-order mark.
  const trimmed = text.replace(/^\uFEFF/, '').trim();
  if (!trimmed) return null;
  try {
    return JSON.parse(trimmed);
  } catch {
    return null;
  }
}

/** An object's field, when the JSON is an object. */
export function field(json: unknown, name: string): unknown {
  return json !== null && typeof json === 'object' && !Array.isArray(json)
    ? (json as Record<string, unknown>)[name]
    : undefined;
}
