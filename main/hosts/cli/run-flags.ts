/**
 * `workbench run`'s flags read into a run session's request and the outputs asked for: every flag
 * checked, every file it names read, and each refusal a UsageError naming the flag (exit 2). The
 * run itself is the session's (main/core/runner/session).
 */
import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import type { Check, BankMode } from '../../core/runner/check-api/index.js';
import {
  namesCheck,
  parseBaseline,
  parseRunResult,
  selectChecks,
  type CheckSelection,
  type RunResult,
} from '../../core/runner/index.js';
import type { Signer } from '../../core/runner/index.js';
import type { PlannedTarget } from '../../core/runner/index.js';
import {
  planSession,
  profileSigner,
  REPORT_FORMATS,
  type ReportFormat,
  type SessionOutputs,
  type SessionPlan,
  type SessionRequest,
} from '../../core/runner/session/index.js';
import {
  loadTargetProfile,
  readTargetProfile,
  TargetProfileError,
  TARGET_PROFILE_VERSION,
  type LoadedTargetProfile,
  type ScaAutomation,
} from '../../core/runner/target-profile/index.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TOTAL_TIMEOUT_MS } from '../../core/tpp/transport.js';
import { ruleCatalogue } from '../../api/services/runner/catalogue.js';
import { closestName } from './did-you-mean.js';
import { InputError, UsageError, type CliIo } from './io.js';
import { cliKeystoreCredentials } from './keystore-credentials.js';
import { parseFlags, parseMaxBody, parseTimeoutSeconds, readFlagFile } from './parse.js';
import { isRerunStatus } from '../../shared/run-status.js';

const FLAGS = {
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
  'reset-clock': { type: 'boolean' },
  concurrency: { type: 'string' },
  timeout: { type: 'string' },
  'request-timeout': { type: 'string' },
  'max-body': { type: 'string' },
  'sign-cert': { type: 'string' },
  'sign-key': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  ca: { type: 'string', multiple: true },
} as const;

type Values = Record<string, string | string[] | boolean | undefined>;

/** A `workbench run` command line, read: the session's plan and what to write besides. */
export interface RunInvocation {
  plan: SessionPlan;
  outputs: SessionOutputs;
  /** Print one JSON line on stdout at the end; the console lines go to stderr. */
  json: boolean;
}

export async function readRunFlags(
  argv: string[],
  all: readonly Check[],
  io: CliIo,
): Promise<RunInvocation> {
  const { values } = parseFlags(argv, FLAGS);
  const { profile, mode } = await readTargetFlags(values);
  const formats = (values.reporter ?? '')
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean) as ReportFormat[];
  for (const name of formats) {
    if (!REPORT_FORMATS.includes(name))
      throw new UsageError(`--reporter: '${name}' is not one of ${REPORT_FORMATS.join(', ')}`);
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
    maxResponseBytes: parseMaxBody(values['max-body'], '--max-body', DEFAULT_MAX_RESPONSE_BYTES),
  };
  let baseline: SessionRequest['baseline'];
  if (values.baseline) {
    try {
      const text = (await readFlagFile(values.baseline, '--baseline')).toString('utf8');
      baseline = { baseline: parseBaseline(text, values.baseline), source: values.baseline };
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
  checkSelectionNames(all, values);
  const failedIn = values['rerun-failed']
    ? await readRerunFailed(values['rerun-failed'], all, io)
    : undefined;
  const selection: CheckSelection = {
    ...(values.suite ? { areas: values.suite } : {}),
    ...(values.rule ? { ruleIds: values.rule } : {}),
    ...(values.tag ? { tags: values.tag } : {}),
    ...(values.grep !== undefined ? { text: values.grep } : {}),
    ...(values.exclude ? { exclude: values.exclude } : {}),
    ...(failedIn ? { failedIn } : {}),
  };
  if (!selectChecks(all, selection).some((check) => !check.modes || check.modes.includes(mode)))
    throw new UsageError(
      `no check matches the selection in ${mode} mode${failedIn ? ` (--rerun-failed: of the checks that failed in ${values['rerun-failed']})` : ''}`,
    );
  let target: PlannedTarget;
  if (profile) target = { kind: 'profile', loaded: profile };
  else if (values.target === 'embedded') target = { kind: 'embedded', mode };
  else
    target = {
      kind: 'profile',
      loaded: await profileFromFlags(values.target!, mode, values, exchangeLimits),
    };
  const signer = await bundleSigner(values, target);
  // The bundle holds every report, whatever --reporter asked for.
  if (signer) for (const name of REPORT_FORMATS) if (!formats.includes(name)) formats.push(name);
  const plan = planSession({
    checks: all,
    catalogue: ruleCatalogue,
    target,
    selection,
    ...(values['rerun-failed'] ? { rerunFailed: values['rerun-failed'] } : {}),
    ...(values['target-file'] ? { profileFile: values['target-file'] } : {}),
    concurrency,
    timeoutMs,
    ...(baseline ? { baseline } : {}),
    allowStaleBaseline: values['allow-stale-baseline'] === true,
    psuData: values['no-redact'] === true ? 'keep' : 'mask',
    ...(values['reset-clock'] === true ? { resetClock: true } : {}),
  });
  return {
    plan,
    outputs: {
      formats,
      outputDir: values.out ?? 'workbench-report',
      ...(values['write-baseline'] !== undefined
        ? { writeBaseline: values['write-baseline'] }
        : {}),
      ...(signer && values.bundle ? { bundle: { file: values.bundle, signer } } : {}),
    },
    json: values.json === true,
  };
}

/** --target, --target-file and --mode, checked together; the profile read when one is named. */
async function readTargetFlags(values: {
  target?: string | undefined;
  'target-file'?: string | undefined;
  mode?: string | undefined;
  [flag: string]: string | string[] | boolean | undefined;
}): Promise<{ profile?: LoadedTargetProfile; mode: BankMode }> {
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
  const mode = (profile?.profile.mode ?? values.mode ?? 'sandbox') as BankMode;
  return { ...(profile ? { profile } : {}), mode };
}

/**
 * Who seals the bundle: --bundle-key/--bundle-cert, or else the QSealC of the profile (the seal
 * the TPP already holds). The embedded bank's QSealC is made for one process by a throwaway CA,
 * so a seal by it would prove nothing: --target embedded needs a key of its own.
 */
async function bundleSigner(values: Values, planned: PlannedTarget): Promise<Signer | undefined> {
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
  return profileSigner(planned.loaded);
}

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
    if (!rules.has(rule)) throw ruleNotCovered(rule, checks, [...rules]);
  }
  for (const tag of values.tag ?? []) {
    if (!tags.has(tag))
      throw new UsageError(
        `--tag: no check has the tag '${tag}'; ${tags.size > 0 ? `the tags are ${[...tags].join(', ')}` : 'the checks carry no tags'}`,
      );
  }
}

/**
 * Why --rule VALUE selects nothing, and the next step: a check id (CONSENT-GRANTED-DURING-SCA) is
 * not a rule id (CONSENT-GIVEN-DURING-SCA), so the remedy names the rules that check covers; a
 * typo gets the closest rule id.
 */
function ruleNotCovered(rule: string, checks: readonly Check[], covered: string[]): UsageError {
  const check = checks.find((candidate) => candidate.id === rule);
  if (check)
    return new UsageError(
      `--rule: '${rule}' is a check id, not a rule id`,
      check.rules[0] !== undefined
        ? `that check covers ${check.rules.join(', ')}: --rule ${check.rules[0]} runs every check of that rule`
        : `that check covers no rule; --grep ${rule} selects it`,
    );
  const meant = closestName(rule, covered);
  return new UsageError(
    `--rule: no check covers a rule '${rule}'`,
    `${meant ? `did you mean ${meant}? ` : ''}'workbench rules' lists the rule ids and their checks`,
  );
}

function positiveInteger(value: string | undefined, flag: string, fallback: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1)
    throw new UsageError(`${flag} must be a positive whole number, not '${value}'`);
  return n;
}

async function readRerunFailed(file: string, all: readonly Check[], io: CliIo): Promise<RunResult> {
  let result: RunResult;
  try {
    result = parseRunResult((await readFlagFile(file, '--rerun-failed')).toString('utf8'), file);
  } catch (error) {
    if (error instanceof UsageError) throw error;
    throw new UsageError(`--rerun-failed: ${(error as Error).message}`);
  }
  const failed = result.checks
    .filter((check) => isRerunStatus(check.status))
    .flatMap((c) => c.observedIn ?? [c.checkId]);
  if (failed.length === 0)
    throw new UsageError(
      `--rerun-failed: no check failed or could not test in ${file}; there is nothing to re-run`,
    );
  const known = new Set(all.map((check) => check.id));
  const gone = failed.filter((id) => !known.has(id));
  if (gone.length > 0)
    io.err(
      `workbench run: --rerun-failed: ${gone.join(', ')} failed in ${file} but no check has that id any more`,
    );
  return result;
}

/**
 * The profile --target-file names. One that does not read is the file's fault, not the command
 * line's: exit 2 with its problems and where the format is described, without the usage.
 */
async function readProfile(file: string): Promise<LoadedTargetProfile> {
  try {
    return await readTargetProfile(file, { keystore: cliKeystoreCredentials() });
  } catch (error) {
    if (error instanceof TargetProfileError)
      throw new InputError(
        `--target-file ${error.message}`,
        `fix the profile (its fields: docs/targets.md) or write one with 'workbench target init'`,
      );
    throw error;
  }
}

const SCA_FLAG_MODES = ['headless', 'manual', 'none'] as const;

/** The profile the URL flags describe: one run path for a profile file and for flags. */
async function profileFromFlags(
  target: string,
  mode: BankMode,
  values: Values,
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
