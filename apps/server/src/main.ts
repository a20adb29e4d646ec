import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemo } from './demo/seed';

const config = configOrExit();
// `main.js migrate`: the migrations as their own command (a Kubernetes Job, a deploy step).
const migrateOnly = process.argv[2] === 'migrate';
const database = await openDatabase({
  databaseUrl: config.databaseUrl,
  dataDir: config.dataDir,
  timeoutMs: config.databaseTimeoutMs,
  migrate: migrateOnly || config.migrateAtStart,
});
if (migrateOnly) {
  await database.close();
  console.log('Castellan: the database is migrated.');
  process.exit(0);
}
// Every write made at start goes under the start-up lock: other processes may be starting too.
if (config.demoData) {
  await database.exclusively(() => seedDemo(database.db, config.productDomain));
}
// A worker (or a process doing both) runs the jobs and the schedule: pg-boss sends each scheduled
// job once per period across processes. A web process only queues jobs.
const runsJobs = config.role !== 'web';
const app = await buildApp(config, database, { jobs: { schedule: runsJobs, work: runsJobs } });

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(
      { signal, role: config.role },
      'shutting down: finishing requests and jobs in flight',
    );
    // close() stops accepting connections, stops taking jobs (waiting for the running ones, then
    // handing back those that do not end in time), waits for requests in flight, then closes the
    // database.
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
