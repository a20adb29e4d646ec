// `npm run demo`: the product as `npm start` runs it, with every offline fake beside it (the
// sign-in providers, every integration's provider, Stripe and crt.sh), all agreeing on the app's
// one address.
//   PORT=4000 npm run demo          the app on PORT (default 3000), the fakes from PORT+91 on
//   npm run demo -- --no-build      without building first
// PUBLIC_URL, when set, is the address for every one of them; DATA_DIR and the other settings
// pass through to the server. Ctrl-C (or SIGTERM) stops them all. The fakes are test code
// (apps/server/test/fakes): only this launcher and the tests start them, never the product.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { isProviderId, PROVIDERS } from '@castellan/contract';
import { appUrlFromEnv } from '../apps/server/test/fakes/app-url';
import {
  type DemoFakes,
  demoFakePorts,
  startDemoFakes,
} from '../apps/server/test/fakes/demo-fakes';

const root = path.dirname(import.meta.dirname);
const port = Number(process.env.PORT ?? 3000);
const offsets = Object.values(demoFakePorts(0));
const [first, last] = [Math.min(...offsets), Math.max(...offsets)];
if (!Number.isInteger(port) || port < 1 || port > 65535 - last) {
  process.stderr.write(
    `PORT must be a whole number from 1 to ${65535 - last}: the fakes take PORT+${first} to PORT+${last}.\n`,
  );
  process.exit(2);
}
// The server's own reading of PUBLIC_URL and PORT: http://localhost:PORT unless PUBLIC_URL is set.
const appUrl = appUrlFromEnv({ PUBLIC_URL: process.env.PUBLIC_URL, PORT: String(port) });

// What the app and the fakes must agree on; APP_URL would override the fakes' reading of it.
const { APP_URL: _ignored, ...inherited } = process.env;
const shared = { ...inherited, PORT: String(port), PUBLIC_URL: appUrl };
// Replies to and reports of practice phishing messages are received here (PORT+90).
const reportPort = port + 90;

say(`Castellan demo: the app on ${appUrl} with offline fakes of every provider it connects to.
  Open ${appUrl}/test-login and sign in as
    Alice Morgan (Brightwave, admin; Google Workspace): connect Google Workspace and Meta,
      Bitwarden and Amazon Web Services (paste the keys their fakes print below);
    Olivia Parker (Tidewater, admin; Microsoft 365): connect Microsoft 365.
  Alice Morgan may connect Slack for nudges too: on the fake Slack's page pick a channel, Allow;
  its /__fake/messages shows what was sent, POST /__fake/press {"actionId":"task_snooze"} presses.
  Microsoft Teams takes the two workflow addresses its fake prints below. Then choose the channel
  in Settings → Notifications and press "Send me a test nudge" on its Integrations card.
  On the fake Google's page allow as alice.morgan@brightwave.example; on the fake Microsoft's
  choose Olivia Parker and accept; on the fake Meta's press Continue.
  Settings → E-mail → Phishing practice sends practice messages (written to apps/server/data/outbox
  as .eml files); open one's link in a browser for the lesson, or send a reply to the report address
  by SMTP on 127.0.0.1:${reportPort} to report it.
  Risk analysis → Watch → "Search certificate logs" finds Brightwave's names in the fake crt.sh
  (demo organisations are not scanned on the schedule: their domains are made up).
  "Sign in with Google" or "with Microsoft" takes any demo address, e.g. alice.morgan@brightwave.example, with any password.
  Ctrl-C stops everything.
`);

const children = new Map<string, ChildProcess>();
let fakes: DemoFakes | undefined;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(0));
// `npm run demo` starts this through a shell that does not pass SIGTERM on: when whatever
// started the demo is gone, the demo goes too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) void stop(0);
}, 500).unref();

try {
  if (!process.argv.includes('--no-build')) {
    execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: root, stdio: 'inherit' });
  }
  // The fakes run in this process, each on its port after the app's.
  fakes = await startDemoFakes(appUrl, demoFakePorts(port));
  for (const [name, url] of Object.entries(fakes.urls)) {
    say(`  fake ${isProviderId(name) ? PROVIDERS[name].name : name}: ${url}`);
    // The key-connect providers' fakes say what to paste in the form.
    if (isProviderId(name) && PROVIDERS[name].connect.opens === 'form') {
      for (const line of fakes.about[name]) say(`    ${line}`);
    }
  }
  // As `npm start` runs it: from its workspace, so that its data stays in apps/server/data.
  const server = path.join(root, 'apps/server');
  start('app', ['--enable-source-maps', 'dist/main.js'], server, {
    LOG_LEVEL: 'warn',
    PHISHING_REPORT_SMTP_PORT: String(reportPort),
    ...shared,
    ...fakes.serverEnv,
  });
  await waitFor('app', `${appUrl}/api/health`);
  say(`Ready: open ${appUrl}/test-login`);
} catch (error) {
  if (!stopping) {
    process.stderr.write(`${(error as Error).message}\n`);
    await stop(1);
  }
}

function start(name: string, args: string[], cwd: string, env: NodeJS.ProcessEnv) {
  const child = spawn(process.execPath, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.set(name, child);
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on('line', (line) => say(`[${name}] ${line}`));
  }
  child.once('exit', (code, signal) => {
    children.delete(name);
    if (stopping) return;
    process.stderr.write(`${name} stopped (${signal ?? `exit ${code}`}): stopping the demo.\n`);
    void stop(1);
  });
}

async function waitFor(name: string, url: string) {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (stopping) throw new Error('');
    const res = await fetch(url).catch(() => null);
    if (res?.ok) return;
    if (!children.has(name)) throw new Error(`${name} stopped before it answered at ${url}.`);
    if (Date.now() > deadline) throw new Error(`${name} did not answer at ${url} within 60 s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Asks every child to stop, waits for them (killing any still there after 10 s), then exits. */
async function stop(code: number) {
  if (stopping) return;
  stopping = true;
  const running = [...children.values()];
  const exited = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGTERM');
  const late = setTimeout(() => {
    for (const child of children.values()) child.kill('SIGKILL');
  }, 10_000);
  await Promise.all([...exited, fakes?.close()]);
  clearTimeout(late);
  process.exit(code);
}

function say(line: string) {
  process.stdout.write(`${line}\n`);
}
