/**
 * `workbench`: the headless entry. Exit codes: 0 success, 1 the command ran and failed (a suite
 * failed, a request was refused), 2 the command line was wrong, 3 `run` could not test its target
 * (nothing answered), 141 the reader of the output went away (`| head`).
 */
import { productInfo } from '../../core/product.js';
import { commands } from './commands.js';
import { asksForVersion } from './entry.js';
import { TargetRefused, UsageError, type CliIo } from './io.js';

export function helpText(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    `${productInfo.name} ${productInfo.version}: conformance workbench for a PSD2 open-banking interface.`,
    '',
    'Usage: workbench <command> [options]',
    '       workbench --help | --version',
    '',
    'Commands:',
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    '',
    "Run 'workbench <command> --help' for a command's options.",
  ].join('\n');
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    io.out(helpText());
    return first === undefined ? 2 : 0;
  }
  if (asksForVersion(first)) {
    io.out(productInfo.version);
    return 0;
  }
  const command = commands.find((c) => c.name === first);
  if (!command) {
    io.err(`workbench: unknown command '${first}'.\n\n${helpText()}`);
    return 2;
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      const usage = error instanceof TargetRefused ? '' : `\n\n${command.usage}`;
      io.err(`workbench ${command.name}: ${error.message}${usage}`);
      return 2;
    }
    io.err(`workbench ${command.name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
