/**
 * `workbench run`: the suites against the embedded bank or a real bank, headless, for CI. One
 * engine (main/core/runner), the same checks the UI runs, reporters chosen on the command line;
 * the exit code is 0 only when every check not listed in the baseline passed, warned or skipped.
 */
import { createHash, createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { copyFile, link, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CHECKS, describeRule, RULES, ruleReference } from '../../../suites/index.js';
import { productInfo } from '../../core/product.js';
import type { Check, TargetMode } from '../../core/runner/check-api/index.js';
import {
  consoleReporter,
  couldNotTestReason,
  describeBaselineOutcome,
  baselineOfFailures,
  htmlReporter,
  jsonReporter,
  junitReporter,
  namesCheck,
  parseBaseline,
  parseRunResult,
  RUN_REPORT_SUFFIX,
  runName,
  selectChecks,
  serializeBaseline,
  withBaseline,
  type Baseline,
  type BaselineOutcome,
  type Reporter,
  type RunResult,
} from '../../core/runner/index.js';
import type { ProbeOptions } from '../../core/runner/preflight.js';
import { machineInfo, presentRunResult } from '../../core/runner/report-result.js';
import { runSecrets } from '../../core/runner/run-secrets.js';
import { createBundle, type Signer } from '../../core/runner/evidence-bundle.js';
import { CURL_FILE, HAR_FILE, runCurlScript, runHar } from '../../core/runner/bundle-exchanges.js';
import { createTppIdentity, type TppIdentity } from '../../core/runner/embedded-target.js';
import { toPem } from '../../core/certs/index.js';
import type { RunMetadata } from '../../shared/run-result.js';
import { TargetModeMismatch } from '../../core/runner/profile-target.js';
import { DEFAULT_HTML_FILE } from '../../core/runner/reporters/html.js';
import { DEFAULT_JSON_FILE } from '../../core/runner/reporters/json.js';
import { DEFAULT_JUNIT_FILE } from '../../core/runner/reporters/junit.js';
import {
  executePreparedRun,
  prepareRun,
  type PlannedTarget,
  type RunPlan,
} from '../../core/runner/run-plan.js';
import {
  loadTargetProfile,
  readTargetProfile,
  TargetProfileError,
  TARGET_PROFILE_VERSION,
  type LoadedTargetProfile,
  type ScaAutomation,
} from '../../core/runner/target-profile/index.js';
import { UsageError, type CliIo } from './io.js';
import { parseFlags, parseMaxBody, parseTimeoutSeconds } from './parse.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TOTAL_TIMEOUT_MS } from '../../core/tpp/transport.js';
import type { CliCommand } from './command.js';

const REPORTERS = ['junit', 'html', 'json'] as const;

const usage = `Usage: workbench run --target-file PROFILE | --target embedded|URL [--mode sandbox|production]
                    [--suite AREA]... [--rule ID]... [--tag T]... [--grep TEXT]
                    [--exclude ID|TAG|AREA]... [--rerun-failed RUN-RESULT]
                    [--reporter junit,html,json] [--out DIR] [--json]
                    [--baseline FILE] [--allow-stale-baseline] [--write-baseline FILE]
                    [--concurrency N] [--timeout MS] [--request-timeout SECONDS] [--max-body BYTES]
                    [--sign-cert FILE --sign-key FILE] [--tls-cert FILE --tls-key FILE] [--ca FILE]...
                    [--sca headless|manual|none]
                    [--bundle FILE.zip [--bundle-key PEM --bundle-cert PEM]] [--no-redact]

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
  --reporter LIST  report files to write besides the console: ${REPORTERS.join(', ')}
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
       other mode than the profile's (a production bank answers 404 on /v1/sandbox/)
  3    the run could not test: no request got an answer from the target (connection refused,
       DNS or TLS failure, certificate refused); the checks are <error> in the JUnit report.
       A URL target that does not even accept a TCP connection within 10 s (pre-flight) ends
       the run at once this way, instead of every check waiting its own connect timeout
  130  cancelled (Ctrl+C)
  141  the reader of the output went away (| head -1): the run ends at once, quietly`;

type ReportName = (typeof REPORTERS)[number];
export const REPORT_FILES: Record<ReportName, string> = {
  junit: DEFAULT_JUNIT_FILE,
  html: DEFAULT_HTML_FILE,
  json: DEFAULT_JSON_FILE,
};

/**
 * The `--json` line: what a pipeline needs to decide and to find the files, without parsing the
 * console lines. Readers must ignore fields they do not know (more may come), as for
 * `workbench bank --json`.
 */
function jsonSummary(summary: {
  exitCode: number;
  result: RunResult;
  outcome: BaselineOutcome;
  reports: Record<string, string>;
  namedReports: Record<string, string>;
  couldNotTest: string | null;
  baselineWritten: string | null;
  bundle: string | null;
}) {
  const { result, outcome } = summary;
  return {
    exitCode: summary.exitCode,
    runId: result.runId,
    target: {
      name: result.target.name ?? null,
      url: result.target.baseUrl,
      mode: result.target.mode,
    },
    startedAt: result.startedAt,
    finishedAt: result.finishedAt,
    durationMs: Math.round(result.durationMs),
    cancelled: result.cancelled,
    counts: { ...result.counts, expectedFailures: outcome.expectedFailures.length },
    failed: outcome.unexpectedFailures,
    couldNotTest: summary.couldNotTest,
    baseline: {
      expectedFailures: outcome.expectedFailures.map((entry) => entry.checkId),
      fixed: outcome.fixed.map((entry) => entry.checkId),
      unknown: outcome.unknown.map((entry) => entry.checkId),
      notConfirmed: outcome.notConfirmed.map((entry) => entry.checkId),
      stale: outcome.stale,
      staleAllowed: outcome.staleAllowed,
      written: summary.baselineWritten,
    },
    reports: summary.reports,
    namedReports: summary.namedReports,
    bundle: summary.bundle,
  };
}

/**
 * SHA-256 of the rule catalogue (id, section, statement of every rule): the spec the checks were
 * written against, as precise as the rules themselves (docs/spec/interface-spec.md is not shipped
 * with the CLI, its rules are).
 */
const catalogueSha256 = createHash('sha256')
  .update(JSON.stringify(RULES.map((rule) => [rule.id, ruleReference(rule), rule.statement])))
  .digest('hex');

/** The named copy of a report file (see docs/ci.md "Report files"). */
const NAMED_SUFFIX: Record<ReportName, string> = RUN_REPORT_SUFFIX;

/**
 * A second name for a written report: a hard link (no second copy on disk), or a copy where the
 * file system has none. Replaces a file of that name.
 */
async function nameReport(stable: string, named: string): Promise<void> {
  await rm(named, { force: true });
  try {
    await link(stable, named);
  } catch {
    await copyFile(stable, named);
  }
}

/**
 * Who seals the bundle: --bundle-key/--bundle-cert, or else the QSealC of the profile (the seal
 * the TPP already holds). The embedded bank's QSealC is made for one process by a throwaway CA,
 * so a seal by it would prove nothing: --target embedded needs a key of its own.
 */
async function bundleSigner(
  values: Record<string, string | string[] | boolean | undefined>,
  planned: PlannedTarget,
): Promise<Signer | undefined> {
  const key = values['bundle-key'] as string | undefined;
  const cert = values['bundle-cert'] as string | undefined;
  if (values.bundle === undefined) {
    if (key !== undefined || cert !== undefined)
      throw new UsageError('--bundle-key and --bundle-cert go with --bundle FILE');
    return undefined;
  }
  const bundle = values.bundle as string;
  if (bundle.trim() === '' || bundle === '-')
    throw new UsageError(`--bundle needs a file name, not '${bundle}'`);
  // The bundle is a ZIP; a .tar name (the first format) would promise the wrong thing.
  if (!/\.zip$/i.test(bundle))
    throw new UsageError(`--bundle: '${bundle}' must end in .zip (the bundle is a ZIP archive)`);
  if ((key === undefined) !== (cert === undefined))
    throw new UsageError('--bundle-key and --bundle-cert go together');
  if (key !== undefined && cert !== undefined) {
    const pem = (await readFlagFile(cert, '--bundle-cert')).toString('utf8');
    let privateKey: KeyObject;
    try {
      privateKey = createPrivateKey(await readFlagFile(key, '--bundle-key'));
    } catch (error) {
      if (error instanceof UsageError) throw error;
      throw new UsageError(`--bundle-key: '${key}' is not a PEM private key`);
    }
    let certificate: X509Certificate;
    try {
      certificate = new X509Certificate(pem);
    } catch {
      throw new UsageError(`--bundle-cert: '${cert}' is not a PEM certificate`);
    }
    if (!certificate.checkPrivateKey(privateKey))
      throw new UsageError(
        `--bundle-key: '${key}' is not the key of the --bundle-cert certificate`,
      );
    return { key: privateKey, certificatePem: pem };
  }
  if (planned.kind === 'embedded')
    throw new UsageError(
      '--bundle with --target embedded needs --bundle-key and --bundle-cert: the embedded QSealC comes from a throwaway CA',
    );
  const signing = planned.loaded.signing;
  return {
    key: signing.key,
    certificatePem: signing.certificates.map((der) => toPem(der)).join(''),
  };
}

/** §9: "latest listed" numbered API release of the bank the spec documents. */
export const API_RELEASE = '1.21.25';

/** The QSealC of the run for the metadata: who signed the requests the reports show. */
function signingCertificate(
  planned: PlannedTarget,
  embedded: TppIdentity | undefined,
): RunMetadata['signingCertificate'] {
  const der =
    planned.kind === 'profile'
      ? planned.loaded.signing.certificates[0]
      : embedded?.qsealc.certificateDer;
  if (!der) return null;
  const certificate = new X509Certificate(der);
  return { subject: certificate.subject.replace(/\n/g, ', '), sha256: certificate.fingerprint256 };
}

/** The exit code of a run whose target never answered (see couldNotTestReason). */
export const EXIT_COULD_NOT_TEST = 3;

/** Refuses suites, rules and tags that no check has, naming them (a typo must not pass as 0). */
function checkSelectionNames(
  checks: readonly Check[],
  values: {
    suite?: string[] | undefined;
    rule?: string[] | undefined;
    tag?: string[] | undefined;
    exclude?: string[] | undefined;
  },
): void {
  for (const value of values.exclude ?? []) {
    if (!checks.some((check) => namesCheck(check, value)))
      throw new UsageError(
        `--exclude: '${value}' is neither a check id, a tag nor an area of any check (see 'workbench rules')`,
      );
  }
  const suites: string[] = [...new Set(checks.map((check) => check.area))];
  const rules = new Set(checks.flatMap((check) => check.rules));
  const tags = new Set(checks.flatMap((check) => check.tags ?? []));
  for (const suite of values.suite ?? []) {
    if (!suites.includes(suite))
      throw new UsageError(`--suite: no suite '${suite}'; the suites are ${suites.join(', ')}`);
  }
  for (const rule of values.rule ?? []) {
    if (!rules.has(rule))
      throw new UsageError(
        `--rule: no check covers a rule '${rule}' (see 'workbench rules' for the catalogue)`,
      );
  }
  for (const tag of values.tag ?? []) {
    if (!tags.has(tag))
      throw new UsageError(
        `--tag: no check has the tag '${tag}'; ${tags.size > 0 ? `the tags are ${[...tags].join(', ')}` : 'the checks carry no tags'}`,
      );
  }
}

function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1)
    throw new UsageError(`${flag} must be a positive whole number, not '${value}'`);
  return n;
}

async function readFlagFile(path: string, flag: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageError(
      `${flag}: cannot read '${path}' (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
    );
  }
}

async function readRerunFailed(file: string, all: readonly Check[], io: CliIo): Promise<RunResult> {
  let result: RunResult;
  try {
    result = parseRunResult((await readFlagFile(file, '--rerun-failed')).toString('utf8'), file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--rerun-failed: ${(error as Error).message}`);
  }
  const failed = result.checks.filter((check) => check.status === 'FAIL').map((c) => c.checkId);
  if (failed.length === 0)
    throw new UsageError(`--rerun-failed: no check failed in ${file}; there is nothing to re-run`);
  const known = new Set(all.map((check) => check.id));
  const gone = failed.filter((id) => !known.has(id));
  if (gone.length > 0)
    io.err(
      `workbench run: --rerun-failed: ${gone.join(', ')} failed in ${file} but no check has that id any more`,
    );
  return result;
}

/** Writes a file whole or not at all (temporary file, then rename), as the reports are. */
async function writeAtomically(path: string, content: string): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${process.pid}.${Date.now()}.tmp`;
  await writeFile(temporary, content, 'utf8');
  await rename(temporary, path);
}

/**
 * The adopted baseline: this run's failures, plus the previous baseline's entries for checks the
 * run did not select (a partial run must not drop them); entries no check has are dropped.
 */
function adoptedBaseline(
  result: RunResult,
  previous: Baseline | undefined,
  knownIds: ReadonlySet<string>,
): Baseline {
  const adopted = baselineOfFailures(result, previous);
  const ran = new Set(result.checks.map((check) => check.checkId));
  const kept = (previous?.expectedFailures ?? []).filter(
    (entry) => !ran.has(entry.checkId) && knownIds.has(entry.checkId),
  );
  return { expectedFailures: [...adopted.expectedFailures, ...kept] };
}

async function readProfile(file: string): Promise<LoadedTargetProfile> {
  try {
    return await readTargetProfile(file);
  } catch (error) {
    if (error instanceof TargetProfileError) throw new UsageError(`--target-file ${error.message}`);
    throw error;
  }
}

const SCA_FLAG_MODES = ['headless', 'manual', 'none'] as const;

/** The profile the URL flags describe: one run path for a profile file and for flags. */
async function profileFromFlags(
  target: string,
  mode: TargetMode,
  values: Record<string, string | string[] | boolean | undefined>,
  limits: { timeouts: { totalMs: number }; maxResponseBytes: number },
): Promise<LoadedTargetProfile> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new UsageError(`--target must be 'embedded' or an absolute URL, not '${target}'`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new UsageError(
      `--target must be 'embedded' or an http: or https: URL, not '${target}' (${url.protocol} is not supported)`,
    );
  const flag = (name: string) => values[name] as string | undefined;
  if (!flag('sign-cert') || !flag('sign-key'))
    throw new UsageError('a URL target needs --sign-cert and --sign-key (or a --target-file)');
  if (Boolean(flag('tls-cert')) !== Boolean(flag('tls-key')))
    throw new UsageError('--tls-cert and --tls-key go together');
  const sca = flag('sca') ?? 'none';
  if (!(SCA_FLAG_MODES as readonly string[]).includes(sca))
    throw new UsageError(`--sca must be one of ${SCA_FLAG_MODES.join(', ')}, not '${sca}'`);
  const cas = (values.ca as string[] | undefined) ?? [];
  try {
    return await loadTargetProfile(
      {
        profileVersion: TARGET_PROFILE_VERSION,
        baseUrl: url.toString().replace(/\/+$/, ''),
        mode,
        signing: { certificate: flag('sign-cert')!, key: flag('sign-key')! },
        ...(flag('tls-cert') || cas.length > 0
          ? {
              tls: {
                ...(flag('tls-cert')
                  ? { clientCertificate: { certificate: flag('tls-cert')!, key: flag('tls-key')! } }
                  : {}),
                ...(cas.length > 0 ? { ca: cas } : {}),
              },
            }
          : {}),
        sca: { mode: sca as ScaAutomation['mode'] } as ScaAutomation,
        requestTimeoutSeconds: limits.timeouts.totalMs / 1000,
        maxBodyBytes: limits.maxResponseBytes,
      },
      { source: 'the command line', baseDir: process.cwd() },
    );
  } catch (error) {
    if (error instanceof TargetProfileError)
      throw new UsageError(
        error.problems
          .map((problem) =>
            problem
              .replace(/^\/signing\/certificate/, '--sign-cert')
              .replace(/^\/signing\/key/, '--sign-key')
              .replace(/^\/tls\/clientCertificate\/certificate/, '--tls-cert')
              .replace(/^\/tls\/clientCertificate\/key/, '--tls-key')
              .replace(/^\/tls\/ca\/\d+/, '--ca'),
          )
          .join('; '),
      );
    throw error;
  }
}

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
      const { values } = parseFlags(argv, {
        target: { type: 'string' },
        'target-file': { type: 'string' },
        sca: { type: 'string' },
        mode: { type: 'string' },
        suite: { type: 'string', multiple: true },
        rule: { type: 'string', multiple: true },
        tag: { type: 'string', multiple: true },
        grep: { type: 'string' },
        exclude: { type: 'string', multiple: true },
        'rerun-failed': { type: 'string' },
        reporter: { type: 'string' },
        out: { type: 'string' },
        json: { type: 'boolean' },
        baseline: { type: 'string' },
        'allow-stale-baseline': { type: 'boolean' },
        'write-baseline': { type: 'string' },
        bundle: { type: 'string' },
        'bundle-key': { type: 'string' },
        'bundle-cert': { type: 'string' },
        'no-redact': { type: 'boolean' },
        concurrency: { type: 'string' },
        timeout: { type: 'string' },
        'request-timeout': { type: 'string' },
        'max-body': { type: 'string' },
        'sign-cert': { type: 'string' },
        'sign-key': { type: 'string' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        ca: { type: 'string', multiple: true },
      });
      if (!values.target && !values['target-file'])
        throw new UsageError(
          '--target-file PROFILE or --target is required: embedded, or the base URL of a bank',
        );
      if (values.target && values['target-file'])
        throw new UsageError('give --target-file or --target, not both');
      if (values.mode !== undefined && values.mode !== 'sandbox' && values.mode !== 'production')
        throw new UsageError(`--mode must be sandbox or production, not '${values.mode}'`);
      let profile: LoadedTargetProfile | undefined;
      if (values['target-file']) {
        for (const flag of ['sign-cert', 'sign-key', 'tls-cert', 'tls-key', 'ca', 'sca'] as const)
          if (values[flag] !== undefined)
            throw new UsageError(
              `--${flag} is for a --target URL; with --target-file the profile says it`,
            );
        profile = await readProfile(values['target-file']);
        if (values.mode !== undefined && values.mode !== profile.profile.mode)
          throw new UsageError(
            `--mode ${values.mode}: the profile ${values['target-file']} is for a ${profile.profile.mode} bank`,
          );
      }
      const mode = (profile?.profile.mode ?? values.mode ?? 'sandbox') as TargetMode;
      const reporterNames = (values.reporter ?? '')
        .split(',')
        .map((r) => r.trim())
        .filter(Boolean);
      for (const name of reporterNames) {
        if (!(REPORTERS as readonly string[]).includes(name))
          throw new UsageError(`--reporter: '${name}' is not one of ${REPORTERS.join(', ')}`);
      }
      const concurrency = positiveInteger(values.concurrency, '--concurrency', 4);
      const timeoutMs = positiveInteger(values.timeout, '--timeout', 30_000);
      const exchangeLimits = {
        timeouts: {
          totalMs: parseTimeoutSeconds(
            values['request-timeout'],
            '--request-timeout',
            DEFAULT_TOTAL_TIMEOUT_MS,
          ),
        },
        maxResponseBytes: parseMaxBody(
          values['max-body'],
          '--max-body',
          DEFAULT_MAX_RESPONSE_BYTES,
        ),
      };
      let baseline: Baseline | undefined;
      if (values.baseline) {
        try {
          baseline = parseBaseline(
            (await readFlagFile(values.baseline, '--baseline')).toString('utf8'),
            values.baseline,
          );
        } catch (error) {
          if (error instanceof UsageError) throw error;
          throw new UsageError((error as Error).message);
        }
      }

      if (values.out !== undefined && (values.out === '-' || values.out.trim() === ''))
        throw new UsageError(
          `--out needs a directory for the report files, not '${values.out}' (the console output is already the standard output)`,
        );
      if (values['write-baseline'] !== undefined && values['write-baseline'].trim() === '')
        throw new UsageError('--write-baseline needs a file name');
      // With --json the standard output carries the one summary line and nothing else.
      const say = values.json ? (line: string) => io.err(line) : (line: string) => io.out(line);
      const all = options.checks ?? CHECKS;
      const knownIds = new Set(all.map((check) => check.id));
      checkSelectionNames(all, values);
      const failedIn = values['rerun-failed']
        ? await readRerunFailed(values['rerun-failed'], all, io)
        : undefined;
      const checks = selectChecks(all, {
        ...(values.suite ? { areas: values.suite } : {}),
        ...(values.rule ? { ruleIds: values.rule } : {}),
        ...(values.tag ? { tags: values.tag } : {}),
        ...(values.grep ? { text: values.grep } : {}),
        ...(values.exclude ? { exclude: values.exclude } : {}),
        ...(failedIn ? { failedIn } : {}),
      }).filter((check) => !check.modes || check.modes.includes(mode));
      if (checks.length === 0)
        throw new UsageError(
          `no check matches the selection in ${mode} mode${failedIn ? ` (--rerun-failed: of the checks that failed in ${values['rerun-failed']})` : ''}`,
        );

      let planned: PlannedTarget;
      if (profile) planned = { kind: 'profile', loaded: profile };
      else if (values.target === 'embedded') planned = { kind: 'embedded', mode };
      else
        planned = {
          kind: 'profile',
          loaded: await profileFromFlags(values.target!, mode, values, exchangeLimits),
        };
      if (planned.kind === 'profile' && values.baseline === undefined && planned.loaded.baseline)
        baseline = planned.loaded.baseline;

      const signer = await bundleSigner(values, planned);
      const outputDir = values.out ?? 'workbench-report';
      // The bundle holds every report, whatever --reporter asked for.
      if (signer)
        for (const name of REPORTERS) if (!reporterNames.includes(name)) reporterNames.push(name);
      const fileReporters: Reporter[] = [];
      if (reporterNames.includes('junit')) fileReporters.push(junitReporter({ outputDir }));
      if (reporterNames.includes('json')) fileReporters.push(jsonReporter({ outputDir }));
      if (reporterNames.includes('html'))
        fileReporters.push(htmlReporter({ outputDir, describeRule }));
      // The baseline is applied once, when the run ends; the files and the exit code share it.
      const progress = consoleReporter({ write: say });
      const targetUrl =
        planned.kind === 'profile' ? planned.loaded.profile.baseUrl : 'embedded bank';
      const metaOf = (result: RunResult): RunMetadata => ({
        workbench: { name: productInfo.name, version: productInfo.version },
        spec: {
          document: 'docs/spec/interface-spec.md',
          apiRelease: API_RELEASE,
          berlinGroupOpenApi: '1.3.8',
          catalogueSha256,
          rules: RULES.length,
        },
        target: {
          name: result.target.name ?? null,
          url: result.target.baseUrl,
          mode: result.target.mode,
          profileFile: values['target-file'] ?? null,
        },
        selection: {
          suites: values.suite ?? [],
          rules: values.rule ?? [],
          tags: values.tag ?? [],
          grep: values.grep ?? null,
          exclude: values.exclude ?? [],
          rerunFailed: values['rerun-failed'] ?? null,
          checks: result.checks.length,
        },
        baseline:
          values.baseline ??
          (baseline && planned.kind === 'profile'
            ? `${values['target-file']} (its baseline)`
            : null),
        machine: machineInfo(),
        runName: runName(
          planned.kind === 'profile' ? targetUrl : 'embedded',
          result.target.mode,
          result.startedAt,
        ),
        signingCertificate: signingCertificate(planned, embeddedIdentity),
        psuDataMasked: psuData === 'mask',
      });
      const psuData = values['no-redact'] === true ? 'keep' : 'mask';
      // The run takes them out as it goes (run-secrets.ts); the reports check once more.
      const secrets = planned.kind === 'profile' ? runSecrets(planned.loaded) : [];
      const reports = withBaseline([progress, ...fileReporters], baseline, {
        knownCheckIds: knownIds,
        allowStale: values['allow-stale-baseline'] === true,
        present: (marked) =>
          presentRunResult(marked, {
            meta: metaOf(marked),
            describeRule,
            psuData,
            secrets,
          }),
      });

      let embeddedIdentity: TppIdentity | undefined;
      const cancel = new AbortController();
      let cancelled = false;
      void io.stopRequested().then(() => {
        cancelled = true;
        cancel.abort(new Error('cancelled by the user'));
      });
      const plan: RunPlan = {
        target: planned,
        selection: { ids: checks.map((check) => check.id) },
        concurrency,
        timeoutMs,
        ...(baseline ? { baseline } : {}),
      };
      let prepared;
      try {
        prepared = await prepareRun(all, plan, {
          // Kept for the metadata: the embedded QSealC exists only inside this run.
          identity: async () => (embeddedIdentity = await createTppIdentity()),
          warn: (message) => io.err(`workbench run: ${message}`),
          ...(options.preflight ? { preflight: options.preflight } : {}),
          onScaWaiting: (waiting) => {
            say(
              `WAITING  ${waiting.checkId}  complete SCA by ${waiting.deadline.slice(11, 19)} UTC: open ${waiting.scaRedirect}`,
            );
            say(`         and ${waiting.instructions}`);
          },
        });
      } catch (error) {
        if (error instanceof TargetModeMismatch || error instanceof TargetProfileError)
          throw new UsageError(error.message);
        throw error;
      }
      const target = prepared.target;
      if (prepared.silentTarget !== undefined)
        io.err(
          `workbench run: pre-flight: ${prepared.silentTarget}; the checks are not run, each is an error in the reports.`,
        );
      const result = await executePreparedRun(prepared, plan, {
        signal: cancel.signal,
        reporters: reports.reporters,
        logger: { error: (message: string) => io.err(message) },
      });
      const outcome = reports.outcome(result);
      for (const line of describeBaselineOutcome(outcome)) say(line);
      const written: Record<string, string> = {};
      const named: Record<string, string> = {};
      const name = reports.presented(result).meta?.runName;
      for (const reporter of reporterNames as ReportName[]) {
        const stable = join(outputDir, REPORT_FILES[reporter]);
        written[reporter] = stable;
        if (!name) continue;
        named[reporter] = join(outputDir, `${name}${NAMED_SUFFIX[reporter]}`);
        try {
          await nameReport(stable, named[reporter]);
        } catch (error) {
          io.err(
            `workbench run: ${stable}: no named copy ${named[reporter]} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`,
          );
          delete named[reporter];
        }
      }
      if (reporterNames.length > 0)
        say(
          `Reports: ${reporterNames.join(', ')} in ${outputDir}${name ? ` (also named ${name}.*)` : ''}`,
        );
      const unreachable = couldNotTestReason(outcome.result);
      let exitCode: number = outcome.exitCode;
      if (cancelled) exitCode = 130;
      else if (unreachable !== undefined) {
        io.err(
          `workbench run: could not test ${target.info.baseUrl}: no request got an answer (${unreachable}).`,
        );
        exitCode = EXIT_COULD_NOT_TEST;
      }
      let baselineWritten: string | undefined;
      if (values['write-baseline'] !== undefined) {
        if (exitCode === 130 || exitCode === EXIT_COULD_NOT_TEST)
          io.err(
            `workbench run: --write-baseline: not written, the run ${exitCode === 130 ? 'was cancelled' : 'could not test the target'}`,
          );
        else {
          const adopted = adoptedBaseline(outcome.result, baseline, knownIds);
          await writeAtomically(
            values['write-baseline'],
            serializeBaseline(adopted.expectedFailures),
          );
          baselineWritten = values['write-baseline'];
          say(
            `Baseline: ${adopted.expectedFailures.length} expected failure(s) written to ${baselineWritten}`,
          );
        }
      }
      let bundleWritten: string | undefined;
      if (signer && values.bundle) {
        const presented = reports.presented(result);
        const files = [
          ...(await Promise.all(
            REPORTERS.map(async (name) => ({
              name: REPORT_FILES[name],
              content: await readFile(written[name]!),
            })),
          )),
          { name: HAR_FILE, content: Buffer.from(runHar(presented)) },
          { name: CURL_FILE, content: Buffer.from(runCurlScript(presented, psuData === 'mask')) },
        ];
        const tar = createBundle(files, signer, {
          runId: presented.runId,
          runName: presented.meta?.runName ?? null,
        });
        await mkdir(dirname(values.bundle), { recursive: true });
        const temporary = `${values.bundle}.${process.pid}.tmp`;
        await writeFile(temporary, tar);
        await rename(temporary, values.bundle);
        bundleWritten = values.bundle;
        say(
          `Bundle: ${values.bundle} (3 reports, HAR and curl of the exchanges, signed; check with 'workbench verify-bundle ${values.bundle}')`,
        );
      }
      if (values.json)
        io.out(
          JSON.stringify(
            jsonSummary({
              exitCode,
              result,
              outcome,
              reports: written,
              namedReports: named,
              couldNotTest: unreachable ?? null,
              baselineWritten: baselineWritten ?? null,
              bundle: bundleWritten ?? null,
            }),
          ),
        );
      return exitCode;
    },
  };
}

export const runCommand = createRunCommand();
