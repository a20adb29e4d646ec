import { Anchor, Blockquote, Code, List, Text, Title } from '@mantine/core';
import { Children, isValidElement, type ReactNode } from 'react';
import { Link } from 'react-router';
import { headingId, isInAppHref, safeArticleHref } from './article-links';
import { type Block, type Inline, parseArticle } from './article-markdown';

/**
 * Renders an article's Markdown as React elements (article-markdown.ts reads it). Raw HTML in the
 * file is dropped, only the elements below are made, and links keep only safe targets.
 */

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

type WithChildren = { children?: ReactNode };

/**
 * How each element is shown. The page's h1 is "Help" and the article's title an h2, so the
 * article's own headings sit below. (help.test.ts renders the articles with a full Markdown
 * parser through these same elements, to compare.)
 */
export const ELEMENTS = {
  h2: ({ children }: WithChildren) => (
    <Title order={3} size="h4" id={headingId(textOf(children))} mt="lg" mb="xs">
      {children}
    </Title>
  ),
  h3: ({ children }: WithChildren) => (
    <Title order={4} size="h5" id={headingId(textOf(children))} mt="md" mb="xs">
      {children}
    </Title>
  ),
  h4: ({ children }: WithChildren) => (
    <Title order={5} size="h6" id={headingId(textOf(children))} mt="md" mb="xs">
      {children}
    </Title>
  ),
  p: ({ children }: WithChildren) => <Text mb="sm">{children}</Text>,
  ul: ({ children }: WithChildren) => (
    <List mb="sm" spacing={4}>
      {children}
    </List>
  ),
  ol: ({ children }: WithChildren) => (
    <List type="ordered" mb="sm" spacing={4}>
      {children}
    </List>
  ),
  li: ({ children }: WithChildren) => <List.Item>{children}</List.Item>,
  code: ({ children }: WithChildren) => <Code>{children}</Code>,
  blockquote: ({ children }: WithChildren) => <Blockquote mb="sm">{children}</Blockquote>,
  a: ({ href, children }: WithChildren & { href?: string }) => {
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

function inline(nodes: Inline[]): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${i}`;
    switch (node.kind) {
      case 'text':
        return node.text;
      case 'code':
        return <ELEMENTS.code key={key}>{node.text}</ELEMENTS.code>;
      case 'strong':
        return <strong key={key}>{inline(node.children)}</strong>;
      case 'em':
        return <em key={key}>{inline(node.children)}</em>;
      case 'link':
        return (
          <ELEMENTS.a key={key} href={node.href}>
            {inline(node.children)}
          </ELEMENTS.a>
        );
    }
    return null;
  });
}

function blocks(nodes: Block[]): ReactNode[] {
  return nodes.map((node, i) => {
    const key = `${i}`;
    switch (node.kind) {
      case 'h2':
      case 'h3':
      case 'h4': {
        const Heading = ELEMENTS[node.kind];
        return <Heading key={key}>{inline(node.children)}</Heading>;
      }
      case 'p':
        return <ELEMENTS.p key={key}>{inline(node.children)}</ELEMENTS.p>;
      case 'ul':
      case 'ol': {
        const ListOf = ELEMENTS[node.kind];
        return (
          <ListOf key={key}>
            {node.items.map((item, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the items of a fixed text
              <ELEMENTS.li key={j}>{inline(item)}</ELEMENTS.li>
            ))}
          </ListOf>
        );
      }
      case 'blockquote':
        return <ELEMENTS.blockquote key={key}>{blocks(node.children)}</ELEMENTS.blockquote>;
      case 'hr':
        return <hr key={key} />;
    }
    return null;
  });
}

export function ArticleMarkdown({ markdown }: { markdown: string }) {
  return <>{blocks(parseArticle(markdown))}</>;
}
