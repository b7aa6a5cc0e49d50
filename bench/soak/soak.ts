/**
 * `npm run soak [-- flags]`: the reliability soak (run.ts). Exits 0 when every
 * invariant held, 1 when one broke, 2 on a bad flag. Loopback only; bounded by --duration and
 * --max-requests.
 */
import { parseSoakArgs, SoakUsageError } from './options.js';
import { runSoak } from './run.js';
import { formatSoakReport } from './report.js';

async function main(): Promise<number> {
  const options = parseSoakArgs(process.argv.slice(2));
  if (!(globalThis as { gc?: unknown }).gc)
    process.stderr.write('soak: run node with --expose-gc for steadier memory readings\n');
  const report = await runSoak(options, (line) => process.stderr.write(`${line}\n`));
  process.stdout.write(
    `${options.json ? JSON.stringify(report, null, 2) : formatSoakReport(report)}\n`,
  );
  return report.passed ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof SoakUsageError) {
      process.stderr.write(`soak: ${error.message}\n`);
      process.exit(2);
    }
    process.stderr.write(
      `soak: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    process.exit(1);
  },
);
