/**
 * The layer map (eslint/layers.js) is enforced by the lint rule `workbench/layers`: plant imports
 * in files that do not exist and lint them with the repository's own configuration.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const RULE = 'workbench/layers';

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string): Promise<ESLint.LintResult['messages']> {
  const [result] = await eslint.lintText(code, { filePath });
  return result?.messages ?? [];
}

function layerMessages(messages: ESLint.LintResult['messages']): string[] {
  return messages.filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the layer rule', () => {
  it('refuses an upward import and names the rule', async () => {
    const messages = await lint(
      'main/core/spec/planted.ts',
      "import { Bank } from '../bank/bank.js';\nexport const planted = Bank;\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": spec may not import bank (../bank/bank.js)',
    ]);
  });

  it('allows an import of a lower layer', async () => {
    const messages = await lint(
      'main/core/bank/planted.ts',
      "import { systemClock } from '../clock.js';\nexport const planted = systemClock.now();\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a value import of main/core in the renderer', async () => {
    const messages = await lint(
      'renderer/src/planted.ts',
      "import { systemClock } from '../../main/core/clock';\nexport const planted = systemClock.now();\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": renderer may not import foundation (../../main/core/clock)',
    ]);
  });

  it('lets the renderer import only types from the contract', async () => {
    const typeOnly = await lint(
      'renderer/src/planted.ts',
      "import type { CallName } from '../../main/api/contract';\nexport type Planted = CallName;\n",
    );
    expect(typeOnly).toEqual([]);

    const value = await lint(
      'renderer/src/planted.ts',
      "import { callNames } from '../../main/api/contract';\nexport const planted = callNames;\n",
    );
    expect(layerMessages(value)).toEqual([
      'Layer rule "workbench/layers": renderer may not import api (../../main/api/contract); only `import type` from main/api/contract/**',
    ]);
  });

  it('checks export-from, dynamic import() and import type as well', async () => {
    const messages = await lint(
      'main/core/runner/planted.ts',
      [
        "export { CHECKS } from '../../../suites/index.js';",
        "export const later = () => import('../../../suites/index.js');",
        "import type { RULES } from '../../../suites/catalogue.js';",
        'export type Planted = typeof RULES;',
        '',
      ].join('\n'),
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": runner may not import suites (../../../suites/index.js)',
      'Layer rule "workbench/layers": runner may not import suites (../../../suites/index.js)',
      'Layer rule "workbench/layers": runner may not import suites (../../../suites/catalogue.js)',
    ]);
  });

  it('keeps the bank and the signing client apart', async () => {
    const messages = await lint(
      'main/core/bank/planted.ts',
      "import { signRequest } from '../tpp/signer.js';\nexport const planted = signRequest;\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": bank may not import tpp (../tpp/signer.js)',
    ]);
  });

  it('lets suites reach the runner only through its check API', async () => {
    const checkApi = await lint(
      'suites/general/planted.ts',
      "import { defineCheck } from '../../main/core/runner/check-api/index.js';\nexport const planted = defineCheck;\n",
    );
    expect(checkApi).toEqual([]);

    const engine = await lint(
      'suites/general/planted.ts',
      "import { runSuite } from '../../main/core/runner/engine.js';\nexport const planted = runSuite;\n",
    );
    expect(layerMessages(engine)).toEqual([
      'Layer rule "workbench/layers": suites may not import runner (../../main/core/runner/engine.js); only main/core/runner/check-api/**',
    ]);
  });

  it('keeps the bank out of suites: a check judges it over HTTP only', async () => {
    const bank = await lint(
      'suites/general/planted.ts',
      "import { createBank } from '../../main/core/bank/index.js';\nexport const planted = createBank;\n",
    );
    expect(layerMessages(bank)).toEqual([
      'Layer rule "workbench/layers": suites may not import bank (../../main/core/bank/index.js)',
    ]);
  });

  it('lets the renderer read the pure spec layer, and keeps Node out of it', async () => {
    const spec = await lint(
      'renderer/src/planted.ts',
      "import { SCA_SESSION_VALIDITY_MS } from '../../main/core/spec/limits';\nexport const planted = SCA_SESSION_VALIDITY_MS;\n",
    );
    expect(spec).toEqual([]);

    const node = await lint(
      'main/core/spec/planted.ts',
      "import { readFileSync } from 'node:fs';\nexport const planted = readFileSync;\n",
    );
    expect(layerMessages(node)).toEqual([
      'Layer rule "workbench/layers": spec may not import the package node:fs (node:fs)',
    ]);
  });

  it('lets the layers above reach the bank only through its index.ts', async () => {
    const inside = await lint(
      'main/core/runner/planted.ts',
      "import { TrustStore } from '../bank/trust/trust-store.js';\nexport const planted = TrustStore;\n",
    );
    expect(layerMessages(inside)).toEqual([
      'Layer rule "workbench/layers": runner may import bank only through its public files main/core/bank/index.ts (../bank/trust/trust-store.js)',
    ]);

    const index = await lint(
      'main/core/runner/planted.ts',
      "import { TrustStore } from '../bank/index.js';\nexport const planted = TrustStore;\n",
    );
    expect(index).toEqual([]);
  });

  it('keeps Electron out of main/core', async () => {
    const messages = await lint(
      'main/core/persistence/planted.ts',
      "import { app } from 'electron';\nexport const planted = app;\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": primitives may not import the package electron (electron)',
    ]);
  });
});
