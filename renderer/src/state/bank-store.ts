/**
 * The embedded banks as the console shows them: status of both modes, the shared bank clock, the
 * live request log (both modes merged), state snapshots for the tables, registry and trust store.
 */
import { create, type StoreApi } from 'zustand';
import type {
  BankEventView,
  BankExchangeView,
  BankMode,
  BankSessionRowView,
  BankStatusView,
  BatchRunView,
  ClockView,
  RegistryEntryView,
  TrustAnchorView,
} from '../../../main/api/contract';
import { api } from '../api';
import type { ClockReading } from '../lib/bank-clock';
import { REAL_TIME_SLACK_MS } from '../lib/format';
import { NO_FILTER, mergeEvents, mergeLog, type LogFilter } from '../lib/log-filter';
import { BANK_MODES } from '../../../main/shared/mode';

interface BankStore {
  status: Partial<Record<BankMode, BankStatusView>>;
  clock?: ClockReading;
  log: BankExchangeView[];
  filter: LogFilter;
  selectedExchange?: string;
  snapshots: Partial<Record<BankMode, unknown>>;
  /** The bank's sessions with their §3.4 state at the bank's now (`bank.sessions`). */
  sessions: Partial<Record<BankMode, BankSessionRowView[]>>;
  registry: Partial<Record<BankMode, RegistryEntryView[]>>;
  trustAnchors: Partial<Record<BankMode, TrustAnchorView[]>>;
  /**
   * What was done to the banks outside their requests (revocations, card blocks, batch runs, clock
   * jumps), from main whoever made them: the request log and the diagram show them (newest last).
   */
  events: BankEventView[];
  busy?: string;
  done?: string;
  error?: unknown;
  load(): Promise<void>;
  start(mode: BankMode, port?: number): Promise<void>;
  stop(mode: BankMode): Promise<void>;
  reset(mode: BankMode): Promise<void>;
  exportSnapshot(mode: BankMode): Promise<unknown>;
  importSnapshot(mode: BankMode, snapshot: unknown): Promise<void>;
  /** The payment batch now (§1: otherwise five times a day on the bank clock). */
  runBatch(mode: BankMode): Promise<void>;
  refreshSnapshot(mode: BankMode): Promise<void>;
  /** §1: the PSU revokes a consent with the bank (all its accounts). */
  revokeConsent(mode: BankMode, consentId: string): Promise<void>;
  /** §3.3: block a card account or enable it again. */
  setCardStatus(
    mode: BankMode,
    cardAccountId: string,
    status: 'enabled' | 'blocked',
  ): Promise<void>;
  clockAction(
    action: 'advance' | 'set' | 'freeze' | 'resume' | 'now',
    value?: number | string,
  ): Promise<void>;
  setFilter(filter: Partial<LogFilter>): void;
  selectExchange(id: string | undefined): void;
  loadRegistry(mode: BankMode): Promise<void>;
  putRegistry(mode: BankMode, entry: RegistryEntryView): Promise<boolean>;
  removeRegistry(mode: BankMode, organizationIdentifier: string): Promise<void>;
  addTrustAnchor(mode: BankMode, pem: string): Promise<boolean>;
  removeTrustAnchor(mode: BankMode, fingerprint256: string): Promise<void>;
  receivedStatus(status: BankStatusView): void;
  receivedClock(view: ClockView): void;
  receivedExchanges(exchanges: BankExchangeView[]): void;
  receivedEvents(events: BankEventView[]): void;
}

const LISTED_IDS = 5;

/** What a batch run did, in words: counts, and the payment ids when there are few. */
export function batchSummary(mode: BankMode, report: BatchRunView): string {
  const part = (label: string, ids: string[]) => {
    if (ids.length === 0) return `${label} 0`;
    const listed = ids.slice(0, LISTED_IDS).join(', ');
    return `${label} ${ids.length} (${listed}${ids.length > LISTED_IDS ? ', …' : ''})`;
  };
  const parts = [
    part('settled', report.settled),
    part('partly settled', report.partial),
    part('rejected', report.rejected),
  ];
  if (report.periodicExecutions.length > 0)
    parts.push(`standing-order executions ${report.periodicExecutions.length}`);
  if (report.errors.length > 0)
    parts.push(
      `not processed ${report.errors.length} (${report.errors
        .map((e) => `${e.paymentId}: ${e.message}`)
        .join('; ')})`,
    );
  return `Batch run on the ${mode} bank: ${parts.join(', ')}.`;
}

export const useBankStore = create<BankStore>((set, get) => {
  const run = runner(set);
  const statusChanged = (status: BankStatusView) =>
    set((state) => ({ status: { ...state.status, [status.mode]: status } }));
  const clockRead = (view: ClockView) => set({ clock: { view, receivedAt: Date.now() } });
  /** Back to real time: resumed if frozen, then moved by its offset (within a millisecond). */
  async function clockToRealTime(): Promise<ClockView> {
    const reading = await api.call('clock.get', {});
    const running = reading.frozen ? await api.call('clock.resume', {}) : reading;
    if (Math.abs(running.offsetMs) < REAL_TIME_SLACK_MS) return running;
    return api.call('clock.advance', { ms: -running.offsetMs });
  }

  return {
    status: {},
    log: [],
    filter: NO_FILTER,
    snapshots: {},
    sessions: {},
    events: [],
    registry: {},
    trustAnchors: {},
    async load() {
      try {
        const [statuses, clock, events, ...logs] = await Promise.all([
          api.call('bank.status', {}),
          api.call('clock.get', {}),
          api.call('bank.events', { limit: 500 }),
          ...BANK_MODES.map((mode) => api.call('bank.requestLog', { mode, limit: 500 })),
        ]);
        set((state) => ({
          status: Object.fromEntries(statuses.map((s) => [s.mode, s])),
          clock: { view: clock, receivedAt: Date.now() },
          log: mergeLog([], logs.flat()),
          // Events that arrived live while this load was under way are kept.
          events: mergeEvents(state.events, events),
          error: undefined,
        }));
      } catch (error) {
        set({ error });
      }
    },
    ...lifecycleSlice({ set, get, run }, statusChanged),
    ...stateSlice({ set, get, run }),
    async clockAction(action, value) {
      const outcome = await run('Changing the bank clock', () => {
        switch (action) {
          case 'advance':
            return api.call('clock.advance', { ms: Number(value) });
          case 'set':
            return api.call('clock.set', { now: String(value) });
          case 'freeze':
            return api.call('clock.freeze', {});
          case 'resume':
            return api.call('clock.resume', {});
          case 'now':
            return clockToRealTime();
        }
      });
      if (outcome.ok) clockRead(outcome.result);
    },
    setFilter: (filter) => set((state) => ({ filter: { ...state.filter, ...filter } })),
    selectExchange: (id) => set({ selectedExchange: id }),
    ...registrySlice({ set, get, run }),
    receivedStatus: statusChanged,
    receivedClock: clockRead,
    receivedExchanges: (exchanges) => set((state) => ({ log: mergeLog(state.log, exchanges) })),
    receivedEvents: (events) => set((state) => ({ events: mergeEvents(state.events, events) })),
  };
});

type Outcome<T> = { ok: true; result: T } | { ok: false };

/** A console action: busy while it runs, then what it did or its error. */
type Run = <T>(
  name: string,
  action: () => Promise<T>,
  done?: (r: T) => string,
) => Promise<Outcome<T>>;

/** What a slice of the store acts with. */
interface SliceTools {
  set: StoreApi<BankStore>['setState'];
  get: StoreApi<BankStore>['getState'];
  run: Run;
}

function runner(set: SliceTools['set']): Run {
  return async function run<T>(name: string, action: () => Promise<T>, done?: (r: T) => string) {
    set({ busy: name, error: undefined, done: undefined });
    try {
      const result = await action();
      set({ busy: undefined, ...(done ? { done: done(result) } : {}) });
      return { ok: true as const, result };
    } catch (error) {
      set({ busy: undefined, error });
      return { ok: false as const };
    }
  };
}

/** Starting, stopping and resetting a bank, and its state snapshot out and in. */
function lifecycleSlice(
  { get, run }: SliceTools,
  statusChanged: (status: BankStatusView) => void,
): Pick<BankStore, 'start' | 'stop' | 'reset' | 'exportSnapshot' | 'importSnapshot'> {
  return {
    async start(mode, port) {
      const outcome = await run(
        `Starting the ${mode} bank`,
        () => api.call('bank.start', { mode, ...(port !== undefined ? { port } : {}) }),
        (s) => `The ${mode} bank runs at ${s.url}.`,
      );
      if (outcome.ok) statusChanged(outcome.result);
    },
    async stop(mode) {
      const outcome = await run(
        `Stopping the ${mode} bank`,
        () => api.call('bank.stop', { mode }),
        () => `The ${mode} bank stopped; its state is kept.`,
      );
      if (outcome.ok) statusChanged(outcome.result);
    },
    async reset(mode) {
      await run(
        `Resetting the ${mode} bank`,
        () => api.call('bank.reset', { mode }),
        () => `The ${mode} bank is back to its initial state.`,
      );
      await get().refreshSnapshot(mode);
    },
    async exportSnapshot(mode) {
      const outcome = await run(`Exporting the ${mode} snapshot`, () =>
        api.call('bank.exportSnapshot', { mode }),
      );
      return outcome.ok ? outcome.result.snapshot : undefined;
    },
    async importSnapshot(mode, snapshot) {
      await run(
        `Importing the ${mode} snapshot`,
        () => api.call('bank.importSnapshot', { mode, snapshot }),
        () => `The ${mode} bank state was replaced by the snapshot.`,
      );
      await get().refreshSnapshot(mode);
    },
  };
}

/**
 * The bank state the console's tables show, and what the bank and the PSU do to it there: the
 * batch, a consent revoked, a card account blocked.
 */
function stateSlice({
  set,
  get,
  run,
}: SliceTools): Pick<
  BankStore,
  'runBatch' | 'refreshSnapshot' | 'revokeConsent' | 'setCardStatus'
> {
  return {
    async runBatch(mode) {
      await run(
        `Running the ${mode} payment batch`,
        () => api.call('bank.runBatch', { mode }),
        (report) => batchSummary(mode, report),
      );
      await get().refreshSnapshot(mode);
    },
    async refreshSnapshot(mode) {
      try {
        const [{ snapshot }, sessions] = await Promise.all([
          api.call('bank.exportSnapshot', { mode }),
          api.call('bank.sessions', { mode }),
        ]);
        set((state) => ({
          snapshots: { ...state.snapshots, [mode]: snapshot },
          sessions: { ...state.sessions, [mode]: sessions },
        }));
      } catch (error) {
        set({ error });
      }
    },
    async revokeConsent(mode, consentId) {
      await run(
        `Revoking consent ${consentId}`,
        () => api.call('bank.revokeConsent', { mode, consentId }),
        (r) =>
          `Consent ${consentId} revoked by the PSU at the bank (${r.revokedGrants} account${r.revokedGrants === 1 ? '' : 's'}); the TPP is not told (§1).`,
      );
      await get().refreshSnapshot(mode);
    },
    async setCardStatus(mode, cardAccountId, status) {
      await run(
        status === 'blocked' ? 'Blocking the card account' : 'Unblocking the card account',
        () => api.call('bank.setCardAccountStatus', { mode, cardAccountId, status }),
        (r) =>
          r.changed
            ? `Card account ${cardAccountId} is ${status}.`
            : `Card account ${cardAccountId} was already ${status}.`,
      );
      await get().refreshSnapshot(mode);
    },
  };
}

/** The bank's TPP registry and trust store: listed, entries put and removed. */
function registrySlice({
  set,
  run,
}: SliceTools): Pick<
  BankStore,
  'loadRegistry' | 'putRegistry' | 'removeRegistry' | 'addTrustAnchor' | 'removeTrustAnchor'
> {
  return {
    async loadRegistry(mode) {
      try {
        const [registry, anchors] = await Promise.all([
          api.call('registry.list', { mode }),
          api.call('trustStore.list', { mode }),
        ]);
        set((state) => ({
          registry: { ...state.registry, [mode]: registry },
          trustAnchors: { ...state.trustAnchors, [mode]: anchors },
        }));
      } catch (error) {
        set({ error });
      }
    },
    async putRegistry(mode, entry) {
      const outcome = await run(
        'Registering the TPP',
        () => api.call('registry.put', { mode, entry }),
        () => `Registered ${entry.organizationIdentifier}.`,
      );
      if (outcome.ok) set((s) => ({ registry: { ...s.registry, [mode]: outcome.result } }));
      return outcome.ok;
    },
    async removeRegistry(mode, organizationIdentifier) {
      const outcome = await run(
        'Removing the TPP',
        () => api.call('registry.remove', { mode, organizationIdentifier }),
        () => `Removed ${organizationIdentifier}.`,
      );
      if (outcome.ok) set((s) => ({ registry: { ...s.registry, [mode]: outcome.result } }));
    },
    async addTrustAnchor(mode, pem) {
      const outcome = await run(
        'Trusting the CA',
        () => api.call('trustStore.add', { mode, pem }),
        () => 'The CA is trusted.',
      );
      if (outcome.ok) set((s) => ({ trustAnchors: { ...s.trustAnchors, [mode]: outcome.result } }));
      return outcome.ok;
    },
    async removeTrustAnchor(mode, fingerprint256) {
      const outcome = await run(
        'Removing the CA',
        () => api.call('trustStore.remove', { mode, fingerprint256 }),
        () => 'The CA is no longer trusted.',
      );
      if (outcome.ok) set((s) => ({ trustAnchors: { ...s.trustAnchors, [mode]: outcome.result } }));
    },
  };
}
