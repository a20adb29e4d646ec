import { execFile } from 'node:child_process';
import type { CommandResult, RunCommand } from './context';

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_BUFFER = 4 * 1024 * 1024;
/** Grace after the timeout for a tool whose children keep its output open after it is killed. */
const HANG_GRACE_MS = 2_000;

type ExecError = Error & { code?: string | number | null; killed?: boolean };

/** Runs a program without a shell; answers every outcome as a CommandResult, never a rejection. */
export const runCommand: RunCommand = (file, args, options) =>
  new Promise<CommandResult>((resolve) => {
    const timeoutMs = options?.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    let hangTimer: NodeJS.Timeout | undefined;
    const finish = (result: CommandResult) => {
      clearTimeout(hangTimer);
      resolve(result);
    };
    try {
      const child = execFile(
        file,
        [...args],
        {
          encoding: 'utf8',
          timeout: timeoutMs,
          maxBuffer: MAX_BUFFER,
          windowsHide: true,
          env: { ...process.env, LC_ALL: 'C', LANG: 'C' },
        },
        (error, stdout, stderr) => finish(toResult(error, stdout, stderr)),
      );
      hangTimer = setTimeout(() => {
        child.kill('SIGKILL');
        finish({ ...FAILED, timedOut: true });
      }, timeoutMs + HANG_GRACE_MS);
      hangTimer.unref();
    } catch (error) {
      // execFile throws synchronously on arguments it refuses, e.g. a NUL byte.
      finish({ ...FAILED, stderr: error instanceof Error ? error.message : String(error) });
    }
  });

const FAILED: CommandResult = {
  ok: false,
  code: null,
  stdout: '',
  stderr: '',
  missing: false,
  timedOut: false,
};

function toResult(error: ExecError | null, stdout: string, stderr: string): CommandResult {
  if (!error) return { ok: true, code: 0, stdout, stderr, missing: false, timedOut: false };
  const result = { ...FAILED, stdout, stderr };
  if (error.code === 'ENOENT') return { ...result, missing: true };
  if (typeof error.code === 'number') return { ...result, code: error.code };
  if (error.code === 'ERR_CHILD_PROCESS_STDIO_MAXBUFFER') {
    return { ...result, stderr: stderr || 'The output was too long.' };
  }
  if (error.killed) return { ...result, timedOut: true };
  return { ...result, stderr: stderr || error.message };
}
