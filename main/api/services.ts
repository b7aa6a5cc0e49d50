/**
 * The composition root: builds every main-process service once and exposes them as the
 * contract's implementation. Hosts (Electron, web, CLI) differ only in what they pass in.
 */
import { createDispatcher, CallRefused, type Dispatch, type Implementation } from './dispatch.js';
import { EventHub } from './events.js';
import type { AppInfo, HostKind } from './contract.js';
import { productInfo } from '../core/product.js';
import { CLOCK_RANGE, CLOCK_RANGE_TEXT, VirtualClock } from '../core/clock.js';
import { readCertificates } from '../core/bank/index.js';
import { BankService } from './services/bank-service.js';
import { OwnRequests } from './services/own-requests.js';
import {
  revokeConsent,
  revokeGrant,
  setCardAccountStatus,
  setPaymentPermission,
} from '../core/bank/index.js';
import { runBatchNow } from '../core/bank/index.js';
import { batchRunText, clockJumpText } from '../core/bank/index.js';
import type { KeyProtectionCost } from '../core/certs/key-protection.js';
import type { SecretBox } from '../core/certs/secret-box.js';
import { CertsService } from './services/certs/certs-service.js';
import type { KeyExportConfirmer } from './services/certs/key-export-confirmation.js';
import { CollectionsService } from './services/collections-service.js';
import { openApiOfTarget } from './services/tpp/openapi-of-target.js';
import { WorkspaceService } from './services/workspace-service.js';
import { SettingsService } from './services/settings-service.js';
import { StorageNotices } from './services/stored-files.js';
import { TargetsService } from './services/targets-service.js';
import { PlanService } from './services/plan-service.js';
import type { OpenScaWindow } from './services/tpp/sca-redirects.js';
import type { RelayScaPages } from './services/tpp/sca-recordings.js';
import { TppService } from './services/tpp/tpp-service.js';
import { workbenchCalls } from './services/workbench-calls.js';
import { RunnerService } from './services/runner/runner-service.js';
import { runnerImplementation } from './services/runner/runner-calls.js';

export interface HostEnvironment {
  kind: HostKind;
  /** Runtime versions the host adds (Electron and Chrome in the desktop app). */
  versions?: { electron?: string; chrome?: string };
  /**
   * Where settings, targets, collections and the keystore are kept (web host:
   * `$XDG_CONFIG_HOME/psd2-workbench`; tests: a temp folder). Without one nothing is written.
   */
  dataDir?: string;
  /** The host's seal for private keys at rest (Electron: safeStorage); else a passphrase. */
  secretBox?: SecretBox;
  /** Unlocks the keystore at start (WORKBENCH_KEYSTORE_PASSPHRASE, for scripts and CI). */
  keystorePassphrase?: string;
  /**
   * Opens the bank's SCA page in a window of the host's own (the desktop app's hardened SCA
   * window). Without it the view opens a browser popup.
   */
  openScaWindow?: OpenScaWindow;
  /**
   * The web host's relay of the bank's SCA pages that adds the recorder (docs/sca.md, "Recording
   * SCA steps"). The desktop app records in its own SCA window instead.
   */
  relayScaPages?: RelayScaPages;
  /**
   * How the user confirms a private key export outside the view (desktop: a native dialog; web
   * host: a code printed on stderr). Without one the workbench exports no private key.
   */
  keyExportConfirmer?: KeyExportConfirmer;
  /** The key-derivation cost of exported keys: for tests only; without it the production cost. */
  keyProtectionCost?: KeyProtectionCost;
}

export interface Services {
  dispatch: Dispatch;
  events: EventHub;
  clock: VirtualClock;
  banks: BankService;
  runner: RunnerService;
  tpp: TppService;
  dispose(): Promise<void>;
}

export function createServices(host: HostEnvironment): Services {
  const events = new EventHub();
  const clock = new VirtualClock();
  const own = new OwnRequests();
  const banks = new BankService(clock, events, undefined, own);
  const plans = new PlanService(banks, events);
  const notices = new StorageNotices();
  const settings = new SettingsService(host.dataDir, notices, events);
  const certs = new CertsService(
    {
      ...(host.dataDir ? { dataDir: host.dataDir } : {}),
      ...(host.secretBox ? { secretBox: host.secretBox } : {}),
      ...(host.keystorePassphrase ? { passphrase: host.keystorePassphrase } : {}),
      ...(host.keyProtectionCost ? { keyProtectionCost: host.keyProtectionCost } : {}),
    },
    clock,
    events,
    banks,
    host.keyExportConfirmer,
  );
  const targets = new TargetsService(host.dataDir, notices, events, banks, certs);
  const collections = new CollectionsService(host.dataDir, notices, events, clock, (targetId) =>
    openApiOfTarget(tpp, targetId),
  );
  const workspace = new WorkspaceService(host.dataDir, notices, events);
  const tpp = new TppService({
    certs,
    targets,
    settings,
    clock,
    events,
    own,
    ...(host.openScaWindow ? { openScaWindow: host.openScaWindow } : {}),
    ...(host.relayScaPages ? { relayScaPages: host.relayScaPages } : {}),
  });
  // The suites' checks (the default), against the embedded banks or the profiles added in Targets.
  // A run records its target's active environment (docs/variables.md), as the composer uses it.
  const runner = new RunnerService(events, undefined, targets, (id) =>
    workspace.activeEnvironment(id),
  );
  let pongSeq = 0;

  const appInfo = (): AppInfo => ({
    name: productInfo.name,
    version: productInfo.version,
    host: host.kind,
    platform: `${process.platform}-${process.arch}`,
    versions: { node: process.versions.node, v8: process.versions.v8, ...host.versions },
  });

  /** Whoever moved the clock (console, status bar), the move shows beside the exchanges. */
  const clockChanged = (moved: string) => {
    banks.note(undefined, { kind: 'clock', actor: 'bank', text: `Bank clock ${moved}` });
    const view = clock.state();
    events.emit('clock.changed', view);
    return view;
  };

  const implementation: Implementation = {
    ...runnerImplementation(runner),
    'app.info': () => appInfo(),
    'app.viewShown': ({ view }) => {
      events.emit('app.viewShown', { view });
      return { view };
    },
    'diagnostics.ping': ({ message }) => {
      const receivedAt = new Date().toISOString();
      // After the answer: the view sees the result first, then the event.
      setImmediate(() =>
        events.emit('diagnostics.pong', {
          message,
          seq: ++pongSeq,
          sentAt: new Date().toISOString(),
        }),
      );
      return { message, receivedAt };
    },

    'bank.status': () => [banks.status('sandbox'), banks.status('production')],
    'bank.start': ({ mode, port, https }) => banks.start(mode, { port, https }),
    'bank.stop': ({ mode }) => banks.stop(mode),
    'bank.reset': async ({ mode }) => {
      const status = banks.reset(mode);
      // The reset bank knows none of its PSUs and TPP sessions: the targets it serves start a
      // new TPP session without a PSU, so no PSU-ID the bank no longer has is sent (§3.4).
      const { targets: known } = await targets.list();
      for (const target of known)
        if (target.kind === 'embedded' && target.mode === mode) await tpp.resetSession(target.id);
      return status;
    },
    'bank.exportSnapshot': ({ mode }) => ({ snapshot: banks.exportSnapshot(mode) }),
    'bank.importSnapshot': ({ mode, snapshot }) => banks.importSnapshot(mode, snapshot),
    'bank.requestLog': ({ mode, limit }) => banks.requestLog(mode, limit),
    'bank.behaviour': ({ mode }) => banks.behaviour(mode),
    'bank.setBehaviour': ({ mode, ...patch }) => banks.setBehaviour(mode, patch),
    'bank.revokeGrant': ({ mode, ...grant }) => ({
      revoked: banks.act(
        mode,
        (state, now) => revokeGrant(state, grant, now),
        (revoked) =>
          revoked
            ? {
                kind: 'revoke-grant',
                actor: 'psu',
                text: `PSU ${grant.customerNumber} revoked account ${grant.accountId} for ${grant.tppId} at the bank (§1: the TPP is not told)`,
              }
            : undefined,
      ),
    }),
    'bank.runBatch': ({ mode }) =>
      banks.act(
        mode,
        (state, now) => runBatchNow(state, now),
        (report) => ({ kind: 'batch-run', actor: 'bank', text: batchRunText(report, 'console') }),
      ),
    'bank.revokeConsent': ({ mode, consentId }) => ({
      revokedGrants: banks.act(
        mode,
        (state, now) => revokeConsent(state, consentId, now),
        (grants) => ({
          kind: 'revoke-consent',
          actor: 'psu',
          text: `PSU revoked consent ${consentId} at the bank, ${grants} account${grants === 1 ? '' : 's'} (§1: the TPP is not told)`,
        }),
      ),
    }),
    'bank.setCardAccountStatus': ({ mode, cardAccountId, status }) => ({
      changed: banks.act(
        mode,
        (state) => setCardAccountStatus(state, cardAccountId, status),
        (changed) =>
          changed
            ? {
                kind: 'card-account-status',
                actor: 'bank',
                text: `Bank ${status === 'blocked' ? 'blocked' : 'unblocked'} card account ${cardAccountId} (§3.3)`,
              }
            : undefined,
      ),
    }),
    'bank.sessions': ({ mode }) => banks.sessions(mode),
    'bank.setPaymentPermission': ({ mode, accountId, allowed }) => ({
      changed: banks.act(
        mode,
        (state) => setPaymentPermission(state, accountId, allowed),
        (changed) =>
          changed
            ? {
                kind: 'payment-permission',
                actor: 'bank',
                text: `Bank ${allowed ? 'restored' : 'removed'} payment permission on account ${accountId} (§1)`,
              }
            : undefined,
      ),
    }),
    'bank.events': ({ limit }) => banks.consoleEvents(limit),
    'plan.list': () => plans.list(),
    'plan.state': () => plans.state(),
    'plan.choose': ({ plan }) => plans.choose(plan),
    'plan.startModule': ({ module }) => plans.startModule(module),
    'plan.finishModule': ({ module }) => plans.finishModule(module),
    'plan.report': ({ format }) => plans.report(format),

    'clock.get': () => clock.state(),
    'clock.advance': ({ ms }) => {
      withinClockRange(clock.now().getTime() + ms, 'advance');
      clock.advance(ms);
      return clockChanged(`advanced ${clockJumpText(ms)}`);
    },
    'clock.set': ({ now }) => {
      const instant = new Date(now);
      if (Number.isNaN(instant.getTime())) throw new CallRefused(`'${now}' is not a date-time.`);
      withinClockRange(instant.getTime(), 'set');
      clock.set(instant);
      return clockChanged(`set to ${instant.toISOString()}`);
    },
    'clock.freeze': () => {
      clock.freeze();
      return clockChanged('frozen');
    },
    'clock.resume': () => {
      clock.resume();
      return clockChanged('resumed');
    },

    'registry.list': ({ mode }) => banks.registry(mode),
    'registry.put': ({ mode, entry }) => {
      const registry = banks.bank(mode).registry;
      registry.remove(entry.organizationIdentifier);
      registry.add(entry);
      banks.note(mode, {
        kind: 'registry',
        actor: 'bank',
        text: `Registry: ${entry.organizationIdentifier} registered for ${entry.roles.join(', ') || 'no role'}`,
      });
      return banks.registry(mode);
    },
    'registry.remove': ({ mode, organizationIdentifier }) => {
      if (!banks.bank(mode).registry.remove(organizationIdentifier)) {
        throw new CallRefused(`${organizationIdentifier} is not in the ${mode} bank's registry.`);
      }
      banks.note(mode, {
        kind: 'registry',
        actor: 'bank',
        text: `Registry: ${organizationIdentifier} removed`,
      });
      return banks.registry(mode);
    },

    'trustStore.list': ({ mode }) => banks.trustAnchors(mode),
    'trustStore.add': ({ mode, pem }) => {
      let subjects: string[];
      try {
        subjects = readCertificates(pem).map((c) => c.subject.replace(/\n/g, ', '));
      } catch (error) {
        throw new CallRefused(`No CA certificate could be read: ${(error as Error).message}`);
      }
      banks.bank(mode).trustStore.add(pem);
      banks.note(mode, {
        kind: 'trust-store',
        actor: 'bank',
        text: `Trust store: trusts ${subjects.join('; ')}`,
      });
      return banks.trustAnchors(mode);
    },
    'trustStore.remove': ({ mode, fingerprint256 }) => {
      if (!banks.bank(mode).trustStore.remove(fingerprint256)) {
        throw new CallRefused(`No trusted CA has the fingerprint ${fingerprint256}.`);
      }
      banks.note(mode, {
        kind: 'trust-store',
        actor: 'bank',
        text: `Trust store: CA ${fingerprint256.slice(0, 11)}… removed`,
      });
      return banks.trustAnchors(mode);
    },

    ...workbenchCalls({ certs, targets, tpp, collections, settings, clock, banks }),
    'workspace.variables': () => workspace.variables(),
    'workspace.saveVariables': ({ targetId, variables }) =>
      workspace.saveVariables(targetId, variables),
    'workspace.importEnvironment': (args) => workspace.importEnvironment(args),
    'workspace.exportEnvironment': (args) => workspace.exportEnvironment(args),
    'workspace.tabs': () => workspace.tabs(),
    'workspace.saveTabs': (tabs) => workspace.saveTabs(tabs),
  };

  return {
    dispatch: createDispatcher(implementation),
    events,
    clock,
    banks,
    runner,
    tpp,
    dispose: async () => {
      await tpp.dispose();
      await banks.dispose();
    },
  };
}

/** The bank clock's range (main/core/clock.ts), as the admin API keeps it: refused naming the move. */
function withinClockRange(instant: number, move: 'set' | 'advance'): void {
  if (instant < CLOCK_RANGE.earliest || instant > CLOCK_RANGE.latest)
    throw new CallRefused(
      `clock.${move}: the bank clock would leave ${CLOCK_RANGE_TEXT} (it would be ${Number.isFinite(instant) && Math.abs(instant) <= 8.64e15 ? new Date(instant).toISOString() : 'out of any date'}).`,
    );
}
