/**
 * The command line's side of a profile's `{ "keystore": "…" }` credential: the keystore the UI
 * keeps (in the workbench's data folder), opened on first use with WORKBENCH_KEYSTORE_PASSPHRASE.
 * When it cannot be opened the profile does not read, and the problem says why and what to do.
 */
import { keystoreCredential, openKeystoreWithPassphrase } from '../../core/certs/index.js';
import type { Keystore } from '../../core/certs/index.js';
import { defaultDataDir } from '../../core/persistence/data-dir.js';
import type { KeystoreCredentials } from '../../core/runner/target-profile/index.js';

export function cliKeystoreCredentials(
  env: Readonly<Record<string, string | undefined>> = process.env,
): KeystoreCredentials {
  let opening: Promise<Keystore> | undefined;
  return async (reference) => {
    opening ??= openKeystoreWithPassphrase(defaultDataDir(env), env.WORKBENCH_KEYSTORE_PASSPHRASE);
    return keystoreCredential(await opening, reference);
  };
}
