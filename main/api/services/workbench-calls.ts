/**
 * The calls of the workbench's user-facing areas — keystore and certificates, targets, the signing
 * client (composer, history, PSU sessions, SCA), saved collections and settings — as one slice of
 * the contract's implementation, so the composition root adds them with one spread.
 */
import { CallRefused, type Implementation } from '../dispatch.js';
import type { CertsService } from './certs/certs-service.js';
import type { CollectionsService } from './collections-service.js';
import { editorSchemas, endpointCatalogue } from './composer/endpoint-catalogue.js';
import type { SettingsService } from './settings-service.js';
import type { TargetsService } from './targets-service.js';
import type { TppService } from './tpp/tpp-service.js';
import type { Clock } from '../../core/clock.js';
import type { BankService } from './bank-service.js';
import { bankSessionView } from './tpp/bank-sessions.js';

export interface WorkbenchAreas {
  certs: CertsService;
  targets: TargetsService;
  tpp: TppService;
  collections: CollectionsService;
  settings: SettingsService;
  clock: Clock;
  banks: BankService;
}

type AreaCall =
  | `keystore.${string}`
  | `certs.${string}`
  | `targets.${string}`
  | `tpp.${string}`
  | `spec.${string}`
  | `session.${string}`
  | `sca.${string}`
  | `collections.${string}`
  | `settings.${string}`;

export type WorkbenchCalls = Pick<Implementation, Extract<keyof Implementation, AreaCall>>;

export function workbenchCalls(areas: WorkbenchAreas): WorkbenchCalls {
  const { certs, targets, tpp, collections, settings } = areas;
  // Calls wait until a preset keystore (host seal, environment passphrase) has opened.
  const withKeystore =
    <A, R>(run: (args: A) => R | Promise<R>) =>
    async (args: A): Promise<R> => {
      await certs.ready;
      return run(args);
    };
  return {
    'keystore.status': withKeystore(() => certs.status()),
    'keystore.unlock': withKeystore(({ passphrase }) => certs.unlock(passphrase)),
    'certs.list': withKeystore(() => certs.list()),
    'certs.describe': withKeystore(({ handle }) => certs.describe(handle)),
    'certs.createCa': withKeystore((args) => certs.createCa(args)),
    'certs.issue': withKeystore((args) => certs.issue(args)),
    'certs.import': withKeystore((args) => certs.import(args)),
    'certs.rename': withKeystore(({ handle, label }) => certs.rename(handle, label)),
    'certs.remove': withKeystore(({ handle }) => certs.remove(handle)),
    'certs.exportCertificate': withKeystore(({ handle, format, includeChain }) =>
      certs.exportCertificate(handle, format, includeChain),
    ),
    'certs.requestKeyExport': withKeystore(({ handle, format }) =>
      certs.requestKeyExport(handle, format),
    ),
    'certs.exportPrivateKey': withKeystore((args) => certs.exportPrivateKey(args)),
    'certs.registerInBank': withKeystore(({ handle }) => certs.registerInBank(handle)),

    'targets.list': () => targets.list(),
    'targets.save': withKeystore(({ target }) => targets.save(target)),
    'targets.remove': ({ id }) => targets.remove(id),
    'targets.setActive': ({ id }) => targets.setActive(id),
    'targets.addProfile': ({ path }) => targets.addProfile(path),
    'targets.createProfile': ({ path, form }) => targets.createProfile(path, form),
    'targets.removeProfile': ({ id }) => targets.removeProfile(id),
    'targets.preflight': ({ id }) => targets.preflight(id),
    'targets.bankClock': ({ id }) => targets.bankClock(id),
    'targets.resetBankClock': ({ id }) => targets.resetBankClock(id),

    'tpp.endpoints': () => endpointCatalogue(undefined, areas.clock.now()),
    'spec.schemas': () => editorSchemas(),
    'tpp.preview': withKeystore(({ targetId, request, label, allowForeignOrigin }) =>
      tpp.preview(targetId, request, label, allowForeignOrigin),
    ),
    'tpp.send': withKeystore(({ targetId, request, label, allowForeignOrigin }) =>
      tpp.send(targetId, request, label, allowForeignOrigin),
    ),
    'tpp.follow': withKeystore(({ exchangeId, relation, record }) =>
      tpp.follow(exchangeId, relation, record),
    ),
    'tpp.history': ({ text }) => tpp.history(text),
    'tpp.exportHar': ({ ids }) => tpp.exportHar(ids),
    'tpp.clearHistory': () => tpp.clearHistory(),
    'session.list': () => tpp.sessionList(),
    'session.reset': ({ targetId, keep }) => tpp.resetSession(targetId, keep),
    'session.undoReset': ({ targetId }) => tpp.undoResetSession(targetId),
    'session.bankView': async ({ targetId }) => {
      const { targets: known } = await targets.list();
      if (!known.some((t) => t.id === targetId))
        throw new CallRefused(`There is no target '${targetId}'; choose one in Settings.`);
      return bankSessionView(areas, targetId, await tpp.session(targetId));
    },
    'session.update': (args) => tpp.updateSession(args),
    'sca.begin': (args) => tpp.beginSca(args),
    'sca.recording': async (args) => tpp.scaRecording(args),
    'sca.replay': (args) => tpp.replaySca(args),

    'collections.list': () => collections.list(),
    'collections.saveRequest': (args) => collections.saveRequest(args),
    'collections.create': ({ collection }) => collections.create(collection),
    'collections.rename': ({ collection, to }) => collections.rename(collection, to),
    'collections.remove': ({ collection }) => collections.remove(collection),
    'collections.addFolder': (args) => collections.addFolder(args),
    'collections.renameItem': ({ collection, id, name }) =>
      collections.renameItem(collection, id, name),
    'collections.removeItem': ({ collection, id }) => collections.removeItem(collection, id),
    'collections.moveItem': ({ collection, id, folderId }) =>
      collections.moveItem(collection, id, folderId),
    'collections.import': (args) => collections.import(args),
    'collections.export': (args) => collections.export(args),

    'settings.get': () => settings.view(),
    'settings.update': (patch) => settings.update(patch),
  };
}
