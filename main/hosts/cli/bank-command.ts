/**
 * `workbench bank --mode sandbox|production [--port N] [--host H] [--allow-host NAME[:PORT]]...
 * [--trust-ca FILE]...
 * [--crl FILE]... [--registry FILE] [--state FILE] [--tls|--mtls …]
 * [--admin|--admin-token T|--admin-token-file FILE]
 * [--json] [--report F --report-dir D] [--sign-responses …]` (docs/ci.md). The CLI entry wires this
 * function in; it parses and validates its flags, prints the base URL (with
 * --json as one JSON line, alone on stdout), and stops cleanly on SIGINT/SIGTERM.
 * Exit codes: 0 stopped cleanly, 1 the bank could not start or could not write its --report,
 * 2 the command line was wrong; with --plan and --report, those of the plan's verdicts too.
 */
import { access, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { endPlan, planHooks, planOf, renderPlanForAdmin } from './bank-plan.js';
import { join } from 'node:path';
import { VirtualClock } from '../../core/clock.js';
import {
  RevocationLists,
  StateStoreUnavailableError,
  TppRegistry,
  TrustStore,
  createBank,
  openStateEngine,
  parseRegistryJson,
  readJsonFile,
  readSnapshot,
  type DomainSnapshot,
  type JsonIntakeResult,
  type OpenedStateEngine,
  type PlanRun,
} from '../../core/bank/index.js';
import {
  DatabaseFileError,
  removeLeftoverTemporaryFiles,
} from '../../core/persistence/sqlite-file.js';
import { adminTokenProblem, createAdminApi } from '../../core/bank/index.js';
import {
  createResponseSigner,
  generateResponseCertificate,
  type ResponseSigner,
} from '../../core/bank/index.js';
import type { Bank, TppReport } from '../../core/bank/index.js';
import {
  TPP_REPORT_CONTENT_TYPES,
  TPP_REPORT_FILES,
  renderTppReport,
} from '../../core/runner/index.js';
import { MAX_REQUEST_BODY_BYTES } from '../../core/spec/limits.js';
import {
  announceBankListening,
  bankListeningJson,
  warnAboutBankExposure,
} from './bank-listening.js';
import { bankTlsSetup } from './bank-tls.js';
import type { CliCommand } from './command.js';
import type { CliIo } from './io.js';

import {
  UsageProblem,
  bankCommandUsage,
  parseBankFlags,
  type BankCommandFlags,
} from './bank-flags.js';

export { ADMIN_TOKEN_VARIABLE, bankCommandUsage, parseBankFlags } from './bank-flags.js';
export type BankCommandIo = CliIo;

/** The response signer the flags ask for; a usage problem names a file that does not do. */
async function responseSigner(
  flags: NonNullable<BankCommandFlags['signResponses']>,
): Promise<ResponseSigner> {
  if (flags.cert !== undefined) {
    const certificate = await readFlagFile('--response-cert', flags.cert);
    const key = await readFlagFile('--response-key', flags.key!);
    try {
      return createResponseSigner({ certificate, key });
    } catch (error) {
      throw new UsageProblem(
        `--response-cert ${flags.cert} / --response-key ${flags.key}: ${(error as Error).message}`,
      );
    }
  }
  const generated = await generateResponseCertificate();
  if (flags.certOut !== undefined) {
    try {
      await writeFile(flags.certOut, generated.certificatePem);
    } catch (error) {
      throw new UsageProblem(
        `--response-cert-out ${flags.certOut}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
    }
  }
  return createResponseSigner({ certificate: generated.certificatePem, key: generated.key });
}

/** The rendered formats GET /admin/report serves besides JSON. */
function renderForAdmin(report: TppReport, format: 'junit' | 'html') {
  return { contentType: TPP_REPORT_CONTENT_TYPES[format], body: renderTppReport(report, format) };
}

/** Writes the report files; a failure is named on stderr and makes the exit code 1. */
async function writeReports(
  report: TppReport,
  target: NonNullable<BankCommandFlags['report']>,
  io: CliIo,
): Promise<boolean> {
  let ok = true;
  for (const format of target.formats) {
    const file = join(target.dir, TPP_REPORT_FILES[format]);
    try {
      await writeFile(file, renderTppReport(report, format));
    } catch (error) {
      io.err(
        `workbench bank: cannot write the ${format} report to ${file}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      );
      ok = false;
    }
  }
  return ok;
}

/** The report at exit; a shared log out of reach is named on stderr (exit code 1). */
async function writeExitReport(
  bank: Bank,
  target: NonNullable<BankCommandFlags['report']>,
  io: CliIo,
): Promise<boolean> {
  let report: TppReport;
  try {
    report = await bank.logs.report();
  } catch (error) {
    io.err(`workbench bank: cannot make the TPP report: ${(error as Error).message}`);
    return false;
  }
  return writeReports(report, target, io);
}

/** The token in FILE: its first line, without the line break; a usage problem names the file. */
async function readAdminTokenFile(path: string): Promise<string> {
  // Not a FIFO that never ends or a device without end: a regular file, small.
  const info = await stat(path).catch(() => undefined);
  if (info && (!info.isFile() || info.size > 4096))
    throw new UsageProblem(
      `--admin-token-file ${path}: not a regular file of at most 4096 bytes; give a file with the token`,
    );
  const contents = await readFlagFile('--admin-token-file', path);
  const token = contents.toString('utf8').split(/\r?\n/)[0]!;
  const problem = adminTokenProblem(token);
  if (problem) throw new UsageProblem(`--admin-token-file ${path}: the token ${problem}.`);
  return token;
}

async function readFlagFile(flag: string, path: string): Promise<Buffer> {
  try {
    return await readFile(path);
  } catch (error) {
    throw new UsageProblem(
      `${flag} ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
}

/**
 * The snapshot `--state` names, parsed as it is read (http/json-intake.ts): a file of a hundred
 * thousand entities is never held as text beside the state it becomes.
 */
async function readStateFile(path: string): Promise<DomainSnapshot> {
  let read: JsonIntakeResult;
  try {
    read = await readJsonFile(path);
  } catch (error) {
    throw new UsageProblem(
      `--state ${path}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
    );
  }
  if ('problem' in read)
    throw new UsageProblem(`--state ${path}: snapshot is not valid JSON: ${read.problem}`);
  try {
    return readSnapshot(read.value, { handOver: true });
  } catch (error) {
    throw new UsageProblem(`--state ${path}: ${(error as Error).message}`);
  }
}

export async function runBankCommand(argv: string[], io: BankCommandIo): Promise<number> {
  const usageFailure = (message: string) => {
    io.err(`workbench bank: ${message}\n\n${bankCommandUsage}`);
    return 2;
  };
  let flags: BankCommandFlags;
  const trustStore = new TrustStore();
  const registry = new TppRegistry();
  let snapshot: DomainSnapshot | undefined;
  let tlsSetup: Awaited<ReturnType<typeof bankTlsSetup>>;
  let signResponse: ResponseSigner | undefined;
  let revocation: RevocationLists | undefined;
  try {
    flags = parseBankFlags(argv);
    if (flags.adminTokenFile !== undefined)
      flags.adminToken = await readAdminTokenFile(flags.adminTokenFile);
    for (const path of flags.trustCa) {
      const contents = await readFlagFile('--trust-ca', path);
      try {
        trustStore.add(contents);
      } catch (error) {
        throw new UsageProblem(`--trust-ca ${path}: ${(error as Error).message}`);
      }
    }
    if (flags.crl.length > 0) {
      revocation = new RevocationLists({
        trustStore,
        log: (line) => io.err(`workbench bank: ${line}`),
      });
      for (const path of flags.crl) {
        await readFlagFile('--crl', path); // a missing file is named the way every flag names it
        try {
          revocation.addFile(path);
        } catch (error) {
          throw new UsageProblem(`--crl ${path}: ${(error as Error).message}`);
        }
      }
    }
    if (flags.registry !== undefined) {
      const contents = await readFlagFile('--registry', flags.registry);
      try {
        for (const entry of parseRegistryJson(contents.toString('utf8'))) registry.add(entry);
      } catch (error) {
        throw new UsageProblem(`--registry ${flags.registry}: ${(error as Error).message}`);
      }
    }
    if (flags.state !== undefined) {
      const exists = await access(flags.state).then(
        () => true,
        () => false,
      );
      // With --persist a missing JSON file only names where the database goes (FILE.db).
      if (exists || !flags.persist) {
        snapshot = await readStateFile(flags.state);
      }
    }
    try {
      tlsSetup = await bankTlsSetup(flags.tls, trustStore, readFlagFile);
    } catch (error) {
      throw new UsageProblem((error as Error).message);
    }
    if (flags.signResponses) signResponse = await responseSigner(flags.signResponses);
    if (flags.report) {
      // Made now, so a directory that cannot be is a usage error before the bank serves anyone.
      try {
        await mkdir(flags.report.dir, { recursive: true });
      } catch (error) {
        throw new UsageProblem(
          `--report-dir ${flags.report.dir}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
        );
      }
    }
  } catch (error) {
    if (error instanceof UsageProblem) return usageFailure(error.message);
    throw error;
  }
  // With --json stdout carries the one JSON line only; every message goes to stderr.
  const say = flags.json ? io.err : io.out;

  const clock = new VirtualClock();
  let opened: OpenedStateEngine;
  try {
    opened = await openBankState(flags, snapshot, clock, say, io.err);
  } catch (error) {
    return bankStateFailure(error, io);
  }
  const { engine } = opened;
  const plan = flags.plan !== undefined ? planOf(flags.plan, () => bank) : undefined;
  const bank = createBank({
    ...(plan ? planHooks(plan) : {}),
    mode: flags.mode,
    clock,
    trustStore,
    registry,
    engine,
    ...(engine.sharedUrl !== undefined
      ? { warn: (line: string) => io.err(`workbench bank: ${line}`) }
      : {}),
    ...(signResponse ? { signResponse } : {}),
    ...(revocation ? { revocation } : {}),
  });
  warnAboutBankExposure(flags, trustStore, registry, io);

  const admin = bankAdminApi(flags, bank, clock, plan);
  let listener;
  try {
    listener = await bank.listen({
      host: flags.host,
      port: flags.port,
      allowedHosts: flags.allowHost,
      ...flags.http,
      ...(tlsSetup ? { https: tlsSetup.https } : {}),
      ...(admin ? { intercept: admin, bodySink: admin.bodySink } : {}),
    });
  } catch (error) {
    io.err(
      `workbench bank: cannot listen on ${flags.host}:${flags.port}: ${(error as Error).message}`,
    );
    return 1;
  }
  // Listen for a stop before saying where the bank is: whoever reads that line may stop it at once.
  const stopped = io.stopRequested();
  if (flags.json)
    io.out(bankListeningJson(flags, listener, tlsSetup, plan, revocation, trustStore));
  announceBankListening(flags, listener, say, io, trustStore, revocation);
  const signal = await stopped;
  await listener.close();
  await bank.flush();
  // The TPP's conformance report of everything the bank judged; on PostgreSQL,
  // of every process on the database, read before the shared log closes.
  const reported = flags.report ? await writeExitReport(bank, flags.report, io) : true;
  const planEnd = plan ? await endPlan(plan, flags.report, io) : undefined;
  await bank.close();
  await engine.close();
  if (flags.report && reported)
    io.err(
      `TPP conformance report written to ${flags.report.dir} (${flags.report.formats.join(', ')}).`,
    );
  if (planEnd) io.err(planEnd.summary);
  say(`Stopped (${signal}).`);
  return reported ? (planEnd?.exitCode ?? 0) : 1;
}

/** The admin API under /admin/ when a token is given; undefined without one. */
function bankAdminApi(
  flags: BankCommandFlags,
  bank: Bank,
  clock: VirtualClock,
  plan: PlanRun | undefined,
) {
  return flags.adminToken !== undefined
    ? createAdminApi({
        bank,
        clock,
        token: flags.adminToken,
        maxBodyBytes: MAX_REQUEST_BODY_BYTES,
        renderReport: renderForAdmin,
        ...(plan ? { plan, renderPlanReport: renderPlanForAdmin } : {}),
      })
    : undefined;
}

/** A state store that cannot be opened is named on stderr (exit code 1); anything else is thrown. */
function bankStateFailure(error: unknown, io: CliIo): number {
  if (error instanceof StateStoreUnavailableError) {
    io.err(`workbench bank: --db: ${error.message}`);
    return 1;
  }
  if (!(error instanceof DatabaseFileError)) throw error;
  io.err(`workbench bank: ${error.message}`);
  return 1;
}

/**
 * Opens where the state is kept (`--db`; memory without it). A new database takes the --state
 * snapshot first (one transaction), so a kill right after start never leaves a database that
 * forgot the snapshot. Temporary files the JSON writer of earlier versions left next to the
 * snapshot are removed.
 */
async function openBankState(
  flags: BankCommandFlags,
  snapshot: DomainSnapshot | undefined,
  clock: VirtualClock,
  say: (line: string) => void,
  warn: (line: string) => void,
): Promise<OpenedStateEngine> {
  const { db, state: statePath } = flags;
  if (db !== undefined && statePath !== undefined) await removeLeftoverTemporaryFiles(statePath);
  // An empty file is a new database to SQLite; a bank that starts fresh on a file the user named
  // says so, in case the file was meant to hold a state (a copy that failed, a truncated file).
  const empty =
    db !== undefined &&
    (await stat(db).then(
      (file) => file.isFile() && file.size === 0,
      () => false,
    ));
  const opened = await openStateEngine({
    db,
    mode: flags.mode,
    clock,
    ...(snapshot ? { snapshot } : {}),
  });
  if (opened.engine.sharedUrl !== undefined)
    say(`State kept in PostgreSQL (${opened.where}), shared with every bank process on it.`);
  if (empty)
    warn(
      `workbench bank: --db ${db} was an empty file (0 bytes); it is taken as a new database and the bank starts from its initial data.`,
    );
  if (db !== undefined && snapshot !== undefined) {
    if (opened.fresh) say(`State kept in ${db}, imported from --state ${statePath}.`);
    else
      say(`State kept in ${db}; --state ${statePath} was imported before and is not read again.`);
  }
  return opened;
}

export const bankCommand: CliCommand = {
  name: 'bank',
  summary: "Run the embedded bank headless (an offline sandbox for a TPP's CI).",
  usage: bankCommandUsage,
  run: runBankCommand,
};
