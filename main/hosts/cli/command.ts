/**
 * The shape of one CLI command. Its own module so the command table (commands.ts) and the
 * commands it lists both import it, and neither imports the other's module for a type.
 */
import type { CliIo } from './io.js';

export interface CliCommand {
  name: string;
  summary: string;
  usage: string;
  /** Returns the process exit code. */
  run(argv: string[], io: CliIo): Promise<number>;
}
