import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const PRODUCTION = {
  NODE_ENV: 'production',
  ENCRYPTION_KEY: Buffer.alloc(32, 1).toString('base64'),
};

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

  it('needs an encryption key in production, and reads it as base64 or hex', () => {
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(
      /ENCRYPTION_KEY: must be set in production/,
    );
    expect(loadConfig(PRODUCTION).encryptionKey).toEqual(Buffer.alloc(32, 1));
    expect(loadConfig({ ENCRYPTION_KEY: '01'.repeat(32) }).encryptionKey).toEqual(
      Buffer.alloc(32, 1),
    );
    expect(loadConfig({}).encryptionKey).toBeNull();
    expect(() => loadConfig({ ENCRYPTION_KEY: 'short' })).toThrow(
      /ENCRYPTION_KEY: must be 32 bytes/,
    );
  });

  it('turns test login and demo data off in production', () => {
    expect(loadConfig(PRODUCTION)).toMatchObject({
      testLogin: false,
      testLoginReason: null,
      demoData: false,
    });
    expect(loadConfig({ TEST_LOGIN: '0' }).testLogin).toBe(false);
  });

  it.each([
    [{ TEST_LOGIN: '1' }, /TEST_LOGIN: must not be set in production/],
    [{ TEST_LOGIN: 'true' }, /TEST_LOGIN: must not be set in production/],
    [{ DEMO_DATA: '1' }, /DEMO_DATA: must not be set in production/],
  ])('refuses to start in production with %o', (env, message) => {
    expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig({ ...PRODUCTION, ...env })).toThrow(message);
  });

  it('sends mail into the outbox by default, and in production only through SMTP_URL', () => {
    expect(loadConfig({}).mail).toEqual({
      enabled: true,
      smtpUrl: null,
      from: 'Castellan <no-reply@castellan.example>',
    });
    expect(loadConfig(PRODUCTION).mail.enabled).toBe(false);
    expect(() => loadConfig({ ...PRODUCTION, MAIL_ENABLED: '1' })).toThrow(
      /SMTP_URL: must be set in production when MAIL_ENABLED is on/,
    );
    const smtp = { ...PRODUCTION, SMTP_URL: 'smtps://user:pass@mail.example:465' };
    expect(loadConfig(smtp).mail).toMatchObject({ enabled: true, smtpUrl: smtp.SMTP_URL });
    expect(loadConfig({ ...smtp, MAIL_ENABLED: '0' }).mail.enabled).toBe(false);
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL: must be an/);
    expect(() => loadConfig({ MAIL_FROM: 'A <a@b.example>\r\nBcc: c@d.example' })).toThrow(
      /MAIL_FROM: must be one line/,
    );
  });

  it.each(['localhost', '127.0.0.1', '127.8.9.10', '::1', '[::1]', 'LOCALHOST'])(
    'turns test login on for development and tests listening on %s',
    (HOST) => {
      for (const NODE_ENV of ['development', 'test']) {
        expect(loadConfig({ NODE_ENV, HOST })).toMatchObject({
          testLogin: true,
          testLoginReason: 'loopback development',
        });
      }
    },
  );

  it.each(['0.0.0.0', '::', '192.168.1.20', 'castellan.internal', '127.example'])(
    'leaves test login off in development on %s unless TEST_LOGIN=1 asks for it',
    (HOST) => {
      expect(loadConfig({ HOST })).toMatchObject({ testLogin: false, testLoginReason: null });
      expect(loadConfig({ HOST, TEST_LOGIN: '1' })).toMatchObject({
        testLogin: true,
        testLoginReason: 'TEST_LOGIN=1',
      });
      expect(loadConfig({ HOST: 'localhost', TEST_LOGIN: '0' }).testLogin).toBe(false);
    },
  );

  it.each([
    ['1', 1],
    ['2', 2],
    ['0', false],
    ['false', false],
    ['10.0.0.1', ['10.0.0.1']],
    ['10.0.0.1, 10.0.0.0/8,fd00::/8', ['10.0.0.1', '10.0.0.0/8', 'fd00::/8']],
  ])('reads TRUST_PROXY=%s as %o', (TRUST_PROXY, trustProxy) => {
    expect(loadConfig({ TRUST_PROXY }).trustProxy).toEqual(trustProxy);
  });

  it.each(['true', 'yes', '10.0.0.0/33', '10.0.0.1/', 'proxy.internal', '1.5', '-1'])(
    'refuses TRUST_PROXY=%s',
    (TRUST_PROXY) => {
      expect(() => loadConfig({ TRUST_PROXY })).toThrow(/TRUST_PROXY: /);
    },
  );

  it('explains why TRUST_PROXY=true is refused', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(
      /TRUST_PROXY: `true` would let any client choose its own address/,
    );
  });

  it('reads numbers, flags and URLs', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgresql://u:p@db:5432/castellan',
      TRUST_PROXY: '1',
      SESSION_IDLE_MINUTES: '30',
      SESSION_MAX_HOURS: '2',
      REDIS_URL: 'rediss://:secret@cache.internal:6380/2',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgresql://u:p@db:5432/castellan',
      redisUrl: 'rediss://:secret@cache.internal:6380/2',
      trustProxy: 1,
      session: { idleMs: 30 * 60_000, maxAgeMs: 2 * 3_600_000 },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ PORT: '80.5' }, /PORT/],
    [{ DATABASE_URL: 'mysql://db/castellan' }, /DATABASE_URL: must be a postgres:\/\/ URL/],
    [{ DATABASE_URL: 'db.example:5432' }, /DATABASE_URL/],
    [{ DATABASE_TIMEOUT_MS: '100' }, /DATABASE_TIMEOUT_MS/],
    [{ DATABASE_TIMEOUT_MS: '5s' }, /DATABASE_TIMEOUT_MS/],
    [
      { REDIS_URL: 'http://cache.internal' },
      /REDIS_URL: must be a redis:\/\/host or rediss:\/\/host URL/,
    ],
    [{ REDIS_URL: 'redis:/cache' }, /REDIS_URL/],
    [{ REDIS_URL: 'cache.internal:6379' }, /REDIS_URL/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ SESSION_IDLE_MINUTES: '0' }, /SESSION_IDLE_MINUTES/],
    [{ PUBLIC_URL: 'castellan.example' }, /PUBLIC_URL/],
    [{ PRODUCT_DOMAIN: 'Castellan.Example' }, /PRODUCT_DOMAIN: must be a lower-case domain/],
    [{ SCAN_DNS_SERVERS: 'dns.example:53' }, /SCAN_DNS_SERVERS: must be comma-separated IP/],
    [{ SCAN_DNS_SERVERS: '127.0.0.1:99999' }, /SCAN_DNS_SERVERS/],
    [{ SCAN_HTTPS_PORT: '0' }, /SCAN_HTTPS_PORT/],
    [{ SCAN_SMTP_PORT: 'smtp' }, /SCAN_SMTP_PORT/],
    [{ SCAN_ALLOW_PRIVATE: 'yes' }, /SCAN_ALLOW_PRIVATE/],
    [{ SCAN_MAX_CONCURRENT: '0' }, /SCAN_MAX_CONCURRENT/],
    [{ SCAN_MAX_PER_CLIENT: 'two' }, /SCAN_MAX_PER_CLIENT/],
  ])('rejects %o with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(/^Invalid configuration:/);
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('points the domain scanner at the real internet by default', () => {
    expect(loadConfig({}).scan).toEqual({
      dnsServers: null,
      ports: { http: 80, https: 443, smtp: 25 },
      allowPrivate: false,
      publicCaps: { total: 8, perClient: 2 },
    });
  });

  it('reads the scanner settings that point it at local fakes', () => {
    const config = loadConfig({
      NODE_ENV: 'test',
      SCAN_DNS_SERVERS: '127.0.0.1:5353, [::1]:5354,10.0.0.53',
      SCAN_HTTP_PORT: '8080',
      SCAN_HTTPS_PORT: '8443',
      SCAN_SMTP_PORT: '2525',
      SCAN_ALLOW_PRIVATE: '1',
      SCAN_MAX_CONCURRENT: '20',
      SCAN_MAX_PER_CLIENT: '3',
    });
    expect(config.scan).toEqual({
      dnsServers: ['127.0.0.1:5353', '[::1]:5354', '10.0.0.53'],
      ports: { http: 8080, https: 8443, smtp: 2525 },
      allowPrivate: true,
      publicCaps: { total: 20, perClient: 3 },
    });
  });

  it('configures Stripe billing only with a secret key, on the real API unless pointed elsewhere', () => {
    expect(loadConfig({}).stripe).toBeNull();
    expect(loadConfig({ STRIPE_WEBHOOK_SECRET: 'whsec_abc' }).stripe).toBeNull();
    expect(loadConfig({ STRIPE_SECRET_KEY: 'sk_test_abc123' }).stripe).toEqual({
      secretKey: 'sk_test_abc123',
      webhookSecret: null,
      baseUrl: 'https://api.stripe.com',
    });
    expect(
      loadConfig({
        STRIPE_SECRET_KEY: 'rk_live_abc',
        STRIPE_WEBHOOK_SECRET: 'whsec_xyz',
        STRIPE_API_BASE_URL: 'http://127.0.0.1:3196/',
      }).stripe,
    ).toEqual({
      secretKey: 'rk_live_abc',
      webhookSecret: 'whsec_xyz',
      baseUrl: 'http://127.0.0.1:3196',
    });
  });

  it.each([
    [{ STRIPE_SECRET_KEY: 'pk_test_9z9z9z' }, /STRIPE_SECRET_KEY: must be a Stripe secret key/],
    [{ STRIPE_WEBHOOK_SECRET: 'hush_1234' }, /STRIPE_WEBHOOK_SECRET: must be .*whsec_/],
    [{ STRIPE_API_BASE_URL: 'api.stripe.com' }, /STRIPE_API_BASE_URL/],
  ])('rejects the Stripe setting %o without repeating its value', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
    const value = Object.values(env)[0] ?? '';
    expect(() => loadConfig(env)).not.toThrow(value);
  });

  it('refuses to let the scanner reach private addresses in production', () => {
    expect(() => loadConfig({ ...PRODUCTION, SCAN_ALLOW_PRIVATE: '1' })).toThrow(
      /SCAN_ALLOW_PRIVATE: must not be set in production/,
    );
    expect(loadConfig({ ...PRODUCTION, SCAN_ALLOW_PRIVATE: '0' }).scan.allowPrivate).toBe(false);
  });
});

describe('the trust center settings', () => {
  it('list no subprocessors, write to the support address and grade no domain by default', () => {
    expect(loadConfig({ SUPPORT_EMAIL: 'help@castellan.example' }).trustCenter).toEqual({
      subprocessors: [],
      securityContact: 'mailto:help@castellan.example',
      domain: null,
    });
  });

  it('reads the agent settings: where its builds are and the browsers’ current versions', () => {
    const { agent } = loadConfig({
      AGENT_DIST_DIR: '/srv/agent',
      AGENT_BROWSER_VERSIONS: ' chrome=131.0.6778.85, firefox = 133.0 ,',
    });
    expect(agent).toEqual({
      distDir: '/srv/agent',
      browserVersions: { chrome: '131.0.6778.85', firefox: '133.0' },
    });
    expect(loadConfig({}).agent.browserVersions).toEqual({});
    expect(loadConfig({}).agent.distDir).toMatch(/packages\/agent\/dist$/);
  });

  it.each([
    ['opera=100.0', /AGENT_BROWSER_VERSIONS: "opera=100.0" must be browser=version/],
    ['chrome=latest', /AGENT_BROWSER_VERSIONS: "chrome=latest"/],
    ['chrome', /AGENT_BROWSER_VERSIONS: "chrome"/],
  ])('refuses AGENT_BROWSER_VERSIONS=%s', (value, message) => {
    expect(() => loadConfig({ AGENT_BROWSER_VERSIONS: value })).toThrow(message);
  });

  it('read SUBPROCESSORS as Name|Purpose|Location entries separated by semicolons', () => {
    const { subprocessors } = loadConfig({
      SUBPROCESSORS:
        ' Hetzner | Hosting and database | Germany ;Postmark|Sign-in e-mails|United States;',
    }).trustCenter;
    expect(subprocessors).toEqual([
      { name: 'Hetzner', purpose: 'Hosting and database', location: 'Germany' },
      { name: 'Postmark', purpose: 'Sign-in e-mails', location: 'United States' },
    ]);
    expect(loadConfig({ SUBPROCESSORS: '' }).trustCenter.subprocessors).toEqual([]);
  });

  it.each([
    [
      'Hetzner|Hosting',
      /SUBPROCESSORS: entry 1 \("Hetzner\|Hosting"\) must be Name\|Purpose\|Location/,
    ],
    [
      'A|B|C; D||F',
      /SUBPROCESSORS: entry 2 \("D\|\|F"\) must be Name\|Purpose\|Location, all three filled/,
    ],
    ['A|B|C|D', /SUBPROCESSORS: entry 1/],
    [`A|${'b'.repeat(201)}|C`, /SUBPROCESSORS: entry 1 has a field longer than 200 characters/],
    [Array(51).fill('A|B|C').join(';'), /SUBPROCESSORS: must list at most 50 entries/],
  ])('refuses SUBPROCESSORS=%s with a message saying why', (SUBPROCESSORS, message) => {
    expect(() => loadConfig({ SUBPROCESSORS })).toThrow(message);
  });

  it('takes a mailto: or https:// SECURITY_CONTACT and refuses anything else', () => {
    for (const contact of [
      'mailto:security@castellan.example',
      'https://castellan.example/report',
    ]) {
      expect(loadConfig({ SECURITY_CONTACT: contact }).trustCenter.securityContact).toBe(contact);
    }
    for (const contact of [
      'security@castellan.example',
      'http://castellan.example/x',
      'mailto:x',
    ]) {
      expect(() => loadConfig({ SECURITY_CONTACT: contact })).toThrow(
        /SECURITY_CONTACT: must be a mailto: address or an https:\/\/ URL/,
      );
    }
  });

  it('normalises TRUST_CENTER_DOMAIN and refuses what the public scan would refuse', () => {
    expect(loadConfig({ TRUST_CENTER_DOMAIN: 'https://Castellan.IO/' }).trustCenter.domain).toBe(
      'castellan.io',
    );
    expect(() => loadConfig({ TRUST_CENTER_DOMAIN: 'castellan.test' })).toThrow(
      /TRUST_CENTER_DOMAIN: Names under \.test are not public/,
    );
    expect(() => loadConfig({ TRUST_CENTER_DOMAIN: '10.0.0.1' })).toThrow(
      /TRUST_CENTER_DOMAIN: Enter a domain name, not an IP address/,
    );
    // Tests point the scanner at local names.
    const local = loadConfig({ TRUST_CENTER_DOMAIN: 'good.test', SCAN_ALLOW_PRIVATE: '1' });
    expect(local.trustCenter.domain).toBe('good.test');
  });
});
