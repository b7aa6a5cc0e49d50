/**
 * Environment files in and out of a target's environments (workspace-service.ts,
 * environment-formats.ts): a Postman environment export and a Bruno `environments/NAME.bru` arrive
 * with every value, the empty ones kept and the secret ones marked, and leave as the same file;
 * a file of another kind is refused naming what it is, and nothing saved changes.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import bruno from '@usebruno/lang';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../../main/api/services';
import type { CallArgs, CallName, CallResult } from '../../../main/api/contract';
import { fixtureText } from '../collections/fixtures';

const TARGET = 'embedded-sandbox';
const POSTMAN_FILE = 'postman/customer-b.postman_environment.json';
const BRUNO_FILE = 'bruno/psd2-sandbox/environments/Customer B.bru';

let dir: string;
let services: Services;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'workspace-environments-'));
  // Open keystore: a secret value is kept sealed by it (sealed-secrets.test.ts).
  services = createServices({ kind: 'web', dataDir: dir, keystorePassphrase: 'environments test' });
});
afterEach(async () => {
  await services.dispose();
  await rm(dir, { recursive: true, force: true });
});

async function call<N extends CallName>(name: N, args: CallArgs<N>): Promise<CallResult<N>> {
  const result = await services.dispatch(name, args);
  if (!result.ok) throw new Error(result.error.message);
  return result.result as CallResult<N>;
}

async function refusal<N extends CallName>(name: N, args: CallArgs<N>) {
  const result = await services.dispatch(name, args);
  if (result.ok) throw new Error(`${name} was not refused`);
  return result.error.message;
}

/** Name → [value, secret] of one environment. */
async function environment(name: string) {
  const all = await call('workspace.variables', {});
  return Object.fromEntries(
    Object.entries(all[TARGET]!.environments[name]!).map(([key, [v]]) => [
      key,
      [v!.value, v!.secret === true],
    ]),
  );
}

interface PostmanEnvironment {
  name: string;
  values: { key: string; value: string; enabled: boolean; type: string }[];
  _postman_variable_scope: string;
}

describe('a Postman environment file', () => {
  it('arrives with all five values, the empty and the secret one too, and leaves the same', async () => {
    const imported = await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      text: fixtureText(POSTMAN_FILE),
      fileName: 'customer-b.postman_environment.json',
    });
    expect(imported).toMatchObject({ imported: 'Customer B', notes: [] });
    // A new environment beside `default`, which stays the active one.
    expect(imported.variables[TARGET]!.active).toBe('default');
    expect(await environment('Customer B')).toEqual({
      baseUrl: ['http://127.0.0.1:8080', false],
      consentId: ['c-2f9a71', false],
      psuId: ['PSU-CUSTOMER-B', false],
      psuCorporateId: ['', false],
      psuPassword: ['open-sesame', true],
    });

    const exported = await call('workspace.exportEnvironment', {
      targetId: TARGET,
      environment: 'Customer B',
      format: 'postman',
    });
    expect(exported.fileName).toBe('Customer B.postman_environment.json');
    const written = JSON.parse(exported.text) as PostmanEnvironment;
    const original = JSON.parse(fixtureText(POSTMAN_FILE)) as PostmanEnvironment;
    expect(written).toMatchObject({ name: 'Customer B', _postman_variable_scope: 'environment' });
    // A secret leaves marked secret, with no value (docs/variables.md, "Secret values").
    expect(written.values).toEqual(
      original.values.map((v) => (v.type === 'secret' ? { ...v, value: '' } : v)),
    );
    expect(exported.text).not.toContain('open-sesame');
    expect(exported.notes).toEqual([
      "The values of the secret 'psuPassword' are not in the file: a secret's value never leaves the workbench (the file marks it secret, with no value).",
    ]);

    // The file written imports again as the same environment, under a free name.
    const again = await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      text: exported.text,
    });
    expect(again.imported).toBe('Customer B (2)');
    expect(await environment('Customer B (2)')).toEqual({
      ...(await environment('Customer B')),
      psuPassword: ['', true],
    });
  });

  it('is told from a collection and from other JSON; nothing saved changes', async () => {
    expect(
      await refusal('workspace.importEnvironment', {
        targetId: TARGET,
        format: 'postman',
        text: fixtureText('postman/psd2-sandbox.postman_collection.json'),
        fileName: 'psd2-sandbox.postman_collection.json',
      }),
    ).toMatch(/psd2-sandbox\.postman_collection\.json is a Postman collection, not an environment/);
    expect(
      await refusal('workspace.importEnvironment', {
        targetId: TARGET,
        format: 'postman',
        text: '{ "name": "x", "values": [] }',
      }),
    ).toMatch(/not a Postman environment: it has no _postman_variable_scope "environment"/);
    expect(
      await refusal('workspace.importEnvironment', {
        targetId: TARGET,
        format: 'postman',
        text: '{ "values": ',
        fileName: 'broken.json',
      }),
    ).toMatch(/broken\.json is not JSON/);
    expect(await call('workspace.variables', {})).toEqual({});
  });

  it('leaves out what a variable cannot hold, naming it', async () => {
    const imported = await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      name: 'mixed',
      text: JSON.stringify({
        name: 'x',
        _postman_variable_scope: 'environment',
        values: [
          { key: 'kept', value: 'v', enabled: true },
          { key: 'off', value: 'v', enabled: false },
          { key: 'base url', value: 'v', enabled: true },
          { key: 'twoLines', value: 'a\nb', enabled: true },
          { key: 'kept', value: 'again', enabled: true },
        ],
      }),
    });
    expect(imported.imported).toBe('mixed');
    expect(Object.keys(await environment('mixed'))).toEqual(['kept']);
    expect(imported.notes.join('\n')).toMatch(/disabled values 'off'/);
    expect(imported.notes.join('\n')).toMatch(/'base url': a variable name is a letter/);
    expect(imported.notes.join('\n')).toMatch(/'twoLines': a value is one line/);
    expect(imported.notes.join('\n')).toMatch(/second value of 'kept': the first one is kept/);
    expect(await environment('mixed')).toEqual({ kept: ['v', false] });
  });
});

describe('a Bruno environment file', () => {
  it('arrives named by its file, the empty value kept, the secret one marked, and leaves the same', async () => {
    const imported = await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'bruno',
      text: fixtureText(BRUNO_FILE),
      fileName: 'environments/Customer B.bru',
    });
    expect(imported.imported).toBe('Customer B');
    expect(imported.notes).toEqual([
      "Left out the disabled values 'debugTrace': they are not part of what is sent.",
    ]);
    expect(await environment('Customer B')).toEqual({
      baseUrl: ['http://127.0.0.1:8080', false],
      consentId: ['c-2f9a71', false],
      psuCorporateId: ['', false],
      psuPassword: ['', true],
    });

    const exported = await call('workspace.exportEnvironment', {
      targetId: TARGET,
      environment: 'Customer B',
      format: 'bruno',
    });
    expect(exported.fileName).toBe('Customer B.bru');
    expect(bruno.bruToEnvJsonV2(exported.text)).toEqual({
      variables: [
        { name: 'baseUrl', value: 'http://127.0.0.1:8080', enabled: true, secret: false },
        { name: 'consentId', value: 'c-2f9a71', enabled: true, secret: false },
        { name: 'psuCorporateId', value: '', enabled: true, secret: false },
        { name: 'psuPassword', value: '', enabled: true, secret: true },
      ],
    });
  });

  it('writes no secret value: Bruno keeps secrets out of its files', async () => {
    await call('workspace.importEnvironment', {
      targetId: TARGET,
      format: 'postman',
      text: fixtureText(POSTMAN_FILE),
    });
    const exported = await call('workspace.exportEnvironment', {
      targetId: TARGET,
      environment: 'Customer B',
      format: 'bruno',
    });
    expect(exported.text).not.toContain('open-sesame');
    expect(exported.text).toMatch(/vars:secret \[\s+psuPassword\s+\]/);
    expect(exported.notes.join('\n')).toMatch(/secret 'psuPassword' are not in the file/);
  });

  it('refuses a file with a syntax error, and an environment that is not there', async () => {
    expect(
      await refusal('workspace.importEnvironment', {
        targetId: TARGET,
        format: 'bruno',
        text: 'vars {\n  a: 1\n',
        fileName: 'Local.bru',
      }),
    ).toMatch(/Local\.bru is not a valid Bruno environment file/);
    expect(
      await refusal('workspace.exportEnvironment', {
        targetId: TARGET,
        environment: 'nope',
        format: 'bruno',
      }),
    ).toMatch(/'embedded-sandbox' has no variables or environments yet/);
    await call('workspace.importEnvironment', { targetId: TARGET, format: 'bruno', text: '' });
    expect(
      await refusal('workspace.exportEnvironment', {
        targetId: TARGET,
        environment: 'nope',
        format: 'bruno',
      }),
    ).toMatch(/no environment 'nope' \(it has default, imported\)/);
  });
});

describe('an empty value', () => {
  it('can be kept in an environment', async () => {
    await call('workspace.saveVariables', {
      targetId: TARGET,
      variables: {
        active: 'default',
        environments: { default: { psuCorporateId: [{ value: '', from: 'set by hand' }] } },
      },
    });
    expect(await environment('default')).toEqual({ psuCorporateId: ['', false] });
  });
});
