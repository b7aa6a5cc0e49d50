/**
 * The signing client's calls (contract/tpp.ts): the composer's endpoints and schemas, sending,
 * history, PSU sessions and SCA.
 */
import type { Clock } from '../../../core/clock.js';
import { CallRefused } from '../../dispatch.js';
import type { AreaCalls } from '../area-calls.js';
import type { BankService } from '../bank/bank-service.js';
import { withKeystore } from '../certs/calls.js';
import type { CertsService } from '../certs/certs-service.js';
import { editorSchemas, endpointCatalogue } from '../composer/endpoint-catalogue.js';
import type { TargetsService } from '../targets/targets-service.js';
import { bankSessionView } from './bank-sessions.js';
import type { TppService } from './tpp-service.js';

export interface TppAreas {
  tpp: TppService;
  certs: CertsService;
  targets: TargetsService;
  clock: Clock;
  banks: BankService;
}

export function implementTppCalls(areas: TppAreas): AreaCalls<'tpp' | 'spec' | 'session' | 'sca'> {
  const { tpp, targets } = areas;
  const keystore = withKeystore(areas.certs);
  return {
    'tpp.endpoints': () => endpointCatalogue(undefined, areas.clock.now()),
    'spec.schemas': () => editorSchemas(),
    'tpp.preview': keystore(({ targetId, request, label, allowForeignOrigin }) =>
      tpp.preview(targetId, request, label, allowForeignOrigin),
    ),
    'tpp.send': keystore(({ targetId, request, label, allowForeignOrigin }) =>
      tpp.send(targetId, request, label, allowForeignOrigin),
    ),
    'tpp.follow': keystore(({ exchangeId, relation, record }) =>
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
  };
}
