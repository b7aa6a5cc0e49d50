/** A CliIo that keeps what a command printed, for tests of `workbench` commands. */
import type { CliIo } from '../../main/hosts/cli/io';

export function captureCliIo(): CliIo & { stdout: string[]; stderr: string[] } {
  const stdout: string[] = [];
  const stderr: string[] = [];
  return {
    stdout,
    stderr,
    out: (line) => stdout.push(line),
    err: (line) => stderr.push(line),
    stopRequested: () => Promise.resolve('SIGTERM'),
  };
}
