import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { QueryStatus } from './QueryStatus';

const query = (over: Partial<Parameters<typeof QueryStatus>[0]['query']> = {}) => ({
  data: undefined,
  isPending: false,
  isError: false,
  error: null,
  refetch: vi.fn(async () => undefined),
  ...over,
});

describe('QueryStatus', () => {
  it('says what is loading while the data is on its way', () => {
    renderWithApp(<QueryStatus query={query({ isPending: true })} what="the tasks" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the tasks...');
  });

  it("shows the server's message when loading failed, and tries again on request", async () => {
    const failed = query({ isError: true, error: new Error('Database unavailable') });
    const { user } = renderWithApp(<QueryStatus query={failed} what="the score" />);
    expect(screen.getByText('Could not load the score')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(failed.refetch).toHaveBeenCalledOnce();
  });

  it('tells a busy server (no content) apart from a failure', () => {
    renderWithApp(<QueryStatus query={query({ data: null })} what="the tasks" />);
    const busy = screen.getByRole('status');
    expect(busy).toHaveTextContent('The server is busy');
    expect(busy).toHaveTextContent('It asked to wait a moment before sending the tasks.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows nothing once the data is there', () => {
    renderWithApp(<QueryStatus query={query({ data: { tasks: [] } })} what="the tasks" />);
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
