import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from './database-unavailable';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('isDatabaseUnavailable', () => {
  it.each([
    ['refused', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['reset', withCode('read ECONNRESET', 'ECONNRESET')],
    ['terminated', new Error('Connection terminated unexpectedly')],
    ['connect timeout', new Error('Connection terminated due to connection timeout')],
    ['pool wait', new Error('timeout exceeded when trying to connect')],
    ['read timeout', new Error('Query read timeout')],
    ['statement timeout', withCode('canceling statement due to statement timeout', '57014')],
    ['shutdown', withCode('terminating connection due to administrator command', '57P01')],
    ['connection class 08', withCode('connection failure', '08006')],
    ['PGlite closed', new Error('PGlite is closed')],
    ['wrapped by Drizzle', new DrizzleQueryError('select 1', [], new Error('PGlite is closed'))],
  ])('recognises %s', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(true);
  });

  it.each([
    ['a constraint violation', withCode('duplicate key value', '23505')],
    ['a syntax error', new DrizzleQueryError('selec 1', [], withCode('syntax error', '42601'))],
    // A third-party API refusing: fetch keeps the socket error in `cause`.
    [
      'a refused HTTP call',
      new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
    ],
    ['a string', 'ECONNREFUSED'],
  ])('leaves %s alone', (_, err) => {
    expect(isDatabaseUnavailable(err)).toBe(false);
  });
});
