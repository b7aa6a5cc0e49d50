/**
 * The embedded bank through the contract (issue "Embedded bank, part 1" §8, §9, §11): one sandbox
 * and one production bank at once, the shared virtual clock, registry, trust store, snapshots, and
 * the live request log.
 */
import { Type } from '@sinclair/typebox';
import { call, event } from './define.js';

export type BankModeName = 'sandbox' | 'production';
const Mode = Type.Union([Type.Literal('sandbox'), Type.Literal('production')]);
const ModeArgs = Type.Object({ mode: Mode }, { additionalProperties: false });
const NoArgs = Type.Object({}, { additionalProperties: false });

export interface BankStatusView {
  mode: BankModeName;
  running: boolean;
  url?: string;
  /** True when served over HTTPS with a certificate from the workbench's test CA. */
  https: boolean;
}

export interface ClockView {
  now: string;
  frozen: boolean;
  offsetMs: number;
}

export interface RegistryEntryView {
  organizationIdentifier: string;
  name: string;
  roles: ('AISP' | 'PISP')[];
}

export interface TrustAnchorView {
  /** SHA-256 fingerprint, colon-separated upper-case hex: the anchor's id. */
  fingerprint256: string;
  subject: string;
  validFrom: string;
  validTo: string;
}

/** One request the bank answered, as its request log recorded it. */
export interface BankExchangeView {
  id: number;
  mode: BankModeName;
  receivedAt: string;
  durationMs: number;
  operationId?: string;
  request: {
    method: string;
    target: string;
    headers: Record<string, string>;
    bodySize: number;
    /** The body as text when it is UTF-8 and not too large to log. */
    body?: string;
  };
  /** The answer; `body` is its parsed JSON (undefined when empty). */
  response: { status: number; headers: Record<string, string>; body: unknown };
  rejectedBy?: { stage: string; rule: string };
}

const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 date-time' });

export const bankCalls = {
  'bank.status': call<BankStatusView[]>()('Both banks: running or not, and where.', NoArgs),
  'bank.start': call<BankStatusView>()(
    'Starts the bank of a mode on 127.0.0.1 (a free port unless one is given).',
    Type.Object(
      {
        mode: Mode,
        port: Type.Optional(Type.Integer({ minimum: 0, maximum: 65535 })),
        https: Type.Optional(Type.Boolean()),
      },
      { additionalProperties: false },
    ),
  ),
  'bank.stop': call<BankStatusView>()('Stops the bank of a mode; its state is kept.', ModeArgs),
  'bank.reset': call<BankStatusView>()(
    'Back to the initial state (as POST /v1/sandbox/initialize).',
    ModeArgs,
  ),
  'bank.exportSnapshot': call<{ snapshot: unknown }>()(
    'The whole bank state as a JSON snapshot.',
    ModeArgs,
  ),
  'bank.importSnapshot': call<BankStatusView>()(
    'Replaces the state with a snapshot; a corrupt one is refused naming the problem.',
    Type.Object({ mode: Mode, snapshot: Type.Unknown() }, { additionalProperties: false }),
  ),
  'bank.requestLog': call<BankExchangeView[]>()(
    'The most recent exchanges, newest last.',
    Type.Object(
      { mode: Mode, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })) },
      { additionalProperties: false },
    ),
  ),
  'clock.get': call<ClockView>()('The bank clock (shared by both banks).', NoArgs),
  'clock.advance': call<ClockView>()(
    'Moves the bank clock forward (or back) by milliseconds, e.g. +1 h, +91 days.',
    Type.Object(
      { ms: Type.Integer({ minimum: -10 * 365 * 86_400_000, maximum: 10 * 365 * 86_400_000 }) },
      { additionalProperties: false },
    ),
  ),
  'clock.set': call<ClockView>()(
    'Sets the bank clock to an instant.',
    Type.Object({ now: Instant }, { additionalProperties: false }),
  ),
  'clock.freeze': call<ClockView>()('Stops the bank clock until it is resumed.', NoArgs),
  'clock.resume': call<ClockView>()(
    'Lets a frozen bank clock run again from where it stands.',
    NoArgs,
  ),
  'registry.list': call<RegistryEntryView[]>()(
    'The TPP registry of a bank (checked in production mode).',
    ModeArgs,
  ),
  'registry.put': call<RegistryEntryView[]>()(
    'Registers a TPP (by organizationIdentifier) for roles, replacing an earlier entry.',
    Type.Object(
      {
        mode: Mode,
        entry: Type.Object(
          {
            organizationIdentifier: Type.String({ minLength: 1, maxLength: 200 }),
            name: Type.String({ minLength: 1, maxLength: 200 }),
            roles: Type.Array(Type.Union([Type.Literal('AISP'), Type.Literal('PISP')]), {
              uniqueItems: true,
            }),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  ),
  'registry.remove': call<RegistryEntryView[]>()(
    'Removes a TPP from the registry.',
    Type.Object(
      { mode: Mode, organizationIdentifier: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  ),
  'trustStore.list': call<TrustAnchorView[]>()(
    'CA certificates a bank trusts (production mode).',
    ModeArgs,
  ),
  'trustStore.add': call<TrustAnchorView[]>()(
    'Trusts the CA certificate(s) in a PEM text.',
    Type.Object(
      { mode: Mode, pem: Type.String({ minLength: 1, maxLength: 1_000_000 }) },
      { additionalProperties: false },
    ),
  ),
  'trustStore.remove': call<TrustAnchorView[]>()(
    'Stops trusting a CA, by SHA-256 fingerprint.',
    Type.Object(
      { mode: Mode, fingerprint256: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  ),
};

export const bankEvents = {
  'bank.status': event<BankStatusView>(
    'A bank started, stopped, was reset or had its state replaced.',
  ),
  'bank.exchange': event<BankExchangeView>('A bank answered a request.'),
  'clock.changed': event<ClockView>('The bank clock was set, advanced, frozen or resumed.'),
};
