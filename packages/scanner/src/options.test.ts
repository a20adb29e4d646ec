import { describe, expect, it } from 'vitest';
import { readScannerEnv } from './env';
import { DEFAULT_SCANNER_OPTIONS, scannerOptions } from './options';

describe('scannerOptions', () => {
  it('scans the real internet by default', () => {
    const options = scannerOptions(readScannerEnv({}));
    expect(options).toMatchObject({
      dnsServers: [],
      ports: { http: 80, https: 443, smtp: 25 },
      allowPrivate: false,
    });
    expect(options.ca).toBeUndefined();
    expect(options.timeouts).toEqual(DEFAULT_SCANNER_OPTIONS.timeouts);
  });

  it('follows the SCAN_* variables', () => {
    const target = readScannerEnv({
      SCAN_DNS_SERVERS: '127.0.0.1:5353',
      SCAN_HTTP_PORT: '8080',
      SCAN_HTTPS_PORT: '8443',
      SCAN_SMTP_PORT: '2525',
      SCAN_ALLOW_PRIVATE: 'true',
    });
    expect(scannerOptions(target, { timeouts: { scanMs: 5_000 } })).toMatchObject({
      dnsServers: ['127.0.0.1:5353'],
      ports: { http: 8080, https: 8443, smtp: 2525 },
      allowPrivate: true,
      timeouts: { scanMs: 5_000, dnsMs: 2_000 },
    });
  });
});
