import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './demo/seed';

const config = configOrExit();
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeoutMs: config.databaseTimeoutMs,
});
// Every write made at start goes under the start-up lock: other processes may be starting too.
if (config.demoData) {
  await database.exclusively(() => seedDemo(database.db, config.productDomain));
}
// This process runs the scheduled jobs too: pg-boss sends each once per period across processes.
const app = await buildApp(config, database, { jobs: { schedule: true } });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops the jobs (waiting for the running ones), waits for requests in flight, then
    // closes the database.
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });

/** A refused configuration ends the start with one line per wrong setting, not a stack trace. */
function configOrExit() {
  try {
    return loadConfig();
  } catch (err) {
    if (!(err instanceof ConfigError)) throw err;
    console.error('Castellan cannot start: fix these settings (see docs/configuration.md).');
    for (const problem of err.problems) console.error(`  ${problem}`);
    process.exit(1);
  }
}
