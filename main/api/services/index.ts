/**
 * The composition root: builds every main-process service once and exposes them as the
 * contract's implementation. Hosts (Electron, web, CLI) differ only in what they pass in.
 */
import { createDispatcher, type Dispatch, type Implementation } from '../dispatch.js';
import { EventHub } from '../events.js';
import type { HostKind } from '../contract/index.js';
import { VirtualClock } from '../../core/clock.js';
import type { KeyProtectionCost } from '../../core/certs/key-protection.js';
import type { SecretBox } from '../../core/certs/secret-box.js';
import { implementAppCalls } from './app/calls.js';
import { implementBankCalls } from './bank/calls.js';
import { BankService } from './bank/bank-service.js';
import { implementCertsCalls } from './certs/calls.js';
import { CertsService } from './certs/certs-service.js';
import type { KeyExportConfirmer } from './certs/key-export-confirmation.js';
import { implementCollectionsCalls } from './collections/calls.js';
import { CollectionsService } from './collections/collections-service.js';
import { OwnRequests } from './bank/own-requests.js';
import { PlanService } from './plans/plan-service.js';
import { implementPlanCalls } from './plans/calls.js';
import { implementRunnerCalls } from './runner/calls.js';
import { RunnerService } from './runner/runner-service.js';
import { implementSettingsCalls } from './settings/calls.js';
import { SettingsService } from './settings/settings-service.js';
import { StorageNotices } from './app/stored-files.js';
import { implementTargetsCalls } from './targets/calls.js';
import { TargetsService } from './targets/targets-service.js';
import { implementTppCalls } from './tpp/calls.js';
import { openApiOfTarget } from './tpp/openapi-of-target.js';
import type { OpenScaWindow } from './tpp/sca-redirects.js';
import type { RelayScaPages } from './tpp/sca-recordings.js';
import { TppService } from './tpp/tpp-service.js';
import { implementWorkspaceCalls } from './workspace/calls.js';
import { WorkspaceService } from './workspace/workspace-service.js';

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
  const workspace = new WorkspaceService(host.dataDir, notices, events, () => certs.secretBox());
  // An unlocked keystore opens the secrets it sealed: the views get them, no reload needed.
  events.subscribe((name) => {
    if (name === 'keystore.changed')
      void workspace.variables().then(
        (variables) => events.emit('workspace.variablesChanged', variables),
        () => undefined,
      );
  });
  const tpp = new TppService({
    certs,
    targets,
    settings,
    clock,
    events,
    own,
    secretsOf: (targetId) => workspace.secretValues(targetId),
    ...(host.openScaWindow ? { openScaWindow: host.openScaWindow } : {}),
    ...(host.relayScaPages ? { relayScaPages: host.relayScaPages } : {}),
  });
  // The suites' checks (the default), against the embedded banks or the profiles added in Targets.
  // A run records its target's active environment (docs/variables.md), as the composer uses it.
  const runner = new RunnerService(events, undefined, targets, (id) =>
    workspace.activeEnvironment(id),
  );
  const implementation: Implementation = {
    ...implementAppCalls(host, events),
    ...implementBankCalls({ banks, clock, events, targets, tpp }),
    ...implementPlanCalls(plans),
    ...implementCertsCalls(certs),
    ...implementTargetsCalls(targets, certs),
    ...implementTppCalls({ tpp, certs, targets, clock, banks }),
    ...implementCollectionsCalls(collections, { workspace, tpp, clock, events }),
    ...implementSettingsCalls(settings),
    ...implementWorkspaceCalls(workspace),
    ...implementRunnerCalls(runner),
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
