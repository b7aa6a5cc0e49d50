/**
 * The services a collection run needs outside the app (the CLI): the data folder's collections,
 * environments and targets, and the composer's send path (TppService) with the keystore of that
 * folder. A target profile file given by path is used as a target of this run only: the data
 * folder's list of targets is not changed, and its environments are those of the same profile
 * when the folder lists it.
 */
import { normalize, resolve } from 'node:path';
import { VirtualClock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import { EventHub } from '../../events.js';
import { BankService } from '../bank/bank-service.js';
import { CertsService } from '../certs/certs-service.js';
import { CollectionsService } from './collections-service.js';
import { SettingsService } from '../settings/settings-service.js';
import { StorageNotices } from '../app/stored-files.js';
import { TargetsService } from '../targets/targets-service.js';
import { TppService } from '../tpp/tpp-service.js';
import { WorkspaceService } from '../workspace/workspace-service.js';
import type { CollectionRunDeps } from './collection-runs.js';

export interface RunServicesOptions {
  dataDir: string;
  /** A target of the data folder by id; else `profileFile`; else the folder's active target. */
  targetId?: string;
  /** A target profile file (`workbench target init`), as `workbench run --target-file` takes. */
  profileFile?: string;
  keystorePassphrase?: string;
}

export interface RunServices {
  deps: CollectionRunDeps;
  targetId: string;
  dispose(): Promise<void>;
}

export async function collectionRunServices(options: RunServicesOptions): Promise<RunServices> {
  const { dataDir } = options;
  const events = new EventHub();
  const clock = new VirtualClock();
  const notices = new StorageNotices();
  const banks = new BankService(clock, events);
  const certs = new CertsService(
    {
      dataDir,
      ...(options.keystorePassphrase ? { passphrase: options.keystorePassphrase } : {}),
    },
    clock,
    events,
    banks,
  );
  const stored = new TargetsService(dataDir, notices, events, banks, certs);
  let targets = stored;
  let targetId: string;
  if (options.profileFile !== undefined) {
    const path = normalize(resolve(options.profileFile));
    const listed = (await stored.list()).profiles.find((p) => p.path === path);
    if (listed) targetId = listed.id;
    else {
      targets = new TargetsService(undefined, notices, events, banks, certs);
      const added = await targets.addProfile(path);
      targetId = added.profiles.find((p) => p.path === path)!.id;
    }
  } else {
    const view = await stored.list();
    targetId = options.targetId ?? view.activeTargetId;
    const known = [...view.targets.map((t) => t.id), ...view.profiles.map((p) => p.id)];
    if (!known.includes(targetId))
      throw new CallRefused(
        `There is no target '${targetId}' in ${dataDir}; its targets: ${known.join(', ')}.`,
      );
    const target = view.targets.find((t) => t.id === targetId);
    if (target?.kind === 'embedded' && !target.baseUrl)
      throw new CallRefused(
        `The target '${targetId}' is an embedded bank, which runs inside the desktop app or 'workbench web', not here: give --target-file with a profile of a 'workbench bank' (workbench target init).`,
      );
  }
  const settings = new SettingsService(dataDir, notices, events);
  const tpp = new TppService({ certs, targets, settings, clock, events });
  return {
    deps: {
      collections: new CollectionsService(dataDir, notices, events, clock),
      workspace: new WorkspaceService(dataDir, notices, events),
      tpp,
      clock,
    },
    targetId,
    dispose: async () => {
      await tpp.dispose();
      await banks.dispose();
    },
  };
}
