import { Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { HelpSearchResult } from './search-articles';

type Props = {
  results: HelpSearchResult[];
  query: string;
  /** The address of an article, keeping the search. */
  hrefOf: (slug: string) => string;
  onClear: () => void;
};

export function HelpArticleList({ results, query, hrefOf, onClear }: Props) {
  if (results.length === 0) {
    return (
      <Card withBorder padding="lg">
        <Text fw={600} mb={4}>
          No articles match “{query.trim()}”.
        </Text>
        <Text c="dimmed" mb="sm">
          Try fewer or other words.
        </Text>
        <Button variant="light" onClick={onClear} w="fit-content">
          Clear search
        </Button>
      </Card>
    );
  }
  return (
    <Stack
      component="ul"
      aria-label="Help articles"
      gap="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {results.map(({ article, snippet }) => (
        <Card component="li" withBorder key={article.slug} padding="md">
          <Anchor component={Link} to={hrefOf(article.slug)} fw={600}>
            {article.title}
          </Anchor>
          <Text size="sm">{article.summary}</Text>
          {snippet && (
            <Text size="sm" c="dimmed" mt={4}>
              {snippet}
            </Text>
          )}
        </Card>
      ))}
    </Stack>
  );
}
