// The command line: a command, its positional words and its options.
import { parseArgs } from 'node:util';
import { UsageError } from './agent-error';

export type CliOptions = {
  server?: string;
  install?: boolean;
  system?: boolean;
  owner?: string;
  dry?: boolean;
  json?: boolean;
  local?: boolean;
  help?: boolean;
  version?: boolean;
};

export type CliArgs = { command: string | undefined; words: string[]; options: CliOptions };

/** The options each command accepts; any other is a usage error. */
const ALLOWED: Record<string, readonly (keyof CliOptions)[]> = {
  enroll: ['server', 'install', 'system', 'owner'],
  run: ['dry', 'json'],
  status: [],
  watch: [],
  update: [],
  unenroll: ['local', 'system'],
  'install-schedule': ['system'],
  'uninstall-schedule': ['system'],
  help: [],
  version: [],
};

export const COMMANDS = Object.keys(ALLOWED);

export function parseCliArgs(argv: readonly string[]): CliArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    const option = /'(-[^']*)'/.exec((error as Error).message)?.[1];
    throw new UsageError(
      option ? `Unknown or incomplete option ${option}.` : (error as Error).message,
    );
  }
  const [command, ...words] = parsed.positionals;
  const options = parsed.values as CliOptions;
  if (command && !options.help && !options.version) {
    const allowed = ALLOWED[command];
    if (!allowed) throw new UsageError(`Unknown command "${command}".`);
    const extra = Object.keys(options).find((o) => !allowed.includes(o as keyof CliOptions));
    if (extra) throw new UsageError(`The ${command} command takes no --${extra} option.`);
  }
  return { command, words, options };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      server: { type: 'string' },
      install: { type: 'boolean' },
      system: { type: 'boolean' },
      owner: { type: 'string' },
      dry: { type: 'boolean' },
      json: { type: 'boolean' },
      local: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
      version: { type: 'boolean', short: 'v' },
    },
  });
}
