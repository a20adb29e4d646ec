import { Anchor, Blockquote, Code, List, Text, Title } from '@mantine/core';
import { Children, isValidElement, type ReactNode } from 'react';
import Markdown, { type Components } from 'react-markdown';
import { Link } from 'react-router';
import { headingId, isInAppHref, safeArticleHref } from './article-links';

/**
 * Renders an article's Markdown as React elements. Raw HTML in the file is dropped (there is no
 * rehype-raw), only the elements below are kept, and links keep only safe targets.
 */

const ALLOWED_ELEMENTS = [
  'p',
  'h2',
  'h3',
  'h4',
  'ul',
  'ol',
  'li',
  'a',
  'strong',
  'em',
  'code',
  'pre',
  'blockquote',
  'hr',
  'br',
];

/** The text of a heading's children, for its id. */
function textOf(children: ReactNode): string {
  return Children.toArray(children)
    .map((child) => {
      if (typeof child === 'string' || typeof child === 'number') return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return '';
    })
    .join('');
}

// The page's h1 is "Help" and the article's title an h2, so the article's own headings sit below.
const COMPONENTS: Components = {
  h2: ({ children }) => (
    <Title order={3} size="h4" id={headingId(textOf(children))} mt="lg" mb="xs">
      {children}
    </Title>
  ),
  h3: ({ children }) => (
    <Title order={4} size="h5" id={headingId(textOf(children))} mt="md" mb="xs">
      {children}
    </Title>
  ),
  h4: ({ children }) => (
    <Title order={5} size="h6" id={headingId(textOf(children))} mt="md" mb="xs">
      {children}
    </Title>
  ),
  p: ({ children }) => <Text mb="sm">{children}</Text>,
  ul: ({ children }) => (
    <List mb="sm" spacing={4}>
      {children}
    </List>
  ),
  ol: ({ children }) => (
    <List type="ordered" mb="sm" spacing={4}>
      {children}
    </List>
  ),
  li: ({ children }) => <List.Item>{children}</List.Item>,
  code: ({ children }) => <Code>{children}</Code>,
  blockquote: ({ children }) => <Blockquote mb="sm">{children}</Blockquote>,
  a: ({ href, children }) => {
    const safe = safeArticleHref(href ?? '');
    if (safe === null) return <>{children}</>;
    if (isInAppHref(safe)) {
      return (
        <Anchor component={Link} to={safe}>
          {children}
        </Anchor>
      );
    }
    const external = !safe.startsWith('mailto:') && !safe.startsWith('#');
    return (
      <Anchor href={safe} {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
        {children}
      </Anchor>
    );
  },
};

export function ArticleMarkdown({ markdown }: { markdown: string }) {
  return (
    <Markdown
      skipHtml
      allowedElements={ALLOWED_ELEMENTS}
      unwrapDisallowed
      urlTransform={(url) => safeArticleHref(url) ?? ''}
      components={COMPONENTS}
    >
      {markdown}
    </Markdown>
  );
}
