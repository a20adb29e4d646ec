import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults for development', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      databaseUrl: undefined,
      testLogin: true,
      demoData: true,
      trustProxy: false,
      session: { idleMs: 24 * 3_600_000, maxAgeMs: 7 * 24 * 3_600_000 },
    });
  });

  it('turns test login and demo data off in production unless asked for', () => {
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      testLogin: false,
      demoData: false,
    });
    expect(
      loadConfig({ NODE_ENV: 'production', TEST_LOGIN: '1', DEMO_DATA: 'true' }),
    ).toMatchObject({ testLogin: true, demoData: true });
    expect(loadConfig({ TEST_LOGIN: '0' }).testLogin).toBe(false);
  });

  it('reads numbers, flags and URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/castellan',
      TRUST_PROXY: '1',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '2',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/castellan',
      trustProxy: true,
      session: { idleMs: 30 * 60_000, maxAgeMs: 2 * 3_600_000 },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '80.5' }, /PORT/],
    [{ DATABASE_URL: 'mysql://db/castellan' }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'db.example:5432' }, /DATABASE_URL/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ SESSION_IDLE_MINUTES: '0' }, /SESSION_IDLE_MINUTES/],
    [{ PUBLIC_URL: 'castellan.example' }, /PUBLIC_URL/],
    [{ PRODUCT_DOMAIN: 'Castellan.Example' }, /PRODUCT_DOMAIN: must be a lower-case domain/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
