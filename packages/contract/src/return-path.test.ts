import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './return-path';

const APP = 'https://app.castellan.example';

describe('safeReturnPath', () => {
  it.each([
    [
      '/integrations?googleWorkspacePermissionsRequired=true',
      '/integrations?googleWorkspacePermissionsRequired=true',
    ],
    ['/tasks?scope=mine#open', '/tasks?scope=mine#open'],
    ['/', '/'],
    ['/a/../tasks', '/tasks'],
    ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
    [`${APP}/settings`, '/settings'],
  ])('keeps %s on the app as %s', (target, path) => {
    expect(safeReturnPath(target, APP)).toBe(path);
  });

  it.each([
    ['a tab that browsers strip', '/\t/evil.example'],
    ['a newline', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a NUL', '/\u0000/evil.example'],
    ['a C1 control', '/\u0085/evil.example'],
    ['a space', '/ /evil.example'],
    ['a no-break space', '/\u00a0/evil.example'],
    ['a protocol-relative host', '//evil.example'],
    ['a backslash host', '/\\evil.example'],
    ['a backslash anywhere', '/tasks\\x'],
    ['another origin', 'https://evil.example/'],
    ['another port of the same host', 'https://app.castellan.example:8443/'],
    ['plain http of the same host', 'http://app.castellan.example/'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['a path that normalises to //host', '/a/..//evil.example'],
    ['a dot segment that normalises to //host', '/.//evil.example'],
  ])('refuses %s', (_, target) => {
    expect(safeReturnPath(target, APP)).toBeNull();
  });
});
