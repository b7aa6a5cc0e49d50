/**
 * What the `workbench` process runs first. `--version` is answered here, before the command table
 * is loaded: the commands' modules (the bank, the runner, the HTTP client) cost several times the
 * CPU of the answer itself (docs/performance.md "The workbench command at start").
 */
import { productInfo } from '../../core/product.js';
import type { CliIo } from './io.js';
import { asksForVersion } from './version-flag.js';

type CommandLine = { runCli(argv: string[], io: CliIo): Promise<number> };

/** Runs the command line; `load` brings in the command table when the command needs it. */
export async function runEntry(
  argv: string[],
  io: CliIo,
  load: () => Promise<CommandLine> = () => import('./index.js'),
): Promise<number> {
  if (asksForVersion(argv[0])) {
    io.out(productInfo.version);
    return 0;
  }
  return (await load()).runCli(argv, io);
}
