import { describe, expect, it } from 'vitest';
import { cursorOf, offsetOf, type Page, pageAt } from './paging';

const LETTERS = ['a', 'b', 'c', 'd', 'e'];

/** Every page from the first on, following each page's cursor. */
function walk(items: readonly string[], size: number, binding = '') {
  const pages: string[][] = [];
  let cursor: string | null = null;
  do {
    const page: Page<string> | null = pageAt(items, cursor, size, binding);
    if (!page) throw new Error('a cursor of our own was refused');
    pages.push(page.items);
    cursor = page.next ?? null;
  } while (cursor !== null);
  return pages;
}

describe('kit paging', () => {
  it('gives the next slice at each cursor, and no cursor on the last page', () => {
    expect(walk(LETTERS, 2)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    const first = pageAt(LETTERS, null, 2);
    expect(first).toMatchObject({ items: ['a', 'b'], offset: 0 });
    expect(pageAt(LETTERS, first?.next ?? '', 2)).toMatchObject({ items: ['c', 'd'], offset: 2 });
  });

  it('ends on a full last page without a cursor to an empty one', () => {
    expect(walk(['a', 'b', 'c', 'd'], 2)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(pageAt([], null, 3)).toEqual({ items: [], offset: 0 });
  });

  it('refuses a cursor made for another query, or not made here at all', () => {
    const page = pageAt(LETTERS, null, 2, 'q=admins');
    const next = page?.next ?? '';
    expect(pageAt(LETTERS, next, 2, 'q=admins')?.items).toEqual(['c', 'd']);
    expect(pageAt(LETTERS, next, 2, 'q=everyone')).toBeNull();
    expect(pageAt(LETTERS, next, 2)).toBeNull();
    expect(pageAt(LETTERS, 'not-a-cursor', 2)).toBeNull();
    expect(pageAt(LETTERS, '', 2)).toBeNull();
  });

  it('keeps the offset opaque but recoverable for its binding only', () => {
    const cursor = cursorOf(40, 'b');
    expect(cursor).not.toContain('40');
    expect(offsetOf(cursor, 'b')).toBe(40);
    expect(offsetOf(cursor, 'c')).toBeNull();
    expect(pageAt(LETTERS, cursorOf(9), 2)).toEqual({ items: [], offset: 9 });
  });
});
