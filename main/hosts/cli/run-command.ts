/**
 * `workbench run`: the suites against the embedded bank or a real bank, headless, for CI. The run
 * is a run session (main/core/runner/session), the one the UI's runner goes through too: the
 * command reads its flags (run-flags.ts) and prints; the exit code is 0 only when every check not
 * listed in the baseline passed, warned or skipped.
 */
import { CHECKS } from '../../../suites/index.js';
import type { Check } from '../../core/runner/check-api/index.js';
import { consoleReporter, describeBaselineOutcome } from '../../core/runner/index.js';
import type { ProbeOptions } from '../../core/runner/index.js';
import { OwnIdentityRefused, TargetModeMismatch } from '../../core/runner/index.js';
import {
  EXIT_COULD_NOT_TEST,
  finishSession,
  outcomeSummary,
  awaitingReviewLines,
  REPORT_FORMATS,
  reportFileReporters,
  runSession,
  type SessionRun,
} from '../../core/runner/session/index.js';
import { TargetProfileError } from '../../core/runner/target-profile/index.js';
import type { CliCommand } from './command.js';
import { InputError, TargetRefused, type CliIo } from './io.js';
import { readRunFlags } from './run-flags.js';

const usage = `Usage: workbench run --target-file PROFILE | --target embedded|URL [--mode sandbox|production]
                    [--suite AREA]... [--rule ID]... [--tag T]... [--grep TEXT]
                    [--exclude ID|TAG|AREA]... [--rerun-failed RUN-RESULT]
                    [--reporter junit,html,json] [--out DIR] [--json]
                    [--baseline FILE] [--allow-stale-baseline] [--write-baseline FILE]
                    [--concurrency N] [--timeout MS] [--request-timeout SECONDS] [--max-body BYTES]
                    [--sign-cert FILE --sign-key FILE] [--tls-cert FILE --tls-key FILE] [--ca FILE]...
                    [--sca headless|manual|none]
                    [--bundle FILE.zip [--bundle-key PEM --bundle-cert PEM]] [--no-redact]
                    [--reset-clock]

Runs the conformance checks and prints one line per check and a summary.
  --target-file F  a target profile (docs/targets.md; 'workbench target init' writes one): the
                   bank's URL and mode, certificates, test PSUs, how SCA is completed, what the
                   run may do to the bank, its admin API and baseline. Check it first with
                   'workbench doctor --target-file F'
  --target T       'embedded' (a fresh embedded bank per check) or the base URL of a bank (the
                   flags below instead of a profile)
  --mode M         sandbox (default) or production
  --suite AREA     only checks of this area (repeatable); --rule, --tag, --grep narrow further
  --exclude X      drop the checks X names: a check id, a tag or an area (repeatable)
  --rerun-failed F only the checks that failed in F, the run-result.json of an earlier run
  --reporter LIST  report files to write besides the console: ${REPORT_FORMATS.join(', ')}
  --out DIR        where report files go (default ./workbench-report); '-' is refused: reports
                   are files, the console output is the standard output
  --json           print one JSON line on stdout when the run ends (counts, exit code, report
                   files, duration, target); the console lines go to stderr instead
  --baseline FILE  JSON { "expectedFailures": [{ "checkId", "reason" }] }: known deviations that
                   do not fail the run. A stale entry fails it (exit 1, lines starting 'Stale
                   baseline'): a listed check that now passes, or that no check has any more
  --allow-stale-baseline  report stale entries without failing the run
  --bundle FILE.zip  also write a signed evidence bundle: a ZIP of the report files (all three,
                   whatever --reporter says), exchanges.har and exchanges.curl.sh (every exchange
                   of the run), manifest.json (SHA-256 of each), manifest.sig and signer.pem;
                   check it with 'workbench verify-bundle FILE.zip' or openssl (docs/ci.md).
                   Signed with the run's QSealC, or --bundle-key/--bundle-cert (PEM; needed for
                   --target embedded)
  --no-redact      keep PSU data in the reports and the bundle: IBANs, PSU-IDs, identity numbers
                   and names are masked by default (NO93…0713, [psu-id:3f2a9c1b]); credentials
                   and private keys are redacted either way
  --reset-clock    with a profile's admin API: a bank clock more than a minute from real time
                   (left there by an earlier run or a person) is set back to real time before
                   the run. Without it the run only says so, on stderr, before it starts
  --write-baseline FILE  write the run's failures as a baseline to FILE (reasons kept from
                   --baseline; entries of checks this run did not select are kept); not written
                   when the run could not test or was cancelled; the exit code is unchanged
  --concurrency N  checks at once (default 4); --timeout MS per check (default 30000)
  --request-timeout S  for a URL target, the deadline of each exchange: connect, headers and
                   body (default 30); --max-body BYTES the largest answer read (default 8 MiB):
                   a larger one is a transport error in the evidence, never cut silently
  For a URL target without a profile: --sign-cert/--sign-key (QSealC and key, PEM),
  --tls-cert/--tls-key (QWAC, mTLS), --ca (extra CA to trust for the server), --sca how SCA is
  completed: headless (the embedded bank's pages over HTTP), manual (a person opens the printed
  link; the check waits), none (default: checks that need SCA are SKIPPED).
Exit codes:
  0    every check outside the baseline passed, warned or was skipped
  1    a check outside the baseline failed, or the baseline is stale
  2    a bad command line: an unknown flag, suite, rule, tag or --exclude value, an unreadable
       --baseline or --rerun-failed file, a selection no check matches, a
       target that is not 'embedded' or an http(s) URL, --out -, a target profile that does not
       read (its file and the JSON path of the problem are named), a bank whose answer shows the
       other mode than the profile's (a production bank answers 404 on /v1/sandbox/), or the
       run's own QSealC or QWAC expired, not yet valid or not the certificate of its key
  3    the run could not test: the target stopped answering (connection refused, DNS or TLS
       failure, certificate refused), no check could judge its rules, or checks could not test
       (a precondition refused, an error inside a check) and none failed. Those checks are
       INCONCLUSIVE ("could not test"), <error> in the JUnit report.
       A URL target that does not even accept a TCP connection within 10 s (pre-flight) ends
       the run at once this way, instead of every check waiting its own connect timeout
  130  cancelled (Ctrl+C)
  141  the reader of the output went away (| head -1): the run ends at once, quietly`;

/** The exit code of a run refused before its first check (as for a bad command line). */
const EXIT_SETUP_REFUSED = 2;

export interface RunCommandOptions {
  checks?: readonly Check[];
  /** The pre-flight connect probe (tests fake a target that drops packets). */
  preflight?: ProbeOptions;
}

export function createRunCommand(options: RunCommandOptions = {}): CliCommand {
  return {
    name: 'run',
    summary: 'Run the conformance suites against the embedded bank or a bank URL (for CI).',
    usage,
    async run(argv: string[], io: CliIo) {
      const { plan, outputs, json } = await readRunFlags(argv, options.checks ?? CHECKS, io);
      // With --json the standard output carries the one summary line and nothing else.
      const say = json ? (line: string) => io.err(line) : (line: string) => io.out(line);
      const cancel = new AbortController();
      let cancelled = false;
      void io.stopRequested().then(() => {
        cancelled = true;
        cancel.abort(new Error('cancelled by the user'));
      });
      let run: SessionRun;
      try {
        run = await runSession(plan, {
          hooks: {
            warn: (message) => io.err(`workbench run: ${message}`),
            ...(options.preflight ? { preflight: options.preflight } : {}),
            onScaWaiting: (waiting) => {
              say(
                `WAITING  ${waiting.checkId}  complete SCA by ${waiting.deadline.slice(11, 19)} UTC: open ${waiting.scaRedirect}`,
              );
              say(`         and ${waiting.instructions}`);
            },
          },
          onPrepared: ({ silentTarget }) => {
            if (silentTarget !== undefined)
              io.err(
                `workbench run: pre-flight: ${silentTarget}; the checks are not run, each is an error in the reports.`,
              );
          },
          signal: cancel.signal,
          // The baseline is applied once, when the run ends; the files and the exit code share it.
          reporters: [
            consoleReporter({ write: say }),
            ...reportFileReporters(outputs.formats, outputs.outputDir, plan.request.catalogue),
          ],
          logger: { error: (message: string) => io.err(message) },
        });
      } catch (error) {
        // A setup refusal like a profile that does not read (exit 2), but not a wrong command
        // line: the cause and the remedy, without the usage text.
        if (error instanceof OwnIdentityRefused) {
          io.err(`workbench run: ${error.problem}`);
          io.err(`workbench run: ${error.remedy}`);
          return EXIT_SETUP_REFUSED;
        }
        if (error instanceof TargetModeMismatch) throw new TargetRefused(error.message);
        if (error instanceof TargetProfileError) throw new InputError(error.message);
        throw error;
      }
      for (const line of describeBaselineOutcome(run.outcome)) say(line);
      const finished = await finishSession(run, outputs, {
        cancelled,
        warn: (message) => io.err(`workbench run: ${message}`),
      });
      const name = run.presented.meta?.runName;
      if (outputs.formats.length > 0)
        say(
          `Reports: ${outputs.formats.join(', ')} in ${outputs.outputDir}${name ? ` (also named ${name}.*)` : ''}`,
        );
      for (const line of awaitingReviewLines(run.result, finished.reports.written)) say(line);
      if (finished.exitCode === EXIT_COULD_NOT_TEST)
        io.err(
          `workbench run: could not test ${run.result.target.baseUrl}: ${finished.couldNotTest}.`,
        );
      const baseline = finished.baseline;
      if (baseline && 'refused' in baseline)
        io.err(`workbench run: --write-baseline: not written, ${baseline.refused}`);
      else if (baseline)
        say(
          `Baseline: ${baseline.adopted.expectedFailures.length} expected failure(s) written to ${baseline.file}`,
        );
      if (finished.bundle)
        say(
          `Bundle: ${finished.bundle} (3 reports, HAR and curl of the exchanges, signed; check with 'workbench verify-bundle ${finished.bundle}')`,
        );
      if (json)
        io.out(
          JSON.stringify(
            outcomeSummary({
              exitCode: finished.exitCode,
              result: run.result,
              outcome: run.outcome,
              reports: finished.reports.written,
              namedReports: finished.reports.named,
              couldNotTest: finished.couldNotTest ?? null,
              baselineWritten: baseline && 'file' in baseline ? baseline.file : null,
              bundle: finished.bundle ?? null,
            }),
          ),
        );
      return finished.exitCode;
    },
  };
}

export const runCommand = createRunCommand();
