/** A CliIo that keeps what a command printed, for tests of `workbench` commands. */
import type { CliIo } from '../../main/hosts/cli/io';

/** `stopRequested` says when the command is asked to stop (default: at once, as by SIGTERM). */
export function captureCliIo(
  stopRequested: () => Promise<string> = () => Promise.resolve('SIGTERM'),
): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    stopRequested,
  };
}
