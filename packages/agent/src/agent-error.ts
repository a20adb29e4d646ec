/** A failure the CLI prints as one line, without a stack trace, and exits with `exitCode`. */
export class AgentError extends Error {
  override name = 'AgentError';
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The command line itself is wrong: exit code 2. */
export class UsageError extends AgentError {
  override name = 'UsageError';
  constructor(message: string) {
    super(message, 2);
  }
}
