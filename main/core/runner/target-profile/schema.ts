/**
 * The target profile: everything a run needs to know about one bank, in one JSON file that
 * `workbench run --target-file`, `workbench doctor` and the UI's Targets screen read, and that
 * `workbench target init` and the UI write. Declared once here; the published JSON Schema
 * (docs/schemas/target-profile.schema.json) is generated from it, so editors, the CLI and the UI
 * validate against the same definition.
 *
 * File paths are relative to the profile file. Any string may carry `${env:NAME}` (a secret from
 * the environment, e.g. a PKCS#12 passphrase or the admin token); a missing variable is an error
 * before the run starts (env-secrets.ts).
 */
import { Type, type Static } from '@sinclair/typebox';
import { BankModeSchema } from '../../../shared/mode.js';

export const TARGET_PROFILE_VERSION = 1;

const Path = (description: string) => Type.String({ minLength: 1, maxLength: 4096, description });

/** A certificate with its private key: PEM files, or one PKCS#12 file and its passphrase. */
export const CredentialSchema = Type.Union(
  [
    Type.Object(
      {
        certificate: Path(
          'PEM (or DER) certificate file; PEM may carry the intermediates after it',
        ),
        key: Path('PEM private key file (PKCS#8, PKCS#1 or SEC1)'),
        passphrase: Type.Optional(
          Type.String({ description: 'passphrase of an encrypted PEM key, e.g. ${env:KEY_PASS}' }),
        ),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        pkcs12: Path('PKCS#12 (.p12/.pfx) file holding the certificate and its key'),
        passphrase: Type.String({ description: 'its passphrase, e.g. ${env:P12_PASS}' }),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        keystore: Type.String({
          minLength: 1,
          maxLength: 200,
          description:
            'an entry of the workbench keystore (the Certificates view) by its label or handle; the key never leaves it. The command line opens the keystore with WORKBENCH_KEYSTORE_PASSPHRASE',
        }),
      },
      { additionalProperties: false },
    ),
  ],
  {
    description: 'a certificate and its private key: files, or an entry of the workbench keystore',
  },
);
export type Credential = Static<typeof CredentialSchema>;

const Login = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'what the SCA login asks for (sandbox: the mocked national identity number, §1)',
});

const Password = Type.Optional(
  Type.String({
    minLength: 1,
    maxLength: 200,
    description:
      'the PSU’s password where the bank’s SCA pages ask for one: `${password}` in a PSU script (docs/sca.md); a secret, so ${env:NAME}',
  }),
);

export const ProfilePsuSchema = Type.Object(
  {
    login: Login,
    password: Password,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    customerNumber: Type.Optional(Type.String({ maxLength: 100 })),
    accounts: Type.Optional(
      Type.Array(Type.String({ pattern: '^[A-Z]{2}[0-9]{2}[A-Za-z0-9]{1,30}$' }), {
        minItems: 1,
        maxItems: 20,
        description:
          'IBANs the PSU owns: payment checks pay from the first (to the second). Without it a production bank by URL is asked through AIS after a consent',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ProfileRepresentativeSchema = Type.Object(
  {
    login: Login,
    password: Password,
    name: Type.Optional(Type.String({ maxLength: 200 })),
    customerNumber: Type.Optional(Type.String({ maxLength: 100 })),
    agreement: Type.Object(
      {
        name: Type.String({
          minLength: 1,
          maxLength: 200,
          description: 'the corporate agreement as the SCA context page names it (§1)',
        }),
        id: Type.Optional(Type.String({ maxLength: 100 })),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

const Script = Type.Union(
  [
    Type.String({
      minLength: 1,
      description:
        "a built-in script ('workbench-bank': the embedded bank's pages) or a JSON file of PSU steps (docs/sca.md)",
    }),
    Type.Object({}, { additionalProperties: true, description: 'PSU steps inline (docs/sca.md)' }),
  ],
  { default: 'workbench-bank' },
);

export const ScaAutomationSchema = Type.Union(
  [
    Type.Object(
      {
        mode: Type.Literal('headless', {
          description: 'the PSU steps played over HTTP, without a browser',
        }),
        script: Type.Optional(Script),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        mode: Type.Literal('browser', {
          description: 'the same steps in Chromium, one screenshot per step in the evidence',
        }),
        script: Type.Optional(Script),
        executablePath: Type.Optional(
          Path('the Chromium to launch (default /usr/bin/chromium, then Playwright’s own)'),
        ),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        mode: Type.Literal('manual', {
          description:
            'a person completes SCA: the check waits, the scaRedirect link is shown, and the run goes on when the bank redirects to the loopback listener',
        }),
        timeoutSeconds: Type.Optional(Type.Integer({ minimum: 10, maximum: 3600, default: 300 })),
        listenPort: Type.Optional(
          Type.Integer({ minimum: 0, maximum: 65535, description: '0: any free port' }),
        ),
      },
      { additionalProperties: false },
    ),
    Type.Object(
      {
        mode: Type.Literal('none', {
          description: 'no SCA automation: checks that need it are SKIPPED',
        }),
      },
      { additionalProperties: false },
    ),
  ],
  { description: 'how the PSU side of SCA (§5.3) is completed' },
);
export type ScaAutomation = Static<typeof ScaAutomationSchema>;

export const TargetProfileSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    profileVersion: Type.Literal(TARGET_PROFILE_VERSION),
    name: Type.Optional(
      Type.String({ maxLength: 100, description: 'shown in reports and the UI' }),
    ),
    baseUrl: Type.String({
      pattern: '^https?://[^\\s]+$',
      maxLength: 2000,
      description: 'the bank’s API root; request paths start with /v1 below it',
    }),
    mode: Type.Union(BankModeSchema.anyOf, {
      description: 'checked before a run: a production bank answers 404 on /v1/sandbox/',
    }),
    /** The QSealC and key that sign requests (§5.2). */
    signing: CredentialSchema,
    tls: Type.Optional(
      Type.Object(
        {
          /** The QWAC and key presented for mTLS (§5.1). */
          clientCertificate: Type.Optional(CredentialSchema),
          ca: Type.Optional(
            Type.Array(
              Path('PEM CA certificate(s) to trust for the server, besides the system’s'),
              {
                maxItems: 50,
              },
            ),
          ),
        },
        { additionalProperties: false },
      ),
    ),
    bankSigningCert: Type.Optional(
      Path(
        "the bank's response-signing certificate(s), PEM (§5.2.7): a signed answer by any other certificate fails",
      ),
    ),
    bankCa: Type.Optional(
      Path(
        "PEM CA certificate(s) that issue the bank's response-signing certificate (§5.2.7), instead of or besides bankSigningCert",
      ),
    ),
    aispOnlyTpp: Type.Optional(
      Type.Object(
        {
          signing: CredentialSchema,
        },
        {
          additionalProperties: false,
          description:
            'a second TPP the bank registers for account information only (GEN-ROLE-MUST-BE-REGISTERED)',
        },
      ),
    ),
    psus: Type.Optional(
      Type.Object(
        {
          private: Type.Array(ProfilePsuSchema, { minItems: 1, maxItems: 20 }),
          corporate: Type.Optional(Type.Array(ProfileRepresentativeSchema, { maxItems: 20 })),
        },
        {
          additionalProperties: false,
          description:
            'the PSUs to log in as; without it a sandbox bank’s are read from GET /v1/sandbox/customers and a production bank’s are the documented ones (docs/sandbox-data.md)',
        },
      ),
    ),
    sca: Type.Optional(ScaAutomationSchema),
    redirectUri: Type.Optional(
      Type.String({
        pattern: '^https?://',
        description: 'TPP-Redirect-URI the checks send (manual mode uses its loopback listener)',
      }),
    ),
    allows: Type.Optional(
      Type.Object(
        {
          createSandboxData: Type.Optional(Type.Boolean({ default: true })),
          resetSandbox: Type.Optional(Type.Boolean({ default: true })),
          deletePayments: Type.Optional(Type.Boolean({ default: true })),
        },
        {
          additionalProperties: false,
          description: 'what the run may do to the bank; a check that would do more is SKIPPED',
        },
      ),
    ),
    admin: Type.Optional(
      Type.Object(
        {
          url: Type.String({ pattern: '^https?://' }),
          token: Type.String({ minLength: 1, description: 'e.g. ${env:WORKBENCH_ADMIN_TOKEN}' }),
        },
        {
          additionalProperties: false,
          description:
            'the admin API of a workbench bank (docs/ci.md): lets checks that need the bank clock run',
        },
      ),
    ),
    baseline: Type.Optional(Path('known deviations (docs/ci.md baseline format)')),
    requestTimeoutSeconds: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 3600 })),
    maxBodyBytes: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  {
    additionalProperties: false,
    $id: 'https://psd2-workbench.local/schemas/target-profile.schema.json',
    title: 'PSD2 Workbench target profile',
  },
);
export type TargetProfile = Static<typeof TargetProfileSchema>;
