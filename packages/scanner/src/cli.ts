// `npm run scan -- <domain> [--json]`: scans a domain and prints the report, as text for people
// or JSON for machines. Reads the SCAN_* variables (see env.ts) like the server does. Exits
// 0 after a scan, 1 when the domain does not exist or DNS cannot be reached, 2 on bad input.
import { ScanError } from './domain';
import { readScannerEnv } from './env';
import { scannerOptions } from './options';
import { formatReport } from './report-text';
import { scanDomain } from './scan';

const USAGE = 'Usage: npm run scan -- <domain> [--json]';

async function main(args: string[]): Promise<number> {
  const json = args.includes('--json');
  const rest = args.filter((a) => a !== '--json');
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const [domain, ...extra] = rest;
  if (!domain || extra.length > 0 || domain.startsWith('-')) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  let options: ReturnType<typeof scannerOptions>;
  try {
    options = scannerOptions(readScannerEnv());
  } catch (error) {
    process.stderr.write(`${(error as Error).message}\n`);
    return 2;
  }
  const live = !json && process.stderr.isTTY;
  try {
    const report = await scanDomain(domain, options, ({ done, total }) => {
      if (live) process.stderr.write(`\rScanning ${domain}: ${done}/${total} checks done`);
    });
    if (live) process.stderr.write('\r\x1b[K');
    process.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : formatReport(report));
    return 0;
  } catch (error) {
    if (live) process.stderr.write('\r\x1b[K');
    if (error instanceof ScanError) {
      process.stderr.write(
        json
          ? `${JSON.stringify({ error: error.message, code: error.code })}\n`
          : `Scan failed: ${error.message}\n`,
      );
      return error.code === 'invalid-domain' ? 2 : 1;
    }
    throw error;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${(error as Error).stack ?? error}\n`);
    process.exit(1);
  },
);
