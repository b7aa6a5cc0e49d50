/** What a CLI command may touch of the process: its streams and a way to wait for a stop signal. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /** Resolves when the user asks the process to stop (SIGINT, SIGTERM). */
  stopRequested(): Promise<string>;
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  stopRequested: () =>
    new Promise((resolve) => {
      const stop = (signal: string) => resolve(signal);
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    }),
};

/** A usage error: the command line was wrong; the message says what and the exit code is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}
