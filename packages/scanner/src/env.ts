// The SCAN_* environment variables, parsed in one place: the CLI reads them alone and the
// server merges the same shape into its own configuration.
import { isIP } from 'node:net';
import { z } from 'zod';

const port = z.coerce.number().int().min(1).max(65535);

/** `host:port`, `[v6]:port` or a bare address, as `dns.setServers` takes them; IPs only. */
const dnsServer = (entry: string) => {
  const m = /^\[(.+)\](?::(\d+))?$/.exec(entry) ?? /^([^:]+)(?::(\d+))?$/.exec(entry);
  const address = m ? m[1] : entry;
  const portText = m?.[2];
  return (
    isIP(address ?? '') !== 0 &&
    (portText === undefined || (Number(portText) >= 1 && Number(portText) <= 65535))
  );
};

export const SCANNER_ENV = {
  SCAN_DNS_SERVERS: z
    .string()
    .transform((v) => v.split(',').map((s) => s.trim()))
    .refine(
      (list) => list.every(dnsServer),
      'must be comma-separated IP addresses with optional :port',
    )
    .optional(),
  SCAN_HTTP_PORT: port.default(80),
  SCAN_HTTPS_PORT: port.default(443),
  SCAN_SMTP_PORT: port.default(25),
  SCAN_ALLOW_PRIVATE: z
    .enum(['0', '1', 'true', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional(),
};

const scannerEnv = z.object(SCANNER_ENV);
export type ScannerEnv = z.output<typeof scannerEnv>;

/** Where the scanner sends its queries and probes; tests point it at local fakes. */
export type ScannerTarget = {
  /** Recursive resolvers (`host:port`); null uses the system's. */
  dnsServers: string[] | null;
  ports: { http: number; https: number; smtp: number };
  /** Lets the scanner reach loopback and private addresses and `.test` names. */
  allowPrivate: boolean;
};

export function scannerTarget(e: ScannerEnv): ScannerTarget {
  return {
    dnsServers: e.SCAN_DNS_SERVERS ?? null,
    ports: { http: e.SCAN_HTTP_PORT, https: e.SCAN_HTTPS_PORT, smtp: e.SCAN_SMTP_PORT },
    allowPrivate: e.SCAN_ALLOW_PRIVATE ?? false,
  };
}

/** Reads the SCAN_* variables; a bad value throws a message naming each bad variable. */
export function readScannerEnv(source: NodeJS.ProcessEnv = process.env): ScannerTarget {
  const parsed = scannerEnv.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return scannerTarget(parsed.data);
}
