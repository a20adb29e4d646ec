import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import Markdown, { type Components } from 'react-markdown';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ArticleMarkdown, ELEMENTS } from './ArticleMarkdown';
import { headingId, safeArticleHref } from './article-links';
import { byListOrder, type HelpArticle, parseHelpArticle } from './front-matter';
import { fillPlaceholders, HELP_ARTICLES } from './help-articles';
import { createHelpSearch, foldText, markdownToText } from './search-articles';

const file = (front: string, body = 'Body text.') => `---\n${front}\n---\n\n${body}\n`;

describe('help article front matter', () => {
  it('reads the title, summary, keywords, order, action and body', () => {
    const article = parseHelpArticle(
      'tour',
      file(
        'title: The tour\nsummary: How it works: briefly.\nkeywords: tour, guide , ,walkthrough\norder: 3\naction: restart-tour',
        '## Steps\n\nEight of them.',
      ),
    );
    expect(article).toEqual({
      slug: 'tour',
      title: 'The tour',
      summary: 'How it works: briefly.',
      keywords: ['tour', 'guide', 'walkthrough'],
      order: 3,
      action: 'restart-tour',
      body: '## Steps\n\nEight of them.',
    });
  });

  it('takes Windows line ends and a byte-order mark, and defaults what is optional', () => {
    const article = parseHelpArticle('a', '\uFEFF---\r\ntitle: A\r\nsummary: S\r\n---\r\nText\r\n');
    expect(article).toMatchObject({ title: 'A', summary: 'S', keywords: [], action: null });
    expect(article.order).toBe(Number.POSITIVE_INFINITY);
    expect(article.body).toBe('Text');
  });

  it.each([
    ['no front matter', 'title: A\nsummary: S\n', 'must start with a "---" line'],
    ['no closing line', '---\ntitle: A\nsummary: S\n', 'no closing "---" line'],
    ['no title', file('summary: S'), 'needs a title'],
    ['an empty summary', file('title: A\nsummary:'), 'needs a summary'],
    [
      'an unknown key',
      file('title: A\nsummary: S\nauthor: me'),
      'unknown front matter key "author"',
    ],
    ['a key twice', file('title: A\ntitle: B\nsummary: S'), '"title" is given twice'],
    ['a line without a colon', file('title: A\nsummary: S\noops'), '"oops" is not'],
    ['an order that is no number', file('title: A\nsummary: S\norder: first'), 'not a number'],
    ['an unknown action', file('title: A\nsummary: S\naction: launch'), 'unknown action "launch"'],
  ])('refuses a file with %s', (_, source, message) => {
    expect(() => parseHelpArticle('broken', source)).toThrow(message);
  });

  it('lists articles by order, then by title', () => {
    const a = (title: string, order = Number.POSITIVE_INFINITY) =>
      ({ title, order }) as HelpArticle;
    const sorted = [a('Zebra'), a('Beta', 2), a('Alpha'), a('Gamma', 1)].sort(byListOrder);
    expect(sorted.map((x) => x.title)).toEqual(['Gamma', 'Beta', 'Alpha', 'Zebra']);
  });
});

describe('the help articles in the repo', () => {
  const slugs = HELP_ARTICLES.map((a) => a.slug);
  const links = (markdown: string) => [...markdown.matchAll(/\]\(([^)\s]*)\)/g)].map((m) => m[1]);

  it('are loaded, in their order, each with a unique slug', () => {
    expect(slugs).toEqual([
      'getting-started',
      'cyber-score',
      'domain-report-grade',
      'integrations-permissions',
      'endpoint-agent',
      'phishing-practice',
      'guided-tour',
      'privacy-and-data',
      'contact-support',
    ]);
  });

  it('link only to safe targets, and to articles that exist', () => {
    for (const article of HELP_ARTICLES) {
      for (const href of links(article.body)) {
        expect(safeArticleHref(href ?? ''), `${article.slug}: ${href}`).not.toBeNull();
        const target = href?.match(/[?&]article=([\w-]+)/)?.[1];
        if (target) expect(slugs, `${article.slug} links to ${target}`).toContain(target);
      }
    }
  });

  it('hold no raw HTML', () => {
    for (const article of HELP_ARTICLES) expect(article.body).not.toMatch(/<[a-z!/]/i);
  });

  it('name the support address with a placeholder, filled in when shown', () => {
    const support = HELP_ARTICLES.find((a) => a.slug === 'contact-support');
    const body = fillPlaceholders(support?.body ?? '', { supportEmail: 'help@example.org' });
    expect(body).toContain('[help@example.org](mailto:help@example.org)');
    expect(body).not.toContain('{{');
  });
});

describe('placeholders', () => {
  it('fills the known names and leaves others as written', () => {
    expect(
      fillPlaceholders('Write to {{supportEmail}} or {{ supportEmail }}, not {{other}}.', {
        supportEmail: 'a@b.c',
      }),
    ).toBe('Write to a@b.c or a@b.c, not {{other}}.');
  });

  it('reads an unknown value as a phrase, and a link to it as its text only', () => {
    expect(
      fillPlaceholders('Write to [{{supportEmail}}](mailto:{{supportEmail}}) or [us](/help).', {
        supportEmail: null,
      }),
    ).toBe('Write to our support team or [us](/help).');
  });
});

describe('help search', () => {
  const article = (slug: string, title: string, body: string, keywords: string[] = []) =>
    ({
      slug,
      title,
      summary: `About ${title.toLowerCase()}`,
      keywords,
      order: 1,
      action: null,
      body,
    }) as HelpArticle;
  const articles = [
    article('score', 'The cyber score', 'Each task is worth **points** by its risk.', ['grade']),
    article('tour', 'The guided tour', 'Eight steps. Press [Next](/help) to move on.'),
    article('privacy', 'Privacy', 'Données: we keep your name and the Sécurité settings.'),
  ];
  const search = createHelpSearch(articles);
  const slugsOf = (query: string) => search(query).map((r) => r.article.slug);

  it('lists every article, without snippets, for an empty or blank query', () => {
    expect(slugsOf('')).toEqual(['score', 'tour', 'privacy']);
    expect(search('   ').every((r) => r.snippet === null)).toBe(true);
  });

  it('finds words in the title, the summary, the keywords and the body', () => {
    expect(slugsOf('guided')).toEqual(['tour']);
    expect(slugsOf('about privacy')).toEqual(['privacy']);
    expect(slugsOf('grade')).toEqual(['score']);
    expect(slugsOf('worth')).toEqual(['score']);
  });

  it('needs every word to match, in any order', () => {
    expect(slugsOf('score points')).toEqual(['score']);
    expect(slugsOf('points tour')).toEqual([]);
    expect(slugsOf('steps eight')).toEqual(['tour']);
  });

  it('ignores case and accents, in the query and the text', () => {
    expect(slugsOf('SECURITE')).toEqual(['privacy']);
    expect(slugsOf('données')).toEqual(['privacy']);
    expect(slugsOf('CYBER Scóre')).toEqual(['score']);
  });

  it('matches the text a reader sees, not the Markdown around it', () => {
    expect(slugsOf('points by')).toEqual(['score']);
    expect(slugsOf('/help')).toEqual([]);
  });

  it('shows the body around the first word found, with its accents', () => {
    expect(search('securite')[0]?.snippet).toBe(
      'Données: we keep your name and the Sécurité settings.',
    );
    expect(search('guided')[0]?.snippet).toBeNull();
  });

  it('cuts a long body on word boundaries around the match', () => {
    const long = `${'alpha '.repeat(40)}needle ${'omega '.repeat(60)}`.trim();
    const [result] = createHelpSearch([article('long', 'Long', long)])('needle');
    // Whole words only at both ends: "…alpha … needle … omega…", never "…pha" or "om…".
    expect(result?.snippet).toMatch(/^…alpha (alpha )*needle( omega)+…$/);
    expect((result?.snippet ?? '').length).toBeLessThanOrEqual(185);
  });

  it('folds text and strips Markdown as documented', () => {
    expect(foldText('Ça Été')).toBe('ca ete');
    expect(markdownToText('## Title\n\n- a [link](/x) and `code`\n1. *one*')).toBe(
      'Title a link and code one',
    );
  });
});

describe('rendering an article', () => {
  const inApp = (element: ReturnType<typeof createElement>) =>
    renderToStaticMarkup(
      createElement(MantineProvider, null, createElement(MemoryRouter, null, element)),
    );
  const render = (markdown: string) => inApp(createElement(ArticleMarkdown, { markdown }));
  /**
   * The same Markdown read by a full CommonMark parser, shown through the same elements.
   */
  const renderInFull = (markdown: string) =>
    inApp(
      createElement(
        Markdown,
        {
          skipHtml: true,
          allowedElements: [
            ...['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'a', 'strong', 'em', 'code'],
            ...['pre', 'blockquote', 'hr', 'br'],
          ],
          unwrapDisallowed: true,
          urlTransform: (url: string) => safeArticleHref(url) ?? '',
          components: ELEMENTS as Components,
        },
        markdown,
      ),
    );
  /** Line breaks between tags, which the page does not show: a full parser keeps them as text. */
  const same = (html: string) => html.replace(/>\n+</g, '><');

  it.each(HELP_ARTICLES.map((a) => [a.slug, a]))(
    'reads %s as a full Markdown parser does',
    (_slug, article) => {
      const body = fillPlaceholders(article.body, { supportEmail: 'help@castellan.example' });
      expect(same(render(body))).toBe(same(renderInFull(body)));
    },
  );

  it('reads every construct it knows as a full Markdown parser does', () => {
    const sample = [
      '## A *fine* heading ##',
      '### Third `level`',
      '#### Fourth',
      '',
      'A paragraph with **strong**, __strong too__, *em*, _em too_, `code`, a',
      'second line and [a **bold** link](https://example.org/a) and snake_case_words.',
      '',
      '- one',
      '- two with [mail](mailto:a@b.c)',
      '  and more',
      '* a new list',
      '',
      '3. three',
      '4. four',
      '',
      '> quoted **text**',
      '> - a quoted item',
      '',
      '---',
      '',
      'After <b>inline html</b> and ![an image](https://example.org/i.png) the end.',
    ].join('\n');
    expect(same(render(sample))).toBe(same(renderInFull(sample)));
  });

  it('never injects raw HTML, script or unsafe link targets', () => {
    const html = render(
      [
        '<script>alert(1)</script>',
        '',
        'Text <img src=x onerror="alert(2)"> inline <b onclick="alert(3)">bold</b>',
        '',
        '<iframe src="https://evil.example"></iframe>',
        '',
        '[click](javascript:alert(4)) [data](data:text/html;base64,PHNjcmlwdD4=) [other host](//evil.example/x)',
        '',
        '![picture](https://example.org/a.png)',
        '',
        '<a href="javascript:alert(5)">raw link</a>',
      ].join('\n'),
    );
    expect(html).not.toMatch(/<script|<img|<iframe|<b[\s>]/i);
    expect(html).not.toMatch(/onerror|onclick/i);
    expect(html).not.toMatch(/javascript:|data:text|\/\/evil/i);
    expect(html).not.toMatch(/alert\(1\)|alert\(5\)/);
    // The texts of the refused links stay, as plain text.
    expect(html).toContain('click');
    expect(html).not.toMatch(/<a[^>]*>click<\/a>/);
  });

  it('keeps web, e-mail and in-app links, and gives headings ids', () => {
    const html = render(
      '## How the score is computed\n\n[docs](https://example.org/x) [mail](mailto:a@b.c) [tasks](/tasks) [top](#how-the-score-is-computed)',
    );
    expect(html).toMatch(/<h3[^>]*id="how-the-score-is-computed"/);
    expect(html).toMatch(
      /href="https:\/\/example.org\/x"[^>]*target="_blank"|target="_blank"[^>]*href="https:\/\/example.org\/x"/,
    );
    expect(html).toContain('href="mailto:a@b.c"');
    expect(html).toContain('href="/tasks"');
    expect(html).toContain('href="#how-the-score-is-computed"');
  });

  it('makes heading ids from their text', () => {
    expect(headingId('Privacy & your data — Été')).toBe('privacy-your-data-ete');
  });
});
