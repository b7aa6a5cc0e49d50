/** The targets' calls (contract/targets.ts). */
import type { AreaCalls } from '../area-calls.js';
import { withKeystore } from '../certs/calls.js';
import type { CertsService } from '../certs/certs-service.js';
import type { TargetsService } from './targets-service.js';

export function implementTargetsCalls(
  targets: TargetsService,
  certs: CertsService,
): AreaCalls<'targets'> {
  const keystore = withKeystore(certs);
  return {
    'targets.list': () => targets.list(),
    'targets.save': keystore(({ target }) => targets.save(target)),
    'targets.remove': ({ id }) => targets.remove(id),
    'targets.setActive': ({ id }) => targets.setActive(id),
    'targets.addProfile': ({ path }) => targets.addProfile(path),
    'targets.createProfile': ({ path, form }) => targets.createProfile(path, form),
    'targets.removeProfile': ({ id }) => targets.removeProfile(id),
    'targets.preflight': ({ id }) => targets.preflight(id),
    'targets.bankClock': ({ id }) => targets.bankClock(id),
    'targets.resetBankClock': ({ id }) => targets.resetBankClock(id),
  };
}
