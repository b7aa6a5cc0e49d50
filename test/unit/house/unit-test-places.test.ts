/**
 * Unit tests follow the code: `test/unit/<area>/<path>.test.ts` tests the source file it names,
 * so a reader of a file finds its test at the mirrored path and a test's name says what it tests.
 * `<area>` is a folder of `main/core` (bank, runner, …), or one of the other source roots below;
 * `<path>` is a file under it without its extension, or a folder with an `index.ts`. A test that
 * names no source file is either cross-cutting (it checks a fact of the whole repository) or not
 * yet placed; both lists are here, and each entry must still be true.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The test folders that mirror a source root other than `main/core/<area>`. */
const SOURCE_ROOTS: Readonly<Record<string, string>> = {
  api: 'main/api',
  hosts: 'main/hosts',
  shared: 'main/shared',
  renderer: 'renderer/src',
  suites: 'suites',
  soak: 'bench/soak',
  bench: 'bench',
  lint: 'eslint',
  support: 'test/support',
};

/** Tests of a fact of the repository as a whole, which no one source file holds. */
const CROSS_CUTTING = new Set([
  // This rule itself, and the house's rules over all the source: one exported name per thing,
  // the length of functions and files, no ring of imports.
  'house/unit-test-places',
  'house/exported-names',
  'house/function-length',
  'house/import-cycles',
  // The build, the package and the scripts: configuration files, not modules.
  'hosts/build-config',
  'hosts/package-docs',
  'hosts/packaging',
  'hosts/start-script',
  'hosts/test-script',
  // The desktop build's copy of the optional format libraries, against package-lock.json.
  'hosts/desktop-format-libraries',
  // The package's library entry (main/library.ts) as built: its whole module graph.
  'hosts/library-entry',
  // SECURITY.md's findings and the Electron windows' settings, over all of main/.
  'hosts/security-scan',
  'hosts/electron-security',
  // /openapi.json against every route and schema of the bank.
  'bank/openapi-completeness',
  // The project's schemas against the Berlin Group OpenAPI, across the bank's answers.
  'bank/ais/berlin-group',
  'bank/payments/berlin-group',
  // The rule catalogue and the check registry against each other and the spec.
  'suites/rules',
  'suites/registry',
  'spec/lists',
]);

/**
 * Tests named after a behaviour that spans several files, not yet split by the file they test.
 * The list may only shrink: a test moved to its mirrored path must leave it.
 */
const NOT_YET_PLACED = new Set([
  'api/runner-profile',
  'api/session-truth',
  'api/targets-profiles',
  'api/workspace-environments',
  'bank/ais/paging',
  'bank/domain/due-queue',
  'bank/lifecycle',
  'bank/payments/due-payments',
  'bank/routeAndHeaders',
  'bank/sca/risk-and-sessions',
  'hosts/cli-load',
  'hosts/cli-next-step',
  'hosts/run-command-ci',
  'hosts/target-init-signer',
  'renderer/composer-foreign-origin',
  'renderer/lib',
  'renderer/runner-attempts-store',
  'renderer/runner-waiting',
  'renderer/stores',
  'runner/console-json',
  'runner/doctor/certificate-checks',
  'runner/doctor/wording',
  'runner/engine-target-lost',
  'runner/html-coverage',
  'runner/screenshot-evidence',
  'runner/target-profile/profile',
  'runner/transport-error',
  'signature/key-id-issuer',
  'suites/kit',
  'tpp/psu-recorder-hosts',
  'tpp/psu-recorder',
]);

const UNIT = 'test/unit';

/** Every unit test as `<area>/<path>` (no `.test.ts`). */
async function unitTests(): Promise<string[]> {
  const entries = await readdir(UNIT, { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.test.ts'))
    .map((entry) => entry.replaceAll('\\', '/').slice(0, -'.test.ts'.length))
    .sort();
}

/** The source file or folder index a test name stands for, if one exists. */
function namedSource(test: string): string | undefined {
  const [area, ...rest] = test.split('/');
  const base =
    rest.length === 0
      ? join('main/core', area!)
      : join(SOURCE_ROOTS[area!] ?? join('main/core', area!), ...rest);
  return ['.ts', '.tsx', '.js', '/index.ts']
    .map((ending) => base + ending)
    .find((path) => existsSync(path));
}

describe('unit tests mirror the source files they test', () => {
  it('every unit test names a source file, or is listed with its reason', async () => {
    const misplaced = (await unitTests()).filter(
      (test) => !namedSource(test) && !CROSS_CUTTING.has(test) && !NOT_YET_PLACED.has(test),
    );
    expect(misplaced, 'move each to test/unit/<area>/<path of its file>.test.ts').toEqual([]);
  });

  it('every listed test exists and names no source file (else it leaves the list)', async () => {
    const tests = new Set(await unitTests());
    const stale = [...CROSS_CUTTING, ...NOT_YET_PLACED].filter(
      (test) => !tests.has(test) || namedSource(test) !== undefined,
    );
    expect(stale).toEqual([]);
  });

  it('reads the mirror as described', () => {
    expect(namedSource('runner/session/run')).toBe('main/core/runner/session/run.ts');
    expect(namedSource('clock')).toBe('main/core/clock.ts');
    expect(namedSource('signature')).toBe('main/core/signature/index.ts');
    expect(namedSource('hosts/cli/run-command')).toBe('main/hosts/cli/run-command.ts');
    expect(namedSource('renderer/lib/json-view')).toBe('renderer/src/lib/json-view.ts');
    expect(namedSource('runner/engine')).toBeUndefined();
  });
});
