import { Anchor, Button, Card, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { showCookiePreferences } from '../../lib/cookie-consent';
import { ArticleMarkdown } from './ArticleMarkdown';
import type { HelpArticle } from './front-matter';
import { RestartTourCard } from './RestartTourCard';

type Props = {
  article: HelpArticle;
  /** Where "All help articles" goes back to: the list with the search that was on. */
  listHref: string;
  isAdmin: boolean;
};

export function HelpArticleView({ article, listHref, isAdmin }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { hash } = useLocation();

  // A link to a section scrolls to it; otherwise the reader starts at the title, with the focus.
  // (The page keys this view by slug, so another article runs it again.)
  useEffect(() => {
    const section = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
    if (section) section.scrollIntoView();
    else heading.current?.focus();
  }, [hash]);

  return (
    <Card withBorder component="article" aria-labelledby="helpArticleTitle" padding="lg">
      <Anchor component={Link} to={listHref} size="sm" mb="sm" w="fit-content">
        ← All help articles
      </Anchor>
      <Title order={2} id="helpArticleTitle" ref={heading} tabIndex={-1} mb={4}>
        {article.title}
      </Title>
      <Text c="dimmed" mb="md">
        {article.summary}
      </Text>
      <ArticleMarkdown markdown={article.body} />
      {article.action === 'restart-tour' && isAdmin && <RestartTourCard />}
      {article.action === 'cookie-preferences' && (
        <Button
          variant="default"
          onClick={() => void showCookiePreferences()}
          w="fit-content"
          mt="sm"
        >
          Cookie preferences
        </Button>
      )}
    </Card>
  );
}
