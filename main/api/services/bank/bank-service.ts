/**
 * The embedded banks as the workbench runs them: at most one sandbox and one production bank at a
 * time, sharing one virtual clock (the status bar shows one bank time), each keeping its state
 * while stopped. Maps the core's objects to the contract's views.
 */
import { createBank, type Bank } from '../../../core/bank/index.js';
import type { DomainState } from '../../../core/bank/index.js';
import type { ExchangeRecord } from '../../../core/bank/index.js';
import {
  ConsoleEventLog,
  type ConsoleActor,
  type ConsoleEventKind,
  type ConsoleEventRecord,
} from '../../../core/bank/index.js';
import type { BankListener } from '../../../core/bank/index.js';
import type { BankOptions } from '../../../core/bank/index.js';
import type { VirtualClock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import { scaValidUntil, sessionState } from '../../../core/bank/index.js';
import { knownFaults } from '../../../core/bank/index.js';
import type { EventHub } from '../../events.js';
import { OwnRequests } from './own-requests.js';
import type {
  BankBehaviourView,
  BankEventView,
  BankExchangeView,
  BankMode,
  BankSessionRowView,
  BankStatusView,
  RegistryEntryView,
  TrustAnchorView,
} from '../../contract/index.js';

/**
 * What plays a TPP test plan on a bank (plan-service.ts): shown each exchange the bank judged,
 * after its TPP findings recorder, and asked for a scripted answer before each handler.
 */
export type BankPlanHooks = Pick<BankOptions, 'observe' | 'script'>;

/** A server certificate for HTTPS, from the workbench's test CA (made on first use). */
export type ServerCertificateSource = () => Promise<{ key: string; cert: string }>;

interface BankSlot {
  bank: Bank;
  listener?: BankListener;
  https: boolean;
  unsubscribe: () => void;
}

/** As many as bank.events may ask for. */
const EVENTS_KEPT = 5000;

/** What a console action did, for the bank's console events (console-events.ts). */
export interface ConsoleEventNote {
  kind: ConsoleEventKind;
  actor: ConsoleActor;
  text: string;
}

export class BankService {
  private readonly slots = new Map<BankMode, BankSlot>();
  /** The clock both banks share moves for both: its events belong to neither bank. */
  private readonly clockEvents = new ConsoleEventLog();
  /**
   * Every log's events in the order they were recorded (each log numbers its own; two of the
   * same millisecond keep their order here), the newest EVENTS_KEPT.
   */
  private readonly eventList: BankEventView[] = [];
  /** The TPP test plan a bank plays (plan-service.ts): its observer and its scripted answers. */
  private readonly plans = new Map<BankMode, BankPlanHooks>();

  constructor(
    private readonly clock: VirtualClock,
    private readonly events: EventHub,
    private readonly serverCertificate?: ServerCertificateSource,
    private readonly own: OwnRequests = new OwnRequests(),
  ) {
    this.clockEvents.subscribe((record) => this.received(record));
  }

  /** The bank of a mode, created (stopped) on first use so its registry and state can be set up. */
  bank(mode: BankMode): Bank {
    return this.slot(mode).bank;
  }

  /** The bank of `mode` plays `hooks` from now on: one plan per bank. */
  play(mode: BankMode, hooks: BankPlanHooks): void {
    this.plans.set(mode, hooks);
  }

  status(mode: BankMode): BankStatusView {
    const slot = this.slots.get(mode);
    return {
      mode,
      running: slot?.listener !== undefined,
      ...(slot?.listener ? { url: slot.listener.url } : {}),
      https: slot?.https ?? false,
    };
  }

  async start(
    mode: BankMode,
    options: { port?: number; https?: boolean } = {},
  ): Promise<BankStatusView> {
    const slot = this.slot(mode);
    if (slot.listener)
      throw new CallRefused(`The ${mode} bank is already running at ${slot.listener.url}.`);
    let https: { key: string; cert: string } | undefined;
    if (options.https) {
      if (!this.serverCertificate)
        throw new CallRefused('HTTPS needs a server certificate, and none is available here.');
      https = await this.serverCertificate();
    }
    try {
      slot.listener = await slot.bank.listen({
        port: options.port ?? 0,
        ...(https ? { https } : {}),
      });
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new CallRefused(
        code === 'EADDRINUSE'
          ? `Port ${options.port} is in use; choose another or 0 for a free one.`
          : `The ${mode} bank could not start: ${(error as Error).message}`,
      );
    }
    slot.https = Boolean(https);
    this.note(mode, {
      kind: 'lifecycle',
      actor: 'bank',
      text: `Bank started at ${slot.listener.url}`,
    });
    return this.changed(mode);
  }

  async stop(mode: BankMode): Promise<BankStatusView> {
    const slot = this.slots.get(mode);
    if (!slot?.listener) throw new CallRefused(`The ${mode} bank is not running.`);
    await slot.listener.close();
    slot.listener = undefined;
    slot.https = false;
    this.note(mode, { kind: 'lifecycle', actor: 'bank', text: 'Bank stopped; its state is kept' });
    return this.changed(mode);
  }

  reset(mode: BankMode): BankStatusView {
    this.bank(mode).reset();
    this.note(mode, { kind: 'reset', actor: 'bank', text: 'Bank reset to its initial state' });
    return this.changed(mode);
  }

  exportSnapshot(mode: BankMode): unknown {
    return this.bank(mode).exportSnapshot();
  }

  importSnapshot(mode: BankMode, snapshot: unknown): BankStatusView {
    try {
      this.bank(mode).importSnapshot(snapshot);
    } catch (error) {
      throw new CallRefused(
        `The snapshot was refused and the bank state is unchanged: ${(error as Error).message}`,
      );
    }
    this.note(mode, {
      kind: 'snapshot-import',
      actor: 'bank',
      text: 'Bank state replaced by a snapshot',
    });
    return this.changed(mode);
  }

  requestLog(mode: BankMode, limit = 200): BankExchangeView[] {
    return this.bank(mode)
      .requestLog.entries()
      .slice(-limit)
      .map((record) => bankExchangeView(record, this.own));
  }

  behaviour(mode: BankMode): BankBehaviourView {
    // inspect, not state(): state() copies the whole ledger out to read one small entity.
    return this.bank(mode).inspect((state) => structuredClone(state.behaviour));
  }

  setBehaviour(
    mode: BankMode,
    patch: Partial<Pick<BankBehaviourView, 'pendingKnownIssue' | 'riskPolicy' | 'faultProfiles'>>,
  ): BankBehaviourView {
    if (patch.faultProfiles) {
      const known = new Set(knownFaults().map((fault) => fault.ruleId));
      const unknown = patch.faultProfiles.filter((id) => !known.has(id));
      if (unknown.length > 0)
        throw new CallRefused(`Unknown fault profiles: ${unknown.join(', ')}.`);
    }
    this.bank(mode).update((state) => {
      Object.assign(state.behaviour, patch);
    });
    this.note(mode, { kind: 'behaviour', actor: 'bank', text: behaviourText(patch) });
    this.changed(mode);
    return this.behaviour(mode);
  }

  /**
   * Runs one of the bank's own domain operations for the bank console (Bank.act); what it did is
   * recorded as a console event (`describe`), so the request log and the diagram show it.
   */
  act<T>(
    mode: BankMode,
    operation: (state: DomainState, now: Date) => T,
    describe?: (result: T) => ConsoleEventNote | undefined,
  ): T {
    let result: T;
    try {
      result = this.bank(mode).act(operation);
    } catch (error) {
      throw new CallRefused(`The bank refused the change: ${(error as Error).message}`);
    }
    const note = describe?.(result);
    if (note) this.note(mode, note);
    this.changed(mode);
    return result;
  }

  /** Records what was done to a bank (or, without a mode, to the clock both share). */
  note(mode: BankMode | undefined, note: ConsoleEventNote): void {
    const log = mode ? this.bank(mode).consoleEvents : this.clockEvents;
    log.record({
      ...(mode ? { mode } : {}),
      ...note,
      bankTime: this.clock.now().toISOString(),
    });
  }

  /** Both banks' console events and the clock's, in the order they happened, newest last. */
  consoleEvents(limit = 200): BankEventView[] {
    return this.eventList.slice(-limit);
  }

  private received(record: ConsoleEventRecord): void {
    const view = eventView(record);
    this.eventList.push(view);
    if (this.eventList.length > EVENTS_KEPT)
      this.eventList.splice(0, this.eventList.length - EVENTS_KEPT);
    this.events.emit('bank.event', view);
  }

  /** The bank's TPP sessions, each with its §3.4 state now (the status bar's sessionState). */
  sessions(mode: BankMode): BankSessionRowView[] {
    return this.bank(mode).inspect((state, now) =>
      state.sessions.map((record) => ({
        tppSessionId: record.tppSessionId,
        tppId: record.tppId,
        customerNumber: record.customerNumber,
        context: record.context,
        ...(record.agreementId ? { agreementId: record.agreementId } : {}),
        state: sessionState(record, now),
        scaCompletedAt: record.scaCompletedAt,
        scaValidUntil: scaValidUntil(record).toISOString(),
        ...(record.replacedBy ? { replacedBy: record.replacedBy } : {}),
      })),
    );
  }

  registry(mode: BankMode): RegistryEntryView[] {
    return this.bank(mode)
      .registry.list()
      .map((e) => ({ ...e, roles: [...e.roles] }));
  }

  trustAnchors(mode: BankMode): TrustAnchorView[] {
    return this.bank(mode)
      .trustStore.list()
      .map((anchor) => ({ ...anchor }));
  }

  async dispose(): Promise<void> {
    for (const slot of this.slots.values()) {
      slot.unsubscribe();
      await slot.bank.close();
    }
    this.slots.clear();
  }

  private slot(mode: BankMode): BankSlot {
    let slot = this.slots.get(mode);
    if (!slot) {
      const bank = createBank({
        mode,
        clock: this.clock,
        observe: (observation) => this.plans.get(mode)?.observe?.(observation),
        script: (request) => this.plans.get(mode)?.script?.(request),
      });
      const offExchanges = bank.requestLog.subscribe((record) =>
        this.events.emit('bank.exchange', bankExchangeView(record, this.own)),
      );
      const offEvents = bank.consoleEvents.subscribe((record) => this.received(record));
      const unsubscribe = () => {
        offExchanges();
        offEvents();
      };
      slot = { bank, https: false, unsubscribe };
      this.slots.set(mode, slot);
    }
    return slot;
  }

  private changed(mode: BankMode): BankStatusView {
    const status = this.status(mode);
    this.events.emit('bank.status', status);
    return status;
  }
}

/** A behaviour change in words: what the console set, e.g. fault profiles on (§ of each rule). */
export function behaviourText(
  patch: Partial<Pick<BankBehaviourView, 'pendingKnownIssue' | 'riskPolicy' | 'faultProfiles'>>,
): string {
  const parts: string[] = [];
  if (patch.faultProfiles)
    parts.push(
      patch.faultProfiles.length === 0
        ? 'no fault profiles'
        : `fault profiles ${patch.faultProfiles.join(', ')}`,
    );
  // §8 known issue: pending transactions ignore dateFrom, dateTo and limit.
  if (patch.pendingKnownIssue !== undefined)
    parts.push(`pending known issue ${patch.pendingKnownIssue ? 'on' : 'off'}`);
  // §3.1 risk rule.
  if (patch.riskPolicy)
    parts.push(
      `risk rule ${patch.riskPolicy.mode}${patch.riskPolicy.mode === 'exempt-below' ? ` ${patch.riskPolicy.thresholdMinor}` : ''}`,
    );
  return `Bank behaviour set: ${parts.length > 0 ? parts.join('; ') : 'unchanged'}`;
}

export function eventView(record: ConsoleEventRecord): BankEventView {
  return {
    key: `${record.mode ?? 'clock'}:${record.id}`,
    ...(record.mode ? { mode: record.mode } : {}),
    kind: record.kind,
    actor: record.actor,
    text: record.text,
    bankTime: record.bankTime,
    arrivedAt: record.arrivedAt,
  };
}

export function bankExchangeView(record: ExchangeRecord, own?: OwnRequests): BankExchangeView {
  return {
    id: record.id,
    mode: record.mode,
    receivedAt: record.receivedAt,
    arrivedAt: record.arrivedAt,
    ...(own?.isOwn(record.request.headers) ? { workbenchPoll: true } : {}),
    durationMs: record.durationMs,
    ...(record.operationId ? { operationId: record.operationId } : {}),
    request: {
      method: record.request.method,
      target: record.request.target,
      headers: { ...record.request.headers },
      bodySize: record.request.bodySize,
      ...(record.request.bodyText !== undefined ? { body: record.request.bodyText } : {}),
    },
    response: {
      status: record.response.status,
      headers: { ...record.response.headers },
      body: record.response.body,
    },
    ...(record.rejectedBy ? { rejectedBy: { ...record.rejectedBy } } : {}),
  };
}
