import { Button } from '@mantine/core';
import type { ReactNode } from 'react';

type PagedQuery = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

/** Loads the next page of a findings list, while there is one. */
export function ShowMoreButton({ query, children }: { query: PagedQuery; children: ReactNode }) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="light"
      onClick={() => void query.fetchNextPage()}
      loading={query.isFetchingNextPage}
      style={{ alignSelf: 'flex-start' }}
    >
      {children}
    </Button>
  );
}
