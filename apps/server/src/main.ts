import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/client';
import { seedDemoData } from './db/demo-data';
import { startJobs } from './jobs';

const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
if (config.demoData) await seedDemoData(database.db, config.productDomain);
const app = await buildApp(config, database);
const stopJobs = startJobs(database.db, config, app.log);
// Runs before the database closes: a job in progress finishes first.
app.addHook('preClose', stopJobs);

let closing = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    // close() stops accepting connections, waits for requests in flight, then closes the database.
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
