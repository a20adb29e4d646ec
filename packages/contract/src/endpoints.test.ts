import { describe, expect, it } from 'vitest';
import type { Endpoint } from './endpoint';
import { ENDPOINT_GROUPS, endpoints } from './endpoints';

// The endpoints are declared per domain and joined here: a name given twice would silently
// replace the first endpoint in the joined list.
describe('the joined endpoint list', () => {
  const declared = Object.values(ENDPOINT_GROUPS).flatMap((group) =>
    Object.entries(group as Record<string, Endpoint>),
  );

  it('holds every declared endpoint once, under one name', () => {
    const names = declared.map(([name]) => name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
    expect(Object.keys(endpoints).sort()).toEqual([...names].sort());
  });

  it('gives no two endpoints the same method and path', () => {
    const routes = declared.map(([, e]) => `${e.method} ${e.path}`);
    expect(routes.filter((route, i) => routes.indexOf(route) !== i)).toEqual([]);
  });
});
