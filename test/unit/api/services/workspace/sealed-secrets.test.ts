/**
 * Secret variables at rest (sealed-secrets.ts, docs/variables.md "Secret values"): a secret
 * imported from a Postman or Bruno environment file is marked secret and its value is in
 * `variables.json` only sealed by the keystore's seal; with the keystore locked it stays sealed,
 * cannot be used, and a new secret value is refused naming the secret.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../../../main/api/services';
import type { CallArgs, CallName, CallResult } from '../../../../../main/api/contract';
import { fixtureText } from '../../../collections/fixtures';

const TARGET = 'embedded-sandbox';
const PASSPHRASE = 'sealed secrets test';

let dir: string;
let services: Services;
const launch = (passphrase?: string) =>
  createServices({
    kind: 'web',
    dataDir: dir,
    ...(passphrase ? { keystorePassphrase: passphrase } : {}),
  });
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sealed-secrets-'));
  services = launch(PASSPHRASE);
});
afterEach(async () => {
  await services.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function relaunch(passphrase?: string) {
  await services.dispose();
  services = launch(passphrase);
}

async function call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>> {
  const result = await services.dispatch(name, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.result as CallResult<N>;
}

async function psuPassword() {
  const all = await call('workspace.variables', {});
  return all[TARGET]!.environments['Customer B']!.psuPassword![0]!;
}

const importPostman = () =>
  services.dispatch('workspace.importEnvironment', {
    targetId: TARGET,
    format: 'postman',
    text: fixtureText('postman/customer-b.postman_environment.json'),
  });

describe('a secret from a Postman environment file', () => {
  it('is secret, usable, and in variables.json only sealed', async () => {
    expect((await importPostman()).ok).toBe(true);
    expect(await psuPassword()).toEqual({
      value: 'open-sesame',
      from: expect.stringContaining('imported from') as string,
      secret: true,
    });
    const stored = await readFile(join(dir, 'variables.json'), 'utf8');
    expect(stored).not.toContain('open-sesame');
    expect(stored).toContain('c-2f9a71');
    type Stored = { value: string; secret?: boolean; sealed?: string }[];
    const kept = (
      JSON.parse(stored) as Record<string, { environments: Record<string, Record<string, Stored>> }>
    )[TARGET]!.environments['Customer B']!.psuPassword![0]!;
    expect(kept).toMatchObject({ value: '', secret: true, sealed: expect.any(String) as string });
    expect(Buffer.from(kept.sealed!, 'base64').toString('latin1')).not.toContain('open-sesame');

    // The next launch opens it with the same keystore.
    await relaunch(PASSPHRASE);
    expect((await psuPassword()).value).toBe('open-sesame');
  });

  it('stays sealed while the keystore is locked, and is kept sealed when saved so', async () => {
    expect((await importPostman()).ok).toBe(true);
    await relaunch();
    const locked = await psuPassword();
    expect(locked).toMatchObject({ value: '', secret: true, sealed: expect.any(String) as string });
    // The composer saves what it was given: the seal survives, nothing is lost.
    const all = await call('workspace.variables', {});
    await call('workspace.saveVariables', { targetId: TARGET, variables: all[TARGET]! });
    await relaunch(PASSPHRASE);
    expect((await psuPassword()).value).toBe('open-sesame');
  });

  it('opens when the keystore is unlocked, and the views are told', async () => {
    expect((await importPostman()).ok).toBe(true);
    await relaunch();
    expect((await psuPassword()).value).toBe('');
    const told = new Promise((resolve) =>
      services.events.subscribe((name, payload) => {
        if (name === 'workspace.variablesChanged') resolve(payload);
      }),
    );
    await call('keystore.unlock', { passphrase: PASSPHRASE });
    expect((await psuPassword()).value).toBe('open-sesame');
    expect(await told).toEqual(await call('workspace.variables', {}));
  });

  it('is refused while the keystore is locked, naming the secret; nothing changes', async () => {
    await relaunch();
    const refused = await importPostman();
    expect(refused.ok).toBe(false);
    expect(!refused.ok && refused.error.message).toMatch(
      /The secret 'psuPassword' was not saved: unlock the keystore/,
    );
    expect(await call('workspace.variables', {})).toEqual({});
  });
});

describe('a secret from a Bruno environment file', () => {
  it('arrives secret from vars:secret, with no value in clear on disk', async () => {
    await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'bruno',
      text: fixtureText('bruno/psd2-sandbox/environments/Customer B.bru'),
      fileName: 'Customer B.bru',
    });
    expect(await psuPassword()).toMatchObject({ value: '', secret: true });
    // A value set by hand afterwards is sealed as an imported one is.
    const all = await call('workspace.variables', {});
    const target = all[TARGET]!;
    target.environments['Customer B']!.psuPassword = [
      { value: 'by-hand-secret', from: 'set by hand', secret: true },
    ];
    await call('workspace.saveVariables', { targetId: TARGET, variables: target });
    expect((await psuPassword()).value).toBe('by-hand-secret');
    expect(await readFile(join(dir, 'variables.json'), 'utf8')).not.toContain('by-hand-secret');
  });
});
