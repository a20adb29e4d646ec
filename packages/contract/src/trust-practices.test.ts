import { describe, expect, it } from 'vitest';
import { practiceProblem, practicesProblem } from './trust-practices';

describe('trust page practices', () => {
  it('accepts 3 to 160 characters on one line, once trimmed', () => {
    expect(practiceProblem('  MFA  ')).toBeNull();
    expect(practiceProblem('x'.repeat(160))).toBeNull();
    expect(practiceProblem(' ab ')).toBe('Write at least 3 characters.');
    expect(practiceProblem('x'.repeat(161))).toBe(
      'Keep it to 160 characters or fewer (this one has 161).',
    );
    expect(practiceProblem('one\ttwo')).toBe('Write it on one line, as plain text.');
    expect(practiceProblem('<script>alert(1)</script>')).toBeNull();
  });

  it('needs one practice to publish, allows none unpublished, and at most 12', () => {
    expect(practicesProblem([], true)).toBe(
      'List at least one practice before publishing the page.',
    );
    expect(practicesProblem([], false)).toBeNull();
    const twelve = Array.from({ length: 12 }, (_, i) => `Practice ${i}`);
    expect(practicesProblem(twelve, true)).toBeNull();
    expect(practicesProblem([...twelve, 'One more'], false)).toBe(
      'List at most 12 practices (there are 13).',
    );
  });

  it('names the first practice at fault, and one listed twice whatever its case or spacing', () => {
    expect(practicesProblem(['Backups', 'no'], true)).toBe(
      'Practice 2: Write at least 3 characters.',
    );
    expect(practicesProblem(['Nightly backups', 'nightly   BACKUPS '], true)).toBe(
      'Practice 2 is listed twice: "nightly   BACKUPS".',
    );
  });
});
