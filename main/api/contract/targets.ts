/**
 * Targets: the banks the client talks to. The two embedded banks (their URLs come from the bank
 * service) and external ones the user adds, each with its signing (QSealC) and transport (QWAC)
 * certificate, extra CA, and headers sent on every request. Persisted by the host.
 */
import { Type, type Static } from '@sinclair/typebox';
import { call, event } from './define.js';

export const EMBEDDED_TARGET_IDS = {
  sandbox: 'embedded-sandbox',
  production: 'embedded-production',
} as const;

const Mode = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);
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
    mode: Mode,
    /** External targets only: where the bank's API lives (the embedded banks say where they run). */
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

export interface TargetView extends TargetConfig {
  /** Embedded targets: whether the bank runs (then `baseUrl` is where). */
  running?: boolean;
}

export interface TargetsView {
  targets: TargetView[];
  activeTargetId: string;
}

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
            mode: Mode,
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
  'targets.setActive': call<TargetsView>()(
    'Chooses the target the composer sends to.',
    Type.Object({ id: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
  ),
};

export const targetsEvents = {
  'targets.changed': event<TargetsView>(
    'Targets changed (saved, removed, activated, or an embedded bank started or stopped).',
  ),
};
