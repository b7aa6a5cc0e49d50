/**
 * `workbench`: the headless entry. Exit codes: 0 success, 1 the command ran and failed (a suite
 * failed, a request was refused), 2 the command line was wrong, 3 `run` could not test its target
 * (nothing answered), 141 the reader of the output went away (`| head`).
 */
import { closestName } from './did-you-mean.js';
import { productInfo } from '../../core/product.js';
import { commands } from './commands.js';
import { asksForVersion } from './version-flag.js';
import { UsageError, type CliIo } from './io.js';

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
    "Run 'workbench help <command>' (or 'workbench <command> --help') for a command's options.",
  ].join('\n');
}

/** Where a command's help is: the remedy line's pointer, instead of printing the usage itself. */
const helpPointer = (name: string) => `see 'workbench help ${name}'`;

/** An unknown command, with the closest command name when there is one (help only on request). */
function unknownCommand(given: string, io: CliIo): number {
  const meant = closestName(
    given,
    commands.map((c) => c.name),
  );
  io.err(`workbench: unknown command '${given}'`);
  io.err(`${meant ? `did you mean '${meant}'? ` : ''}see 'workbench help' for the commands`);
  return 2;
}

export async function runCli(argv: string[], io: CliIo): Promise<number> {
  const [first, ...rest] = argv;
  if (first === undefined || first === '--help' || first === '-h') {
    io.out(helpText());
    return first === undefined ? 2 : 0;
  }
  if (asksForVersion(first)) {
    io.out(productInfo.version);
    return 0;
  }
  if (first === 'help') {
    // `workbench help run`: that command's own help, as `workbench run --help` prints it.
    if (rest[0] === undefined) {
      io.out(helpText());
      return 0;
    }
    const asked = commands.find((c) => c.name === rest[0]);
    if (!asked) return unknownCommand(rest[0], io);
    io.out(asked.usage);
    return 0;
  }
  const command = commands.find((c) => c.name === first);
  if (!command) return unknownCommand(first, io);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.out(command.usage);
    return 0;
  }
  try {
    return await command.run(rest, io);
  } catch (error) {
    if (error instanceof UsageError) {
      // One line of cause and one of remedy: the usage is printed only when asked for.
      io.err(`workbench ${command.name}: ${error.message}`);
      if (!error.helpFixes) {
        if (error.remedy) io.err(error.remedy);
      } else {
        io.err(
          error.remedy
            ? `${error.remedy} (${helpPointer(command.name)})`
            : `${helpPointer(command.name)} for its options`,
        );
      }
      return 2;
    }
    io.err(`workbench ${command.name}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}
