/**
 * What a test needs from the machine (Debian's Chromium, xmllint). CI installs every one of them
 * (.ci/run), so there a missing one is a failure, never a silent skip that shrinks coverage;
 * on a developer's machine the test is skipped and says what it needs.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export type MachineTool = 'chromium' | 'xmllint';

const present: Record<MachineTool, () => boolean> = {
  chromium: () => existsSync('/usr/bin/chromium'),
  xmllint: () => spawnSync('which', ['xmllint']).status === 0,
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
