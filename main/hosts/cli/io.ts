/** What a CLI command may touch of the process: its streams and a way to wait for a stop signal. */
export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  /**
   * Resolves when the user asks the process to stop (SIGINT, SIGTERM), or when the package
   * runner that started it (npx, npm run) is gone (see watchLauncher).
   */
  stopRequested(): Promise<string>;
}

/** How often a command started by a package runner checks that its launcher is still there. */
export const LAUNCHER_POLL_MS = 250;

/**
 * The parent process as the CLI found it when it loaded: the launcher. Read here, not when a
 * command starts watching, because the launcher may already be gone by then (killed while the
 * bank was starting), and the process it was re-parented to must not pass for the launcher.
 */
const LAUNCHER_PID = process.ppid;

/**
 * `npx workbench bank` runs node under `sh -c` under npm. Stopping npm by its process id ends npm
 * and the shell but not node, which would keep listening as an orphan. A process started by a
 * package runner (npm sets npm_lifecycle_event) therefore stops when its parent changes. Started
 * any other way (node bin/workbench.js … &, a service manager) it outlives its parent as usual.
 */
export function watchLauncher(
  onGone: () => void,
  env: NodeJS.ProcessEnv = process.env,
  launcher: number = LAUNCHER_PID,
): (() => void) | undefined {
  if (env.npm_lifecycle_event === undefined) return undefined;
  const check = () => {
    if (process.ppid === launcher) return;
    clearInterval(timer);
    onGone();
  };
  const timer = setInterval(check, LAUNCHER_POLL_MS);
  timer.unref();
  queueMicrotask(check); // gone already: stop at once rather than after the first poll
  return () => clearInterval(timer);
}

/** The exit code of a command whose reader went away (`workbench rules | head -1`): 128 + SIGPIPE. */
export const EXIT_CLOSED_PIPE = 141;

/**
 * When the reader of the standard output or error closes it (`| head -1`), the output is no
 * longer wanted: end at once and quietly, as command-line tools do, instead of a stack trace for
 * the unhandled EPIPE. Any other stream error is still thrown.
 */
export function endQuietlyOnClosedPipe(
  streams: readonly NodeJS.WritableStream[] = [process.stdout, process.stderr],
  exit: (code: number) => void = (code) => process.exit(code),
): void {
  for (const stream of streams) {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EPIPE' || error.code === 'ERR_STREAM_DESTROYED') {
        exit(EXIT_CLOSED_PIPE);
        return;
      }
      throw error;
    });
  }
}

export const processIo: CliIo = {
  out: (line) => process.stdout.write(line + '\n'),
  err: (line) => process.stderr.write(line + '\n'),
  stopRequested: () =>
    new Promise((resolve) => {
      const stop = (signal: string) => {
        stopWatching?.();
        resolve(signal);
      };
      const stopWatching = watchLauncher(() => stop('launcher exited'));
      process.once('SIGINT', () => stop('SIGINT'));
      process.once('SIGTERM', () => stop('SIGTERM'));
    }),
};

/**
 * A usage error: the command line was wrong; the message says what and the exit code is 2.
 * `remedy` is the next step when one is known ("did you mean --target-file?"); the CLI adds where
 * the command's help is, not the help itself.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  /** Whether the command's help is the way on (a command-line mistake); see InputError. */
  readonly helpFixes: boolean = true;
  constructor(
    message: string,
    readonly remedy?: string,
  ) {
    super(message);
  }
}

/**
 * Exit 2 like a usage error, for a file the command line rightly names but whose content is wrong
 * (a target profile that does not read): the command's help would not fix it, so only the
 * message and its remedy are printed.
 */
export class InputError extends UsageError {
  override name = 'InputError';
  override readonly helpFixes = false;
}

/**
 * Exit 2 like a usage error, though the command line was well formed: what it points at is not
 * what it says (a bank in the other mode). The message says what to change; the usage text
 * would only bury it.
 */
export class TargetRefused extends InputError {
  override name = 'TargetRefused';
}
