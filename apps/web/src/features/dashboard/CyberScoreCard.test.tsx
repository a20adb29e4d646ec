import type { ScoreResponse } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { CyberScoreCard } from './CyberScoreCard';

const score = (over: Partial<ScoreResponse> = {}): ScoreResponse => ({
  score: 42.5,
  grade: 'E',
  breakdown: [
    { category: 'First things first', score: 50, earned: 10, possible: 20 },
    { category: 'Quick fix', score: 25, earned: 1.5, possible: 6 },
    { category: 'Basic protection', score: 100, earned: 1, possible: 1 },
    { category: 'Extra protection', score: 0, earned: 0, possible: 13 },
  ],
  parts: [
    { part: 'Identity and accounts', earned: 10.25, possible: 16 },
    { part: 'Devices', earned: 1.25, possible: 12 },
    { part: 'E-mail and domain', earned: 1, possible: 9 },
    { part: 'People and process', earned: 0, possible: 3 },
  ],
  domainGrade: {
    grade: 'B',
    domain: 'brightwave.example',
    scannedAt: '2026-11-20T09:30:00Z',
  },
  history: [{ date: '2026-11-29', score: 42.5 }],
  yourProgress: { completed: 1, total: 4, percent: 25 },
  yourCheckedBy: [],
  teamProgress: { completed: 3, total: 12, percent: 25 },
  changes: [],
  ...over,
});

const rowOf = (list: string, label: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .find((item) => within(item).queryByText(label) !== null) as HTMLElement;

describe('the cyber score card', () => {
  it('shows one score, then its four parts in points', () => {
    renderWithApp(<CyberScoreCard score={score()} />);
    expect(screen.getByTestId('scoreValue')).toHaveTextContent('42.5/100');
    expect(screen.getAllByText(/\/\s?100/)).toHaveLength(1);
    const parts = within(screen.getByRole('list', { name: 'Score by part' })).getAllByRole(
      'listitem',
    );
    expect(parts.map((item) => item.textContent)).toEqual([
      expect.stringContaining('Identity and accounts10.3 of 16 points'),
      expect.stringContaining('Devices1.3 of 12 points'),
      expect.stringContaining('E-mail and domain1 of 9 points'),
      expect.stringContaining('People and process0 of 3 points'),
    ]);
    expect(
      within(rowOf('Score by part', 'Devices')).getByRole('progressbar', { name: 'Devices' }),
    ).toHaveAttribute('aria-valuenow', '10.4');
  });

  it('gives the categories in points too, with a bar of the share earned', () => {
    renderWithApp(<CyberScoreCard score={score()} />);
    const quickFix = rowOf('Score by category', 'Quick fix');
    expect(quickFix).toHaveTextContent('1.5 of 6 points');
    expect(within(quickFix).getByRole('progressbar', { name: 'Quick fix' })).toHaveAttribute(
      'aria-valuenow',
      '25',
    );
    expect(rowOf('Score by category', 'Basic protection')).toHaveTextContent('1 of 1 point');
  });

  it('shows the domain grade as evidence of the e-mail-and-domain part, never as a score', () => {
    const { unmount } = renderWithApp(<CyberScoreCard score={score()} />);
    expect(rowOf('Score by part', 'E-mail and domain')).toHaveTextContent(
      'Domain grade B from the scan of brightwave.example on Nov 20, 2026.',
    );
    expect(rowOf('Score by part', 'Devices')).not.toHaveTextContent('Domain grade');
    unmount();
    renderWithApp(<CyberScoreCard score={score({ domainGrade: null })} />);
    expect(screen.getByTestId('domainGradeEvidence')).toHaveTextContent(
      'No domain grade yet: your domain has not been scanned.',
    );
  });
});
