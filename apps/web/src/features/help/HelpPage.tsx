import { Anchor, Card, Stack, Text, TextInput } from '@mantine/core';
import { useMemo, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { PageHeading } from '../../components/PageHeading';
import { useAppConfig } from '../../lib/app-config';
import { useUserData } from '../../lib/user-data';
import { HelpArticleList } from './HelpArticleList';
import { HelpArticleView } from './HelpArticleView';
import { fillPlaceholders, HELP_ARTICLES } from './help-articles';
import { replaceSearchParam } from './replace-search-param';
import { createHelpSearch } from './search-articles';

/**
 * Help: the articles of `articles/`, a search over them and one article at a time. The search
 * (`?q=`) and the open article (`?article=`) live in the address, so reload and Back keep them.
 */
export default function HelpPage() {
  // Each navigation (the menu's Help, Back, a link) starts again from the address.
  return <HelpContent key={useLocation().key} />;
}

function HelpContent() {
  const [params] = useSearchParams();
  const searchInput = useRef<HTMLInputElement>(null);
  // Typing keeps the search here and writes it into the address without a navigation.
  const [query, setQueryState] = useState(params.get('q') ?? '');
  const slug = params.get('article');
  const { data: user } = useUserData();
  const { data: config } = useAppConfig();
  const supportEmail = config?.supportEmail;

  const articles = useMemo(
    () =>
      HELP_ARTICLES.map((article) => ({
        ...article,
        body: fillPlaceholders(article.body, { supportEmail: supportEmail ?? null }),
      })),
    [supportEmail],
  );
  const search = useMemo(() => createHelpSearch(articles), [articles]);
  const results = useMemo(() => search(query), [search, query]);

  const withQuery = (extra: Record<string, string>) => {
    const next = new URLSearchParams(query ? { q: query } : {});
    for (const [key, value] of Object.entries(extra)) next.set(key, value);
    const text = next.toString();
    return text ? `/help?${text}` : '/help';
  };

  const setQuery = (next: string) => {
    setQueryState(next);
    replaceSearchParam('q', next);
  };

  const article = slug === null ? null : articles.find((a) => a.slug === slug);

  return (
    <>
      <PageHeading title="Help" />
      {slug === null ? (
        <Stack gap="md" maw={760}>
          <TextInput
            ref={searchInput}
            type="search"
            label="Search help"
            placeholder="For example: score, DMARC, permissions"
            value={query}
            onChange={(event) => setQuery(event.currentTarget.value)}
          />
          <Text size="sm" c="dimmed" aria-live="polite">
            {query.trim()
              ? `${results.length} ${results.length === 1 ? 'article matches' : 'articles match'}`
              : `${results.length} articles`}
          </Text>
          <HelpArticleList
            results={results}
            query={query}
            hrefOf={(s) => withQuery({ article: s })}
            onClear={() => {
              setQuery('');
              searchInput.current?.focus();
            }}
          />
        </Stack>
      ) : article ? (
        <Stack maw={760}>
          <HelpArticleView
            key={article.slug}
            article={article}
            listHref={withQuery({})}
            isAdmin={user?.role === 'admin'}
          />
        </Stack>
      ) : (
        <Card withBorder padding="lg" maw={760}>
          <Text mb="sm">There is no help article called “{slug}”.</Text>
          <Anchor component={Link} to={withQuery({})}>
            All help articles
          </Anchor>
        </Card>
      )}
    </>
  );
}
