import { describe, expect, it } from 'vitest';
import { PAGES } from './pages';
import { ROUTES } from './routes';

describe('pages', () => {
  it('gives pages only to paths of the route table, where the router finds them', () => {
    const paths = new Set(ROUTES.map((route) => route.path));
    expect(Object.keys(PAGES).filter((path) => !paths.has(path))).toEqual([]);
  });
});
