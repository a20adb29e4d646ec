// A server process for the crash-recovery tests: opens the database named by argv[2] (JSON, as
// for openDatabase), starts the job queue with the test's intervals, sends one `blocking` job and
// runs it forever: it writes argv[3] when the job has started, then waits to be killed.
import { writeFileSync } from 'node:fs';
import { openDatabase } from '../src/db/client';
import { JobQueue } from '../src/jobs/job-queue';
import { CRASH_QUEUE, CRASH_TIMING, crashQueue } from './job-crash-queue';
import { silentLog } from './silent-log';

const [target = '', startedFile = ''] = process.argv.slice(2);
const database = await openDatabase(JSON.parse(target));
const queue = new JobQueue(database, silentLog(), CRASH_TIMING);
const blocking = queue.define(
  crashQueue(async (data) => {
    writeFileSync(startedFile, JSON.stringify(data));
    return new Promise(() => {});
  }),
);
await queue.start();
await blocking.send({ order: 42 });
// Keeps the process alive while the job "runs".
setInterval(() => {}, 60_000);
process.stdout.write(`${CRASH_QUEUE} started\n`);
