import type { BoardRisksResponse, ScoreResponse } from '@castellan/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatCurrency } from '../../lib/format-currency';
import { fakeApi, reply } from '../../test/fake-api';
import { anAdmin } from '../../test/fixtures';
import { renderWithApp } from '../../test/render';
import BoardPage from './BoardPage';

const now = new Date();
const thisMonth = new Date(now.getFullYear(), now.getMonth(), 1, 12).toISOString();
const lastMonth = new Date(now.getFullYear(), now.getMonth() - 1, 10, 12).toISOString();

const score = (changes: ScoreResponse['changes']): ScoreResponse => ({
  score: 72.5,
  grade: 'C',
  breakdown: [],
  parts: [],
  domainGrade: null,
  history: [
    { date: '2026-01-01', score: 60 },
    { date: '2026-02-01', score: 72.5 },
  ],
  yourProgress: { completed: 0, total: 0, percent: 0 },
  yourCheckedBy: [],
  teamProgress: { completed: 0, total: 0, percent: 0 },
  changes,
});

const risks: BoardRisksResponse = {
  expectedBreachCost: 250_000,
  risks: [
    {
      id: 'account-takeover',
      title: 'E-mail accounts taken over',
      amount: 120_000,
      tasks: [{ catalogueId: 'enable-mfa', title: 'Turn on two-step sign-in' }],
    },
    { id: 'ransomware', title: 'Ransomware on a laptop', amount: 60_000, tasks: [] },
    { id: 'phishing', title: 'A phishing payment', amount: 25_500.4, tasks: [] },
  ],
};

describe('the board summary', () => {
  it('shows the score, the three biggest risks in money and this month’s changes', async () => {
    fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /get-score': reply(
        score([
          {
            at: thisMonth,
            date: thisMonth.slice(0, 10),
            points: 2.4,
            source: 'manual',
            summary: '“Turn on two-step sign-in” done for Ben Carter (marked by Ben Carter)',
          },
          {
            at: lastMonth,
            date: lastMonth.slice(0, 10),
            points: 1,
            source: 'manual',
            summary: 'last month’s change',
          },
        ]),
      ),
      'GET /board/risks': reply(risks),
    });
    renderWithApp(<BoardPage />, { path: '/board' });
    expect(await screen.findByTestId('boardScore')).toHaveTextContent('72.5/100');
    expect(screen.getByRole('img', { name: 'Cyber score grade C' })).toBeVisible();
    expect(screen.getByText('Up 12.5 points since Jan 1, 2026.')).toBeVisible();

    const list = await screen.findByRole('list', { name: 'Risks' });
    const items = [...list.querySelectorAll<HTMLElement>('[data-risk]')];
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('1. E-mail accounts taken over');
    expect(items[0]).toHaveTextContent(`by ${formatCurrency(120_000)}.`);
    expect(items[2]).toHaveTextContent(formatCurrency(25_500));
    expect(formatCurrency(25_500)).not.toMatch(/[.,]\d{2}$/);
    expect(
      within(items[0] ?? list).getByRole('link', { name: 'Turn on two-step sign-in' }),
    ).toHaveAttribute('href', '/tasks?task=enable-mfa');
    expect(screen.getByTestId('boardBreachCost')).toHaveTextContent(formatCurrency(250_000));

    const changes = screen.getByRole('list', { name: 'Changes this month' });
    expect(within(changes).getAllByRole('listitem')).toHaveLength(1);
    expect(changes).toHaveTextContent(
      '“Turn on two-step sign-in” done for Ben Carter (marked by Ben Carter), adding 2.4 points to the score.',
    );
  });

  it('says when nothing changed this month', async () => {
    fakeApi({
      'GET /auth/user-data': reply(anAdmin()),
      'GET /get-score': reply(score([])),
      'GET /board/risks': reply({ expectedBreachCost: 0, risks: [] }),
    });
    renderWithApp(<BoardPage />, { path: '/board' });
    expect(await screen.findByText('Nothing has changed this month yet.')).toBeVisible();
    expect(await screen.findByText(/No open risk with a cost left/)).toBeVisible();
  });
});
