/**
 * The embedded bank through the contract (§9, §11): one sandbox
 * and one production bank at once, the shared virtual clock, registry, trust store, snapshots, and
 * the live request log.
 */
import { Type } from '@sinclair/typebox';
import type { ConsoleActor, ConsoleEventKind } from '../../shared/bank-events.js';
import { call, event } from './define.js';
import { BankModeSchema, type BankMode } from '../../shared/mode.js';

export type { BankMode };

const ModeArgs = Type.Object({ mode: BankModeSchema }, { additionalProperties: false });
const NoArgs = Type.Object({}, { additionalProperties: false });

export interface BankStatusView {
  mode: BankMode;
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
  mode: BankMode;
  /** Bank clock reading when the request arrived. */
  receivedAt: string;
  /** Real time the request arrived: the order of arrival, whatever the bank clock says. */
  arrivedAt: string;
  /** The workbench's own SCA-status polling (`tpp.follow` with `record: false`). */
  workbenchPoll?: boolean;
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

/**
 * Something done to a bank that is not a request it answered
 * (main/core/bank/log/console-events.ts):
 * the PSU's revocation at the bank, a card account blocked, a batch run, a reset, a clock jump.
 */
export interface BankEventView {
  /** Unique across both banks and the shared clock: `sandbox:3`, `clock:7`. */
  key: string;
  /** The bank it concerns; absent for the clock both banks share. */
  mode?: BankMode;
  kind: ConsoleEventKind;
  /** The PSU at the bank (§1) or the bank itself. */
  actor: ConsoleActor;
  text: string;
  /** Bank clock after the event. */
  bankTime: string;
  /** Real time of the event: ordered with the exchanges' `arrivedAt`. */
  arrivedAt: string;
}

const Instant = Type.String({ format: 'date-time', description: 'ISO 8601 date-time' });

/** How the bank behaves, as the bank console sets it. */
export interface BankBehaviourView {
  /** §8 known issue reproduced: pending transactions ignore dateFrom, dateTo and limit. */
  pendingKnownIssue: boolean;
  /** §3.1 risk rule. */
  riskPolicy: { mode: 'always' | 'exempt-below' | 'never'; thresholdMinor: number };
  /** Rules the bank breaks on purpose (fault profiles). */
  faultProfiles: string[];
  /** Sandbox batch run times (bank clock, HH:MM). */
  batchTimes: string[];
  lastBatchRunAt?: string;
}

const Text = (max = 200) => Type.String({ minLength: 1, maxLength: max });

export const bankCalls = {
  'bank.status': call<BankStatusView[]>()('Both banks: running or not, and where.', NoArgs),
  'bank.start': call<BankStatusView>()(
    'Starts the bank of a mode on 127.0.0.1 (a free port unless one is given).',
    Type.Object(
      {
        mode: BankModeSchema,
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
    Type.Object(
      { mode: BankModeSchema, snapshot: Type.Unknown() },
      { additionalProperties: false },
    ),
  ),
  'bank.requestLog': call<BankExchangeView[]>()(
    'The most recent exchanges, newest last.',
    Type.Object(
      { mode: BankModeSchema, limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })) },
      { additionalProperties: false },
    ),
  ),
  'bank.events': call<BankEventView[]>()(
    'What was done to both banks and their clock outside the requests they answered, newest last.',
    Type.Object(
      { limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 5000 })) },
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
        mode: BankModeSchema,
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
      { mode: BankModeSchema, organizationIdentifier: Type.String({ minLength: 1 }) },
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
      { mode: BankModeSchema, pem: Type.String({ minLength: 1, maxLength: 1_000_000 }) },
      { additionalProperties: false },
    ),
  ),
  'trustStore.remove': call<TrustAnchorView[]>()(
    'Stops trusting a CA, by SHA-256 fingerprint.',
    Type.Object(
      { mode: BankModeSchema, fingerprint256: Type.String({ minLength: 1 }) },
      { additionalProperties: false },
    ),
  ),
};

export const bankConsoleCalls = {
  'bank.behaviour': call<BankBehaviourView>()('How a bank behaves now.', ModeArgs),
  'bank.setBehaviour': call<BankBehaviourView>()(
    'Changes how a bank behaves: the pending known issue, the risk rule, fault profiles.',
    Type.Object(
      {
        mode: BankModeSchema,
        pendingKnownIssue: Type.Optional(Type.Boolean()),
        riskPolicy: Type.Optional(
          Type.Object(
            {
              mode: Type.Union([
                Type.Literal('always'),
                Type.Literal('exempt-below'),
                Type.Literal('never'),
              ]),
              thresholdMinor: Type.Integer({ minimum: 0, maximum: 2_147_483_647 }),
            },
            { additionalProperties: false },
          ),
        ),
        faultProfiles: Type.Optional(Type.Array(Text(100), { maxItems: 500, uniqueItems: true })),
      },
      { additionalProperties: false },
    ),
  ),
  'bank.revokeGrant': call<{ revoked: boolean }>()(
    'The PSU revokes, in the bank, one account it granted a TPP (§1: the TPP is not told).',
    Type.Object(
      {
        mode: BankModeSchema,
        tppId: Text(),
        customerNumber: Text(40),
        agreementId: Type.Optional(Text()),
        accountId: Text(),
      },
      { additionalProperties: false },
    ),
  ),
  'bank.revokeConsent': call<{ revokedGrants: number }>()(
    'The PSU revokes a whole consent directly with the bank (§1: the TPP is not told).',
    Type.Object({ mode: BankModeSchema, consentId: Text() }, { additionalProperties: false }),
  ),
  'bank.setCardAccountStatus': call<{ changed: boolean }>()(
    'The bank blocks a card account or enables it again (§3.3).',
    Type.Object(
      {
        mode: BankModeSchema,
        cardAccountId: Text(),
        status: Type.Union([Type.Literal('enabled'), Type.Literal('blocked')]),
      },
      { additionalProperties: false },
    ),
  ),
  'bank.sessions': call<BankSessionRowView[]>()(
    "The bank's TPP sessions with their §3.4 state on the bank clock now (as the status bar).",
    ModeArgs,
  ),
  'bank.setPaymentPermission': call<{ changed: boolean }>()(
    'The bank removes or restores payment permission on an account; it stays visible to AIS (§1).',
    Type.Object(
      { mode: BankModeSchema, accountId: Text(), allowed: Type.Boolean() },
      { additionalProperties: false },
    ),
  ),
};

/** One TPP session as the bank holds it, with its §3.4 state at the bank's now. */
export interface BankSessionRowView {
  tppSessionId: string;
  tppId: string;
  customerNumber: string;
  context: 'PRIVATE' | 'CORPORATE';
  agreementId?: string;
  state: 'none' | 'valid' | 'expired' | 'replaced';
  scaCompletedAt: string;
  scaValidUntil: string;
  replacedBy?: string;
}

/** What a batch run did (domain/batch.ts BatchReport). */
export interface BatchRunView {
  /** Instants of the runs performed (ISO 8601). */
  runs: string[];
  /** Payment ids settled (ACSC), partly settled (bulk, PART) and rejected (RJCT). */
  settled: string[];
  partial: string[];
  rejected: string[];
  periodicExecutions: { paymentId: string; day: string; outcome: 'settled' | 'rejected' }[];
  /** Payments the run could not process (left unchanged). */
  errors: { paymentId: string; message: string }[];
}

export const bankBatchCalls = {
  'bank.runBatch': call<BatchRunView>()(
    'Runs the sandbox payment batch now (§1: otherwise five times a day on the bank clock).',
    ModeArgs,
  ),
};

export const bankEvents = {
  'bank.status': event<BankStatusView>(
    'A bank started, stopped, was reset or had its state replaced.',
  ),
  'bank.exchange': event<BankExchangeView>('A bank answered a request.'),
  'bank.event': event<BankEventView>(
    'Something was done to a bank or its clock outside a request (a revocation, a clock jump).',
  ),
  'clock.changed': event<ClockView>('The bank clock was set, advanced, frozen or resumed.'),
};
