/**
 * The flags of `workbench bank` (bank-command.ts): the usage text, and their parsing and checks.
 * A wrong command line is a UsageProblem naming the flag (exit code 2).
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import {
  BANK_HTTP_DEFAULTS,
  BANK_MODES,
  PLANS,
  POSTGRES_URL,
  adminTokenProblem,
  planNamed,
  type BankMode,
  type ListenOptions,
} from '../../core/bank/index.js';
import { parseTppReportFormats, type TppReportFormat } from '../../core/runner/index.js';
import { parseAllowedHost } from '../../shared/loopback.js';
import { checkBankTlsFlags, type BankTlsFlags } from './bank-tls.js';

export const bankCommandUsage = `Usage: workbench bank --mode sandbox|production [--port N] [--host H]
                      [--allow-host NAME[:PORT]]...
                      [--trust-ca FILE]... [--crl FILE]... [--registry FILE]
                      [--db FILE] [--state FILE [--persist]]
                      [--headers-timeout MS] [--request-timeout MS] [--keep-alive-timeout MS]
                      [--max-connections N]
                      [--tls [--tls-cert FILE --tls-key FILE | --tls-ca-out FILE]] [--mtls]
                      [--admin | --admin-token TOKEN | --admin-token-file FILE] [--json]
                      [--report junit,html,json --report-dir DIR] [--plan NAME]
                      [--sign-responses [--response-cert FILE --response-key FILE |
                       --response-cert-out FILE]]

Runs the embedded bank until Ctrl+C or SIGTERM (then it saves its state and exits 0).
  --mode M         sandbox or production (required). Production answers 404 for /sandbox/ paths
                   and checks certificate trust, validity, revocation (--crl) and the TPP
                   registry.
  --port N         port to listen on (default 0: a free port)
  --host H         address to bind (default 127.0.0.1)
  --allow-host NAME[:PORT]
                   on a loopback --host, a further Host header the bank answers (e.g. the name
                   a proxy in front of it forwards); NAME alone allows any port; repeatable.
                   Any other Host is refused 421 (DNS rebinding protection)
  --trust-ca FILE  PEM (one or more certificates) or DER CA certificate to trust; repeatable.
                   Each is served at GET /pki/<ca>.crt (DER; <ca>: its Common Name in lower case
                   with hyphens), in both modes, without a signature
  --crl FILE       CRL (DER or PEM) of a --trust-ca CA; repeatable. Production refuses (403) a
                   QSealC or QWAC whose serial it lists; both modes serve it at GET
                   /pki/<ca>.crl. FILE is read again when it changes ('workbench certs revoke'
                   counts from the next request); a changed FILE that cannot be used is named on
                   stderr and the CRL read before stays in force
  --registry FILE  JSON array of { "organizationIdentifier", "name", "roles": ["AISP"|"PISP"] }
  --db FILE        keep the bank's state durably in this SQLite database (created when missing):
                   every request that changes the state is one transaction, answered after its
                   commit; a failed commit changes nothing and answers 503 (send it again). An
                   unreadable FILE is moved aside to FILE.corrupt-<time> and the bank does not start.
  --db postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE
                   keep it in PostgreSQL instead: several bank processes on one database serve
                   one sandbox (docs/ci.md "A shared sandbox on PostgreSQL"); not with --state.
  --state FILE     bank state snapshot (JSON) to start from; with --db it is imported only into a
                   new database (an existing one keeps its state)
  --persist        with --state: keep the state durably. A FILE ending in .db, .sqlite or .sqlite3
                   is the database itself (as --db); a JSON FILE is imported once into FILE.db,
                   which holds the state from then on
  --headers-timeout MS     a request's head must arrive within this (default ${BANK_HTTP_DEFAULTS.headersTimeoutMs})
  --request-timeout MS     a whole request, head and body, within this (default ${BANK_HTTP_DEFAULTS.requestTimeoutMs})
  --keep-alive-timeout MS  an idle keep-alive connection closes after this (default ${BANK_HTTP_DEFAULTS.keepAliveTimeoutMs})
  --max-connections N      connections open at once; one more is closed at once (default ${BANK_HTTP_DEFAULTS.maxConnections})
  --tls            serve HTTPS, TLS 1.2 or higher only. The server certificate (localhost,
                   127.0.0.1) comes from a test CA made at start unless --tls-cert is given.
  --tls-cert FILE  server certificate (PEM, with its intermediates) and --tls-key FILE its key
  --tls-ca-out F   write the certificate of the test CA made at start, for the client's --ca
  --mtls           require a TLS client certificate (QWAC) issued under a --trust-ca CA; the
                   handshake fails without one. Production also needs the route's PSD2 role in
                   it (PSP_AI, PSP_PI): 403 otherwise. Implies --tls.
  --admin          turn on the admin API under /admin/ (move the bank clock, run the batch,
                   reset, snapshots, request log) with a random token, printed on stderr
  --admin-token T  the same with this token (16 characters at least); visible to every user of
                   the machine in the process list: prefer one of the two below
  --admin-token-file FILE  the same with the token in FILE (its first line)
                   WORKBENCH_ADMIN_TOKEN=T in the environment does the same when no flag gives
                   a token; a token from a file or the environment is not printed on stderr
  --json           print one JSON line on stdout when listening (url, health, openapi, mode,
                   pid, tls, admin) and nothing else there; messages go to stderr
  --report F,...   on stop (SIGTERM, SIGINT), write the TPP conformance report — every
                   request judged against the TPP-side rules (§4.1, §5.2, §5.3, §4.2.3, §8) —
                   in these formats: junit (tpp-junit.xml), html (tpp-report.html), json
                   (tpp-report.json). With --admin, GET /admin/report?format=… at any time.
  --report-dir DIR where --report writes (created if missing; required with --report)
  --plan NAME      play a TPP test plan against your app (docs/tpp-plans.md): sandbox mode,
                   one process, with the admin API (POST /admin/plan/start and /finish,
                   GET /admin/plan/report). With --report, the plan's verdicts are written too
                   (tpp-plan-junit.xml, tpp-plan-report.html, tpp-plan-report.json), and the
                   exit code is 1 when a module FAILed, 3 when no module was judged PASS or FAIL.
                   Plans: ${PLANS.map((plan) => plan.name).join(', ')}.
  --sign-responses sign every answer (§5.2.7): Digest, Signature (keyId as §5.2.3) and the
                   bank's certificate in ASPSP-Signature-Certificate. The certificate comes
                   from a test CA made at start unless --response-cert is given.
  --response-cert FILE  the bank's signing certificate (PEM or DER) and --response-key FILE
                   its private key (PEM); imply --sign-responses
  --response-cert-out F write the certificate made at start (PEM), for the TPP to trust
GET /health answers 200 {"status":"ok","mode":...} without a signature. See docs/ci.md.`;

/** A wrong command line: the message names the flag. */
export class UsageProblem extends Error {}

export interface BankCommandFlags {
  mode: BankMode;
  port: number;
  host: string;
  /** --allow-host values (parseAllowedHost): further Host headers a loopback bank answers. */
  allowHost: string[];
  trustCa: string[];
  /** --crl files: CRLs of trusted CAs, read again when they change. */
  crl: string[];
  registry?: string;
  state?: string;
  /** The database file that keeps the state (--db, or --state with --persist). */
  db?: string;
  persist: boolean;
  /** HTTP limits given on the command line (ListenOptions names); the rest keep their defaults. */
  http?: Pick<
    ListenOptions,
    'headersTimeoutMs' | 'requestTimeoutMs' | 'keepAliveTimeoutMs' | 'maxConnections'
  >;
  tls: BankTlsFlags;
  /** The admin API's token when it is on (--admin makes one at random). */
  adminToken?: string;
  /** Where the token comes from: a file or the environment are not printed on stderr. */
  adminTokenFrom?: 'flag' | 'file' | 'environment' | 'random';
  /** --admin-token-file: read by runBankCommand. */
  adminTokenFile?: string;
  json: boolean;
  /** --report: the formats written to `reportDir` on stop. */
  report?: { formats: TppReportFormat[]; dir: string };
  /** --sign-responses (§5.2.7): files given, or undefined for a certificate made at start. */
  signResponses?: { cert?: string; key?: string; certOut?: string };
  /** --plan: the TPP test plan the bank plays (plans/). */
  plan?: string;
}

const HTTP_LIMIT_FLAGS = {
  'headers-timeout': 'headersTimeoutMs',
  'request-timeout': 'requestTimeoutMs',
  'keep-alive-timeout': 'keepAliveTimeoutMs',
  'max-connections': 'maxConnections',
} as const;

/** A --state file with one of these names is a database, not a JSON snapshot. */
export const DATABASE_FILE = /\.(db|sqlite|sqlite3)$/i;

/** Largest value of an HTTP limit flag: a day in milliseconds (also plenty of connections). */
const HTTP_LIMIT_MAX = 86_400_000;

/** The environment variable that gives the admin token without a flag (docs/ci.md). */
export const ADMIN_TOKEN_VARIABLE = 'WORKBENCH_ADMIN_TOKEN';

export function parseBankFlags(
  argv: string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): BankCommandFlags {
  const values = parseBankArgv(argv);
  const mode = values.mode as string | undefined;
  if (mode === undefined) throw new UsageProblem('--mode is required: sandbox or production.');
  if (!(BANK_MODES as readonly string[]).includes(mode))
    throw new UsageProblem(`--mode must be sandbox or production, not '${mode}'.`);
  const portText = values.port as string | undefined;
  let port = 0;
  if (portText !== undefined) {
    if (!/^[0-9]{1,5}$/.test(portText) || Number(portText) > 65535)
      throw new UsageProblem(`--port must be an integer from 0 to 65535, not '${portText}'.`);
    port = Number(portText);
  }
  const host = (values.host as string | undefined) ?? '127.0.0.1';
  if (host.trim() === '') throw new UsageProblem('--host must not be empty.');
  const allowHost = ((values['allow-host'] as string[] | undefined) ?? []).map((value) => {
    try {
      return parseAllowedHost(value);
    } catch (error) {
      throw new UsageProblem(`--allow-host ${(error as Error).message}.`);
    }
  });
  const trustCa = (values['trust-ca'] as string[] | undefined) ?? [];
  let tls: BankTlsFlags;
  try {
    tls = checkBankTlsFlags(values, trustCa.length);
  } catch (error) {
    throw new UsageProblem((error as Error).message);
  }
  const flags: BankCommandFlags = {
    mode: mode as BankMode,
    port,
    host,
    allowHost,
    trustCa,
    crl: (values.crl as string[] | undefined) ?? [],
    persist: values.persist === true,
    tls,
    json: values.json === true,
  };
  for (const [flag, option] of Object.entries(HTTP_LIMIT_FLAGS)) {
    const text = values[flag] as string | undefined;
    if (text === undefined) continue;
    if (!/^[0-9]{1,9}$/.test(text) || Number(text) < 1 || Number(text) > HTTP_LIMIT_MAX)
      throw new UsageProblem(
        `--${flag} must be a whole number from 1 to ${HTTP_LIMIT_MAX}, not '${text}'.`,
      );
    (flags.http ??= {})[option] = Number(text);
  }
  if (flags.persist && values.db !== undefined)
    throw new UsageProblem('--persist goes with --state FILE; --db FILE is durable already');
  if (flags.persist && values.state === undefined)
    throw new UsageProblem('--persist needs --state FILE');
  adminTokenFlags(values, env, flags);
  if (values.registry !== undefined) flags.registry = values.registry as string;
  if (values.state !== undefined) flags.state = values.state as string;
  const report = reportFlags(values);
  if (report) flags.report = report;
  const signResponses = signResponseFlags(values);
  if (signResponses) flags.signResponses = signResponses;
  const db = values.db as string | undefined;
  if (db !== undefined && POSTGRES_URL.test(db)) {
    if (flags.state !== undefined)
      throw new UsageProblem(
        '--state goes with a database file; a PostgreSQL database starts from its own state or the initial data',
      );
    try {
      new URL(db);
    } catch {
      throw new UsageProblem(`--db ${db}: not a valid postgres:// URL`);
    }
  }
  const plan = planFlag(values, flags, db);
  if (plan !== undefined) flags.plan = plan;
  if (db !== undefined) flags.db = db;
  else if (flags.persist) {
    const state = flags.state!;
    if (DATABASE_FILE.test(state)) {
      flags.db = state;
      delete flags.state;
    } else flags.db = `${state}.db`;
  }
  return flags;
}

type FlagValues = Record<string, string | string[] | boolean | undefined>;

/** The command line read by node's parser; an unknown flag or a missing value is a UsageProblem. */
function parseBankArgv(argv: string[]): FlagValues {
  let values: Record<string, string | string[] | boolean | undefined>;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        mode: { type: 'string' },
        port: { type: 'string' },
        host: { type: 'string' },
        'allow-host': { type: 'string', multiple: true },
        'trust-ca': { type: 'string', multiple: true },
        crl: { type: 'string', multiple: true },
        registry: { type: 'string' },
        state: { type: 'string' },
        db: { type: 'string' },
        persist: { type: 'boolean' },
        'headers-timeout': { type: 'string' },
        'request-timeout': { type: 'string' },
        'keep-alive-timeout': { type: 'string' },
        'max-connections': { type: 'string' },
        tls: { type: 'boolean' },
        'tls-cert': { type: 'string' },
        'tls-key': { type: 'string' },
        'tls-ca-out': { type: 'string' },
        mtls: { type: 'boolean' },
        admin: { type: 'boolean' },
        'admin-token': { type: 'string' },
        'admin-token-file': { type: 'string' },
        json: { type: 'boolean' },
        report: { type: 'string' },
        'report-dir': { type: 'string' },
        'sign-responses': { type: 'boolean' },
        'response-cert': { type: 'string' },
        'response-key': { type: 'string' },
        'response-cert-out': { type: 'string' },
        plan: { type: 'string' },
      },
    }));
  } catch (error) {
    throw new UsageProblem((error as Error).message);
  }
  return values;
}

/**
 * The admin API's token: from --admin-token, --admin-token-file, the environment, or made at
 * random with --admin, in that order of precedence.
 */
function adminTokenFlags(
  values: FlagValues,
  env: Readonly<Record<string, string | undefined>>,
  flags: BankCommandFlags,
): void {
  const adminToken = values['admin-token'] as string | undefined;
  const adminTokenFile = values['admin-token-file'] as string | undefined;
  const environmentToken = env[ADMIN_TOKEN_VARIABLE];
  if (adminToken !== undefined && adminTokenFile !== undefined)
    throw new UsageProblem('--admin-token and --admin-token-file: give the token one way.');
  if (adminToken !== undefined) {
    const problem = adminTokenProblem(adminToken);
    if (problem) throw new UsageProblem(`--admin-token ${problem}.`);
    flags.adminToken = adminToken;
    flags.adminTokenFrom = 'flag';
  } else if (adminTokenFile !== undefined) {
    if (adminTokenFile.trim() === '')
      throw new UsageProblem('--admin-token-file needs a file name.');
    flags.adminTokenFile = adminTokenFile;
    flags.adminTokenFrom = 'file';
  } else if (environmentToken !== undefined && environmentToken !== '') {
    const problem = adminTokenProblem(environmentToken);
    if (problem) throw new UsageProblem(`${ADMIN_TOKEN_VARIABLE} ${problem}.`);
    flags.adminToken = environmentToken;
    flags.adminTokenFrom = 'environment';
  } else if (values.admin === true) {
    flags.adminToken = randomBytes(24).toString('base64url');
    flags.adminTokenFrom = 'random';
  }
}

/**
 * --plan NAME: a plan's window is one process's exchanges and its modules set up sandbox data, and
 * the app's tests drive it through the admin API.
 */
function planFlag(
  values: FlagValues,
  flags: BankCommandFlags,
  db: string | undefined,
): string | undefined {
  const name = values.plan as string | undefined;
  if (name === undefined) return undefined;
  if (!planNamed(name))
    throw new UsageProblem(
      `--plan ${name}: no such plan; the plans are ${PLANS.map((plan) => plan.name).join(', ')}.`,
    );
  if (flags.mode !== 'sandbox')
    throw new UsageProblem(`--plan plays in sandbox mode: give --mode sandbox.`);
  if (flags.adminTokenFrom === undefined)
    throw new UsageProblem(
      '--plan needs the admin API (--admin, --admin-token or --admin-token-file): your tests start and finish its modules there.',
    );
  if (db !== undefined && POSTGRES_URL.test(db))
    throw new UsageProblem(
      '--plan judges the exchanges of one process: not with a shared --db postgres://… sandbox.',
    );
  return name;
}

function reportFlags(values: FlagValues): BankCommandFlags['report'] {
  const formats = values.report as string | undefined;
  const dir = values['report-dir'] as string | undefined;
  if (formats === undefined && dir === undefined) return undefined;
  if (formats === undefined)
    throw new UsageProblem('--report-dir needs --report FORMATS (junit, html, json).');
  if (dir === undefined || dir.trim() === '')
    throw new UsageProblem('--report needs --report-dir DIR: where to write the report on stop.');
  try {
    return { formats: parseTppReportFormats(formats), dir };
  } catch (error) {
    throw new UsageProblem(`--report: ${(error as Error).message}.`);
  }
}

function signResponseFlags(values: FlagValues): BankCommandFlags['signResponses'] {
  const cert = values['response-cert'] as string | undefined;
  const key = values['response-key'] as string | undefined;
  const certOut = values['response-cert-out'] as string | undefined;
  if (values['sign-responses'] !== true && cert === undefined && key === undefined) {
    if (certOut !== undefined)
      throw new UsageProblem('--response-cert-out needs --sign-responses.');
    return undefined;
  }
  if ((cert === undefined) !== (key === undefined))
    throw new UsageProblem('--response-cert and --response-key go together.');
  if (certOut !== undefined && cert !== undefined)
    throw new UsageProblem(
      '--response-cert-out writes the certificate made at start; with --response-cert, give the TPP your own.',
    );
  return {
    ...(cert !== undefined ? { cert, key: key! } : {}),
    ...(certOut !== undefined ? { certOut } : {}),
  };
}
