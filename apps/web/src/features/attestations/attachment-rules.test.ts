import { describe, expect, it } from 'vitest';
import { attachmentProblem, formatBytes, hasProof, proofProblem } from './attachment-rules';

const MB = 1024 * 1024;
const file = (type: string, size: number, name = 'proof.png') => ({ type, size, name });

describe('an attachment chosen', () => {
  it('is taken as a PNG, JPEG or PDF of at most 5 MB', () => {
    expect(attachmentProblem(file('image/png', 200_000))).toBeNull();
    expect(attachmentProblem(file('image/jpeg', 5 * MB))).toBeNull();
    expect(attachmentProblem(file('application/pdf', 1))).toBeNull();
  });

  it('is refused with a reason its chooser can act on', () => {
    expect(attachmentProblem(file('image/gif', 1000, 'cat.gif'))).toBe(
      '“cat.gif” is not a PNG, JPEG or PDF file. Choose a screenshot or a PDF.',
    );
    // A file the browser cannot type (no extension it knows) is refused too.
    expect(attachmentProblem(file('', 1000, 'notes'))).toMatch(/is not a PNG, JPEG or PDF/);
    expect(attachmentProblem(file('image/png', 5 * MB + 1, 'big.png'))).toBe(
      '“big.png” is larger than 5 MB, the most a file may be. Choose a smaller one.',
    );
    expect(attachmentProblem(file('application/pdf', 6.4 * MB, 'scan.pdf'))).toBe(
      '“scan.pdf” is larger than 5 MB, the most a file may be. Choose a smaller one.',
    );
    expect(attachmentProblem(file('image/png', 0, 'empty.png'))).toBe(
      '“empty.png” is empty. Choose another file.',
    );
  });

  it('has its size in words', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(300)).toBe('300 bytes');
    expect(formatBytes(120 * 1024)).toBe('120 KB');
    expect(formatBytes(4.25 * MB)).toBe('4.3 MB');
  });
});

describe('a note or a file to attest with', () => {
  const png = new File(['x'], 'shot.png', { type: 'image/png' });

  it('counts only a note with words in it, or a file', () => {
    expect(hasProof({ note: '', file: null })).toBe(false);
    expect(hasProof({ note: '   \n', file: null })).toBe(false);
    expect(hasProof({ note: 'Checked in the admin console', file: null })).toBe(true);
    expect(hasProof({ note: '', file: png })).toBe(true);
  });

  it('cannot be sent with a file the server would refuse', () => {
    expect(proofProblem({ note: 'x', file: null })).toBeNull();
    expect(proofProblem({ note: '', file: png })).toBeNull();
    const gif = new File(['x'], 'a.gif', { type: 'image/gif' });
    expect(proofProblem({ note: 'x', file: gif })).toMatch(/is not a PNG/);
  });
});
