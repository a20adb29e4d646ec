import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { AgentCheckId, AgentVerdict } from '@castellan/contract/agent-checks';
import { expect, it } from 'vitest';
import type { Check } from '../src/context';
import { type FakeContextOptions, FIXTURES_DIR, fakeContext } from './fake-context';

/** One recorded situation and what the check must conclude from it. */
export type CheckCase = FakeContextOptions & {
  name: string;
  verdict: AgentVerdict;
  /** Words the evidence must contain. */
  evidence: (string | RegExp)[];
  needsAdmin?: boolean;
};

/** Runs the check on every case, and fails when a fixture of the check is used by none. */
export function testCheckCases(id: AgentCheckId, check: Check, cases: CheckCase[]) {
  it.each(cases)('$platform: $name', async (c) => {
    const result = await check(fakeContext(c));
    expect(result.id).toBe(id);
    expect(result.verdict).toBe(c.verdict);
    for (const words of c.evidence) expect(result.evidence).toMatch(words);
    expect(result.needsAdmin ?? false).toBe(c.needsAdmin ?? false);
  });

  it('uses every recorded fixture', () => {
    const used = new Set(cases.flatMap(fixturesOf));
    const unused = fixturesFor(id).filter((name) => !used.has(name));
    expect(unused).toEqual([]);
  });
}

function fixturesOf(c: CheckCase): string[] {
  const answers = Object.values(c.commands ?? {}).flatMap((answer) =>
    typeof answer === 'string' ? [answer] : [answer.stdoutFile, answer.stderrFile],
  );
  return [...answers, ...Object.values(c.files ?? {})].filter((n): n is string => !!n);
}

function fixturesFor(id: AgentCheckId): string[] {
  return ['linux', 'darwin', 'win32'].flatMap((platform) => {
    const dir = path.join(FIXTURES_DIR, platform, id);
    return readdirSync(dir).map((file) => `${platform}/${id}/${file}`);
  });
}
