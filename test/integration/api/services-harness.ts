/**
 * The services of a web host on a fresh data folder per test (tpp-*.test.ts): `useServices()`
 * creates them before each test and disposes of them after; `relaunch()` starts them again on the
 * same folder, as a new launch of the app would.
 */
import { afterEach, beforeEach } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServices, type Services } from '../../../main/api/services';
import { tppReadyThrough } from '../../support/tpp-ready';
import type { CallName } from '../../../main/api/contract';

const PASSPHRASE = 'integration passphrase';
export let dataDir: string;
export let services: Services;

export function useServices(): void {
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'workbench-tpp-'));
    services = createServices({ kind: 'web', dataDir, keystorePassphrase: PASSPHRASE });
  });
  afterEach(async () => {
    await services.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
}

export async function ok<T>(name: CallName, args: unknown): Promise<T> {
  const outcome = await services.dispatch(name, args);
  if (!outcome.ok) throw new Error(`${name}: ${outcome.error.code}: ${outcome.error.message}`);
  return outcome.result as T;
}

/**
 * Stops the services and starts them again on the same data folder; `meanwhile` runs between (a
 * file changed while the app was closed). `keystore: false` starts them without the passphrase.
 */
export async function relaunch(
  options: { meanwhile?: () => Promise<void>; keystore?: boolean } = {},
): Promise<void> {
  await services.dispose();
  await options.meanwhile?.();
  services = createServices({
    kind: 'web',
    dataDir,
    ...(options.keystore === false ? {} : { keystorePassphrase: PASSPHRASE }),
  });
}

/** A CA, QSealC and QWAC, the TPP registered, and both embedded targets set to use them. */
export const tppReady = () => tppReadyThrough(ok);
