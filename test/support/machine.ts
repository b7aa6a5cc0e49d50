/**
 * What a test needs from the machine (Debian's Chromium, xmllint, PostgreSQL's server). CI installs every one of them
 * (.ci/run), so there a missing one is a failure, never a silent skip that shrinks coverage;
 * on a developer's machine the test is skipped and says what it needs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export type MachineTool = 'chromium' | 'xmllint' | 'postgres';

/** Debian's PostgreSQL server programs (initdb, pg_ctl), newest version first; none when absent. */
export function postgresBinaries(root = '/usr/lib/postgresql'): string | undefined {
  if (!existsSync(root)) return undefined;
  return readdirSync(root)
    .filter((version) => /^\d+$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(root, version, 'bin'))
    .find((bin) => existsSync(join(bin, 'initdb')) && existsSync(join(bin, 'pg_ctl')));
}

const present: Record<MachineTool, () => boolean> = {
  chromium: () => existsSync('/usr/bin/chromium'),
  xmllint: () => spawnSync('which', ['xmllint']).status === 0,
  postgres: () => postgresBinaries() !== undefined,
};

/**
 * Whether `tool` is here. In CI (`CI` set, as .ci/run runs) a missing tool throws, failing the
 * test that needs it; elsewhere it is false, for `skipIf(!has(…))`.
 */
export function has(
  tool: MachineTool,
  env: NodeJS.ProcessEnv = process.env,
  isPresent: () => boolean = present[tool],
): boolean {
  if (isPresent()) return true;
  if (env['CI']) throw new Error(`${tool} is missing in CI: .ci/run installs it; a test needs it`);
  return false;
}
