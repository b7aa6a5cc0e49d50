/** The keystore's and certificates' calls (contract/certs.ts). */
import type { AreaCalls } from '../area-calls.js';
import type { CertsService } from './certs-service.js';

/**
 * A call that waits until a preset keystore (host seal, environment passphrase) has opened: the
 * calls that sign or read keys, here and in targets and tpp.
 */
export const withKeystore =
  (certs: CertsService) =>
  <A, R>(run: (args: A) => R | Promise<R>) =>
  async (args: A): Promise<R> => {
    await certs.ready;
    return run(args);
  };

export function implementCertsCalls(certs: CertsService): AreaCalls<'keystore' | 'certs'> {
  const keystore = withKeystore(certs);
  return {
    'keystore.status': keystore(() => certs.status()),
    'keystore.unlock': keystore(({ passphrase }) => certs.unlock(passphrase)),
    'certs.list': keystore(() => certs.list()),
    'certs.describe': keystore(({ handle }) => certs.describe(handle)),
    'certs.createCa': keystore((args) => certs.createCa(args)),
    'certs.issue': keystore((args) => certs.issue(args)),
    'certs.import': keystore((args) => certs.import(args)),
    'certs.rename': keystore(({ handle, label }) => certs.rename(handle, label)),
    'certs.remove': keystore(({ handle }) => certs.remove(handle)),
    'certs.exportCertificate': keystore(({ handle, format, includeChain }) =>
      certs.exportCertificate(handle, format, includeChain),
    ),
    'certs.requestKeyExport': keystore(({ handle, format }) =>
      certs.requestKeyExport(handle, format),
    ),
    'certs.exportPrivateKey': keystore((args) => certs.exportPrivateKey(args)),
    'certs.registerInBank': keystore(({ handle }) => certs.registerInBank(handle)),
  };
}
