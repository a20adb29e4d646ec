import { describe, expect, it } from 'vitest';
import { runCommand } from './run-command';

const onPosix = process.platform !== 'win32';

describe.runIf(onPosix)('runCommand', () => {
  it('answers ok for a program that exits 0', async () => {
    expect(await runCommand('true', [])).toEqual({
      ok: true,
      code: 0,
      stdout: '',
      stderr: '',
      missing: false,
      timedOut: false,
    });
  });

  it('answers the exit code of a program that fails', async () => {
    const result = await runCommand('false', []);
    expect(result).toMatchObject({ ok: false, code: 1, missing: false, timedOut: false });
  });

  it('answers missing for a program that is not installed', async () => {
    const result = await runCommand('castellan-no-such-tool', ['--version']);
    expect(result).toMatchObject({ ok: false, code: null, missing: true, timedOut: false });
  });

  it('stops a program at the timeout', async () => {
    const started = Date.now();
    const result = await runCommand('sleep', ['5'], { timeoutMs: 200 });
    expect(result).toMatchObject({ ok: false, missing: false, timedOut: true });
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it('captures stdout and stderr, and passes arguments without a shell', async () => {
    const script = 'process.stdout.write(process.argv[1]); process.stderr.write("to stderr")';
    const result = await runCommand(process.execPath, ['-e', script, '$HOME; echo hi']);
    expect(result).toMatchObject({ ok: true, stdout: '$HOME; echo hi', stderr: 'to stderr' });
  });

  it('keeps the output of a program that fails', async () => {
    const script = 'console.log("half done"); console.error("broken"); process.exit(3)';
    const result = await runCommand(process.execPath, ['-e', script]);
    expect(result).toMatchObject({ ok: false, code: 3, stdout: 'half done\n', stderr: 'broken\n' });
  });

  it('asks tools to answer in English', async () => {
    const script = 'process.stdout.write(process.env.LC_ALL + " " + process.env.LANG)';
    const result = await runCommand(process.execPath, ['-e', script]);
    expect(result.stdout).toBe('C C');
  });

  it('stops a program whose output passes 4 MB', async () => {
    const script = 'process.stdout.write("x".repeat(5 * 1024 * 1024))';
    const result = await runCommand(process.execPath, ['-e', script]);
    expect(result).toMatchObject({
      ok: false,
      timedOut: false,
      stderr: 'The output was too long.',
    });
  });

  it('never rejects, even for arguments execFile refuses', async () => {
    const result = await runCommand('echo', ['a\0b']);
    expect(result).toMatchObject({ ok: false, missing: false });
  });
});
