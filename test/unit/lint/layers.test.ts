/**
 * The layer map (eslint/layers.js) is enforced by the lint rule `workbench/layers`: plant imports
 * in files that do not exist and lint them with the repository's own configuration.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { layers } from '../../../eslint/layers.js';

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
      'main/core/bank/domain/planted.ts',
      "import { systemClock } from '../../clock.js';\nexport const planted = systemClock.now();\n",
    );
    expect(messages).toEqual([]);
  });

  it('refuses a value import of main/core in the renderer', async () => {
    const messages = await lint(
      'renderer/src/lib/planted.ts',
      "import { systemClock } from '../../../main/core/clock';\nexport const planted = systemClock.now();\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": renderer may not import foundation (../../../main/core/clock)',
    ]);
  });

  it('lets the renderer import only types from the contract', async () => {
    const typeOnly = await lint(
      'renderer/src/lib/planted.ts',
      "import type { CallName } from '../../../main/api/contract';\nexport type Planted = CallName;\n",
    );
    expect(typeOnly).toEqual([]);

    const value = await lint(
      'renderer/src/lib/planted.ts',
      "import { callNames } from '../../../main/api/contract';\nexport const planted = callNames;\n",
    );
    expect(layerMessages(value)).toEqual([
      'Layer rule "workbench/layers": renderer may not import api (../../../main/api/contract); only `import type` from main/api/contract/**',
    ]);
  });

  it('checks export-from, dynamic import() and import type as well', async () => {
    const messages = await lint(
      'main/core/runner/session/planted.ts',
      [
        "export { CHECKS } from '../../../../suites/index.js';",
        "export const later = () => import('../../../../suites/index.js');",
        "import type { RULES } from '../../../../suites/catalogue.js';",
        'export type Planted = typeof RULES;',
        '',
      ].join('\n'),
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": runner may not import suites (../../../../suites/index.js)',
      'Layer rule "workbench/layers": runner may not import suites (../../../../suites/index.js)',
      'Layer rule "workbench/layers": runner may not import suites (../../../../suites/catalogue.js)',
    ]);
  });

  it('keeps the bank and the signing client apart', async () => {
    const messages = await lint(
      'main/core/bank/domain/planted.ts',
      "import { signRequest } from '../../tpp/signer.js';\nexport const planted = signRequest;\n",
    );
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": bank may not import tpp (../../tpp/signer.js)',
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
      'renderer/src/lib/planted.ts',
      "import { SCA_SESSION_VALIDITY_MS } from '../../../main/core/spec/limits';\nexport const planted = SCA_SESSION_VALIDITY_MS;\n",
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
      'main/core/runner/session/planted.ts',
      "import { TrustStore } from '../../bank/trust/trust-store.js';\nexport const planted = TrustStore;\n",
    );
    expect(layerMessages(inside)).toEqual([
      'Layer rule "workbench/layers": runner may import bank only through its public files main/core/bank/index.ts (../../bank/trust/trust-store.js)',
    ]);

    const index = await lint(
      'main/core/runner/session/planted.ts',
      "import { TrustStore } from '../../bank/index.js';\nexport const planted = TrustStore;\n",
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

/**
 * One planted file on each floor: an import of a floor it may not reach is refused with both
 * floors named, and an import it may make passes. Floors that assemble their layer (`'*'`) have
 * no refused import.
 */
const FLOORS: { floor: string; file: string; refused?: [string, string]; allowed: string }[] = [
  {
    floor: 'bank-faults',
    file: 'main/core/bank/faults/planted.ts',
    refused: ['../domain/model.js', 'bank-domain'],
    allowed: './fault.js',
  },
  {
    floor: 'bank-http',
    file: 'main/core/bank/http/planted.ts',
    refused: ['../context/request-context.js', 'bank-context'],
    allowed: './messages.js',
  },
  {
    floor: 'bank-domain',
    file: 'main/core/bank/domain/planted.ts',
    refused: ['../context/request-context.js', 'bank-context'],
    allowed: '../http/refusal.js',
  },
  {
    floor: 'bank-context',
    file: 'main/core/bank/context/planted.ts',
    refused: ['../handlers/routes.js', 'bank-handlers'],
    allowed: '../domain/model.js',
  },
  {
    floor: 'bank-trust',
    file: 'main/core/bank/trust/planted.ts',
    refused: ['../stages/certificate.js', 'bank-stages'],
    allowed: '../http/refusal.js',
  },
  {
    floor: 'bank-stages',
    file: 'main/core/bank/stages/planted.ts',
    refused: ['../handlers/routes.js', 'bank-handlers'],
    allowed: '../trust/trust-store.js',
  },
  {
    floor: 'bank-handlers',
    file: 'main/core/bank/handlers/planted.ts',
    refused: ['../stages/session.js', 'bank-stages'],
    allowed: '../context/request-context.js',
  },
  {
    floor: 'bank-openapi',
    file: 'main/core/bank/openapi/planted.ts',
    refused: ['../handlers/routes.js', 'bank-handlers'],
    allowed: '../context/request-context.js',
  },
  {
    floor: 'bank-answers',
    file: 'main/core/bank/answers/planted.ts',
    refused: ['../log/request-log.js', 'bank-log'],
    allowed: '../context/request-context.js',
  },
  {
    floor: 'bank-listener',
    file: 'main/core/bank/listener/planted.ts',
    refused: ['../answers/response.js', 'bank-answers'],
    allowed: '../http/messages.js',
  },
  {
    floor: 'bank-log',
    file: 'main/core/bank/log/planted.ts',
    refused: ['../handlers/payments/duplicates.js', 'bank-handlers'],
    allowed: '../domain/payments.js',
  },
  {
    floor: 'bank-store',
    file: 'main/core/bank/store/planted.ts',
    refused: ['../engine/state-engine.js', 'bank-engine'],
    allowed: '../log/request-log.js',
  },
  {
    floor: 'bank-engine',
    file: 'main/core/bank/engine/planted.ts',
    refused: ['../handlers/consents.js', 'bank-handlers'],
    allowed: '../store/bank-database.js',
  },
  {
    floor: 'bank-plans',
    file: 'main/core/bank/plans/planted.ts',
    refused: ['../admin/answers.js', 'bank-admin'],
    allowed: '../log/tpp-findings/recorder.js',
  },
  {
    floor: 'bank-state',
    file: 'main/core/bank/state.ts',
    refused: ['./bank.js', 'bank-assembly'],
    allowed: './domain/model.js',
  },
  {
    floor: 'bank-assembly',
    file: 'main/core/bank/assembly/planted.ts',
    refused: ['../admin/admin-api.js', 'bank-admin'],
    allowed: '../stages/session.js',
  },
  {
    floor: 'bank-admin',
    file: 'main/core/bank/admin/planted.ts',
    refused: ['../stages/session.js', 'bank-stages'],
    allowed: '../plans/plan-run.js',
  },
  { floor: 'bank-surface', file: 'main/core/bank/index.ts', allowed: './admin/admin-api.js' },
  {
    floor: 'runner-check-api',
    file: 'main/core/runner/check-api/planted.ts',
    refused: ['../engine/run.js', 'runner-engine'],
    allowed: './rule.js',
  },
  {
    floor: 'runner-target-profile',
    file: 'main/core/runner/target-profile/planted.ts',
    refused: ['../targets/preflight.js', 'runner-targets'],
    allowed: './schema.js',
  },
  {
    floor: 'runner-engine',
    file: 'main/core/runner/engine/planted.ts',
    refused: ['../reporters/json.js', 'runner-reporters'],
    allowed: '../check-api/index.js',
  },
  {
    floor: 'runner-results',
    file: 'main/core/runner/results/planted.ts',
    refused: ['../reporters/json.js', 'runner-reporters'],
    allowed: '../engine/answer-rules.js',
  },
  {
    floor: 'runner-reporters',
    file: 'main/core/runner/reporters/planted.ts',
    refused: ['../session/run.js', 'runner-session'],
    allowed: '../results/report-result.js',
  },
  {
    floor: 'runner-evidence',
    file: 'main/core/runner/evidence/planted.ts',
    refused: ['../session/run.js', 'runner-session'],
    allowed: '../reporters/json.js',
  },
  {
    floor: 'runner-targets',
    file: 'main/core/runner/targets/planted.ts',
    refused: ['../doctor/credentials.js', 'runner-doctor'],
    allowed: '../target-profile/index.js',
  },
  {
    floor: 'runner-doctor',
    file: 'main/core/runner/doctor/planted.ts',
    refused: ['../session/run.js', 'runner-session'],
    allowed: '../targets/target-mode.js',
  },
  {
    floor: 'runner-session',
    file: 'main/core/runner/session/planted.ts',
    refused: ['../index.js', 'runner-surface'],
    allowed: '../doctor/own-identity.js',
  },
  { floor: 'runner-surface', file: 'main/core/runner/index.ts', allowed: './session/run.js' },
  {
    floor: 'renderer-lib',
    file: 'renderer/src/lib/planted.ts',
    refused: ['../components/CopyButton', 'renderer-components'],
    allowed: './format',
  },
  {
    floor: 'renderer-api',
    file: 'renderer/src/api/planted.ts',
    refused: ['../features/composer/store', 'feature composer'],
    allowed: './websocket-bridge',
  },
  {
    floor: 'renderer-components',
    file: 'renderer/src/components/planted.ts',
    refused: ['../app/shell-store', 'renderer-app'],
    allowed: '../lib/format',
  },
  {
    floor: 'renderer-state',
    file: 'renderer/src/state/planted.ts',
    refused: ['../features/composer/store', 'feature composer'],
    allowed: './targets-store',
  },
  {
    floor: 'feature',
    file: 'renderer/src/features/about/planted.ts',
    refused: ['../targets/components/TargetSwitcher', 'feature targets'],
    allowed: '../../components/CopyButton',
  },
  {
    floor: 'renderer-app',
    file: 'renderer/src/app/planted.ts',
    allowed: '../features/composer/store',
  },
];

describe('the floors inside the bank, the runner and the renderer', () => {
  const planted = (specifier: string) =>
    `import * as planted from '${specifier}';\nexport { planted };\n`;

  it('has one planted case for every floor of the map', () => {
    const floors = layers.flatMap((layer) => layer.floors ?? []).map((floor) => floor.name);
    expect(FLOORS.map((entry) => entry.floor).sort()).toEqual([...floors].sort());
  });

  it.each(FLOORS)('$floor: refuses a floor it may not import, passes one it may', async (entry) => {
    if (entry.refused !== undefined) {
      const [specifier, to] = entry.refused;
      const from = entry.floor === 'feature' ? 'feature about' : entry.floor;
      expect(layerMessages(await lint(entry.file, planted(specifier)))).toEqual([
        `Layer rule "workbench/layers": ${from} may not import ${to} (${specifier})`,
      ]);
    }
    expect(layerMessages(await lint(entry.file, planted(entry.allowed)))).toEqual([]);
  });

  it('names only floors of the same layer, and no floor reaches itself through the others', () => {
    for (const layer of layers) {
      const floors = new Map((layer.floors ?? []).map((floor) => [floor.name, floor]));
      const reaches = (name: string, seen: Set<string>): boolean => {
        const imports = floors.get(name)?.mayImport;
        if (!Array.isArray(imports)) return false;
        return imports.some((next) => seen.has(next) || reaches(next, new Set([...seen, next])));
      };
      for (const floor of floors.values()) {
        if (Array.isArray(floor.mayImport))
          expect(floor.mayImport.filter((name) => !floors.has(name))).toEqual([]);
        expect(reaches(floor.name, new Set([floor.name]))).toBe(false);
      }
    }
  });

  it('keeps every feature apart: what two screens share they read from the state floor', async () => {
    const crossing = await lint(
      'renderer/src/features/composer/planted.ts',
      planted('../targets/components/TargetSwitcher'),
    );
    expect(layerMessages(crossing)).toEqual([
      'Layer rule "workbench/layers": feature composer may not import feature targets (../targets/components/TargetSwitcher)',
    ]);

    const shared = await lint(
      'renderer/src/features/composer/planted.ts',
      planted('../../state/targets-store'),
    );
    expect(layerMessages(shared)).toEqual([]);
  });

  it('keeps the shared state below the screens and the shell', async () => {
    const app = await lint('renderer/src/state/planted.ts', planted('../app/shell-store'));
    expect(layerMessages(app)).toEqual([
      'Layer rule "workbench/layers": renderer-state may not import renderer-app (../app/shell-store)',
    ]);

    const components = await lint(
      'renderer/src/components/planted.ts',
      planted('../state/targets-store'),
    );
    expect(layerMessages(components)).toEqual([
      'Layer rule "workbench/layers": renderer-components may not import renderer-state (../state/targets-store)',
    ]);
  });

  it('reports a file of a layer with floors that is on none of them', async () => {
    const messages = await lint('main/core/bank/planted.ts', 'export const planted = 1;\n');
    expect(layerMessages(messages)).toEqual([
      'Layer rule "workbench/layers": main/core/bank/planted.ts is on no floor of bank; add it to eslint/layers.js',
    ]);
  });
});
