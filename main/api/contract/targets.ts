/**
 * Targets: the banks the client talks to. The two embedded banks (their URLs come from the bank
 * service) and external ones the user adds, each with its signing (QSealC) and transport (QWAC)
 * certificate, extra CA, and headers sent on every request. Persisted by the host.
 */
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';
import { BankModeSchema, type BankMode } from '../../shared/mode.js';

export const EMBEDDED_TARGET_IDS = {
  sandbox: 'embedded-sandbox',
  production: 'embedded-production',
} as const;

/** RFC 9110 token: a header name. */
export const HEADER_NAME_PATTERN = "^[!#$%&'*+.^_`|~0-9A-Za-z-]+$";
/** A header value: no line breaks (no header injection). */
export const HEADER_VALUE_PATTERN = '^[^\\r\\n]*$';
const HeaderMap = Type.Record(
  Type.String({ pattern: HEADER_NAME_PATTERN }),
  Type.String({ maxLength: 8192, pattern: HEADER_VALUE_PATTERN }),
  { additionalProperties: false },
);
const Handle = Type.String({ minLength: 1, maxLength: 200 });

/** What is stored of a target; embedded targets store only their certificates and headers. */
export const TargetConfigSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 100 }),
    kind: Type.Union([Type.Literal('embedded'), Type.Literal('external')]),
    name: Type.String({ minLength: 1, maxLength: 100 }),
    mode: BankModeSchema,
    /** External targets only: where the bank's API lives (the embedded banks say where they run).
     * */
    baseUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2000 })),
    /** Keystore handle of the QSealC that signs requests (§5.2). */
    signingCertificate: Type.Optional(Handle),
    /** Keystore handle of the QWAC presented for mTLS (§5.1). */
    transportCertificate: Type.Optional(Handle),
    /** CA certificates (PEM) to trust for the bank's server certificate, besides the system's. */
    extraCaPem: Type.Optional(Type.String({ maxLength: 200_000 })),
    /** Sent on every request to this target unless the request overrides them. */
    defaultHeaders: HeaderMap,
  },
  { additionalProperties: false },
);
export type TargetConfig = Static<typeof TargetConfigSchema>;

/**
 * One entry of the one list of targets: an embedded bank, an external target, or a target profile
 * that reads (kind 'profile', its id the profile's: the composer sends to it with the profile's
 * certificates, the runner runs against it).
 */
export interface TargetView extends Omit<TargetConfig, 'kind'> {
  kind: TargetConfig['kind'] | 'profile';
  /** Embedded targets: whether the bank runs (then `baseUrl` is where). */
  running?: boolean;
  /** Profiles: the file it is read from. */
  profilePath?: string;
}

/**
 * A target profile the user added (docs/targets.md): one JSON file naming a bank, its
 * certificates and how SCA is completed; `workbench run --target-file` reads the same file. What
 * it says is read from the file each time it is listed, so an edit shows at once.
 */
export interface TargetProfileView {
  /** `profile-…`: what runner.start takes as its target. */
  id: string;
  /** The file, absolute. */
  path: string;
  /** True when the file reads: valid, its secrets set, its certificate and key files readable. */
  ok: boolean;
  name?: string;
  baseUrl?: string;
  mode?: BankMode;
  scaMode?: 'headless' | 'browser' | 'manual' | 'none';
  /** What is wrong with it, each naming the JSON path (e.g. `/signing/key: cannot read …`). */
  problems: string[];
  /**
   * Variables the profile reads whose value the workbench holds only in memory for this launch
   * (a secret typed into the form): set them in its environment before the next launch.
   */
  setBeforeNextLaunch?: string[];
}

/** One pre-flight line (main/core/runner/doctor): a FAIL always says what to change. */
export interface PreflightLineView {
  id: string;
  title: string;
  status: 'PASS' | 'FAIL' | 'WARN' | 'SKIP';
  detail: string;
  fix?: string;
}

export interface PreflightView {
  profileId: string;
  startedAt: string;
  lines: PreflightLineView[];
  /** No line is a FAIL. */
  ok: boolean;
}

/**
 * A target profile's bank clock against real time, read through its admin API before a run
 *: `farOff` when more than a minute away, which the Runner shows with a button to set
 * it back. `none`: the profile names no admin API.
 */
export type BankClockView = { profileId: string } & (
  | { kind: 'none' }
  | { kind: 'read'; url: string; bankNow: string; offsetMs: number; farOff: boolean; text: string }
  | { kind: 'unreadable'; url: string; error: string }
);

export interface TargetsView {
  /**
   * Which read of the targets this view is: a later read has a larger number. Answers and
   * `targets.changed` events may reach a window out of order, so a window keeps the view it shows
   * unless the one arriving was read later (a late, older view would bring back a removed profile).
   */
  readOrder: number;
  targets: TargetView[];
  activeTargetId: string;
  /** Target profiles the user added, in the order added. */
  profiles: TargetProfileView[];
}

const ProfilePath = Type.String({ minLength: 1, maxLength: 4096 });

/** A certificate and its key: an entry of the workbench keystore (label or handle), or PEM files.
 * */
const CredentialInputSchema = Type.Union([
  Type.Object(
    { keystore: Type.String({ minLength: 1, maxLength: 200 }) },
    {
      additionalProperties: false,
    },
  ),
  Type.Object({ certificate: ProfilePath, key: ProfilePath }, { additionalProperties: false }),
]);
export type CredentialInput = Static<typeof CredentialInputSchema>;

const Login = Type.String({ minLength: 1, maxLength: 200 });

/**
 * What the Targets screen's form asks for; the service writes it as a target profile file
 * (profile-form.ts). A secret (the admin token) is never written: the file names
 * `${env:WORKBENCH_PROFILE_…}` and the value typed is kept in memory for this launch only.
 */
export const ProfileFormSchema = Type.Object(
  {
    name: Type.Optional(Type.String({ maxLength: 100 })),
    baseUrl: Type.String({ minLength: 1, maxLength: 2000 }),
    mode: BankModeSchema,
    /** The QSealC that signs requests (§5.2). */
    signing: CredentialInputSchema,
    /** The QWAC presented for mTLS (§5.1). */
    tlsClient: Type.Optional(CredentialInputSchema),
    ca: Type.Optional(Type.Array(ProfilePath, { maxItems: 50 })),
    /** §5.2.7: the bank's response-signing certificate(s), and/or the CA that issues them. */
    bankSigningCert: Type.Optional(ProfilePath),
    bankCa: Type.Optional(ProfilePath),
    /** A second TPP registered for account information only (GEN-ROLE-MUST-BE-REGISTERED). */
    aispOnlySigning: Type.Optional(CredentialInputSchema),
    psus: Type.Optional(
      Type.Object(
        {
          private: Type.Array(
            Type.Object(
              {
                login: Login,
                name: Type.Optional(Type.String({ maxLength: 200 })),
                /** A secret: `${env:WORKBENCH_PROFILE_…}`, or the password (then a reference). */
                password: Type.Optional(Type.String({ maxLength: 200 })),
              },
              { additionalProperties: false },
            ),
            { maxItems: 20 },
          ),
          corporate: Type.Array(
            Type.Object(
              {
                login: Login,
                name: Type.Optional(Type.String({ maxLength: 200 })),
                agreement: Type.String({ minLength: 1, maxLength: 200 }),
                password: Type.Optional(Type.String({ maxLength: 200 })),
              },
              { additionalProperties: false },
            ),
            { maxItems: 20 },
          ),
        },
        { additionalProperties: false },
      ),
    ),
    scaMode: Type.Union([
      Type.Literal('headless'),
      Type.Literal('browser'),
      Type.Literal('manual'),
      Type.Literal('none'),
    ]),
    /** Manual SCA: how long a person gets per SCA. */
    manualTimeoutSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600 })),
    allows: Type.Optional(
      Type.Object(
        {
          createSandboxData: Type.Boolean(),
          resetSandbox: Type.Boolean(),
          deletePayments: Type.Boolean(),
        },
        { additionalProperties: false },
      ),
    ),
    /** A workbench bank's admin API. */
    adminUrl: Type.Optional(Type.String({ maxLength: 2000 })),
    /** `${env:WORKBENCH_PROFILE_NAME}`, or the token itself: then the file names a variable. */
    adminToken: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type ProfileForm = Static<typeof ProfileFormSchema>;

export const targetsCalls = {
  'targets.list': call<TargetsView>()(
    'The embedded banks and the external targets, and which one is active.',
    Type.Object({}, { additionalProperties: false }),
  ),
  'targets.save': call<TargetsView>()(
    'Adds an external target (no id) or changes one; embedded targets change only their ' +
      'certificates, extra CA and default headers.',
    Type.Object(
      {
        target: Type.Object(
          {
            id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
            name: Type.String({ minLength: 1, maxLength: 100 }),
            mode: BankModeSchema,
            baseUrl: Type.Optional(Type.String({ pattern: '^https?://', maxLength: 2000 })),
            signingCertificate: Type.Optional(Handle),
            transportCertificate: Type.Optional(Handle),
            extraCaPem: Type.Optional(Type.String({ maxLength: 200_000 })),
            defaultHeaders: HeaderMap,
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'targets.remove': call<TargetsView>()(
    'Removes an external target.',
    Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  ),
  'targets.addProfile': call<TargetsView>()(
    'Adds the target profile at an absolute path; one that does not read is refused naming the ' +
      'file and the JSON path of each problem.',
    Type.Object({ path: ProfilePath }, { additionalProperties: false }),
  ),
  'targets.createProfile': call<TargetsView>()(
    'Writes a new target profile file from the form (checked against the profile schema and its ' +
      'files read first; an existing file is never overwritten) and adds it.',
    Type.Object({ path: ProfilePath, form: ProfileFormSchema }, { additionalProperties: false }),
  ),
  'targets.removeProfile': call<TargetsView>()(
    'Forgets a target profile (its file stays).',
    Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
  ),
  'targets.preflight': call<PreflightView>()(
    'The pre-flight of a target profile (as workbench doctor): key and certificate, chain, ' +
      'dates, roles, keyId, TLS, reachability, mode, clock skew, admin API; each line with its fix.',
    Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
  ),
  'targets.bankClock': call<BankClockView>()(
    "A target profile's bank clock (its admin API) against real time: what the Runner warns about " +
      'before a run when it is more than a minute off.',
    Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
  ),
  'targets.resetBankClock': call<BankClockView>()(
    "Sets a target profile's bank clock back to real time through its admin API (as workbench " +
      'run --reset-clock); answers the clock read afterwards.',
    Type.Object(
      { id: Type.String({ minLength: 1, maxLength: 100 }) },
      { additionalProperties: false },
    ),
  ),
  'targets.setActive': call<TargetsView>()(
    'Chooses the target the composer sends to.',
    Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  ),
};

export const targetsEvents = {
  'targets.changed': event<TargetsView>(
    'Targets changed (saved, removed, activated, a profile added or removed, or an embedded ' +
      'bank started or stopped).',
  ),
};
