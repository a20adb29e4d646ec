// Starts the fake S3-compatible bucket alone: `npx tsx apps/server/test/fakes/s3/run-s3.ts`.
// Env: S3_FAKE_PORT (default 3197).
import { startFakeS3 } from './fake-s3';

const s3 = await startFakeS3({ port: Number(process.env.S3_FAKE_PORT ?? 3197) });
const settings = Object.entries(s3.serverEnv()).map(([k, v]) => `${k}=${v}`);
console.log(`fake S3 bucket service: ${s3.url}`);
console.log(`  point the server at it: ${settings.join(' ')}`);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    void s3.close().then(() => process.exit(0));
  });
}
