/**
 * Reads lists straight from the interface spec, so a dropped or added entry fails a test. The
 * spec lives beside the repository in ../shared/spec (as on every developer machine and in CI);
 * PSD2_SPEC_DIR overrides that.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const REPOSITORY = join(import.meta.dirname, '../../..');
const CANDIDATES = [process.env.PSD2_SPEC_DIR, join(REPOSITORY, '../shared/spec')].filter(
  (dir): dir is string => dir !== undefined,
);

const SPEC_DIR = CANDIDATES.find((dir) => existsSync(join(dir, 'interface-spec.md')));
if (!SPEC_DIR)
  throw new Error(
    `interface-spec.md not found in ${CANDIDATES.join(', ')}; set PSD2_SPEC_DIR to the spec folder`,
  );

export const specText = readFileSync(join(SPEC_DIR, 'interface-spec.md'), 'utf8');
export const decisionsText = readFileSync(join(SPEC_DIR, 'decisions.md'), 'utf8');

/** The comma-separated list after `marker` up to the next period + newline. */
export function listAfter(marker: string, text: string = specText): string[] {
  const start = text.indexOf(marker);
  if (start < 0) throw new Error(`spec text: marker not found: ${marker}`);
  const rest = text.slice(start + marker.length);
  const end = rest.search(/\.\s*\n/);
  return rest
    .slice(0, end)
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The body of a markdown section that starts with `heading`, up to the next heading. */
export function section(heading: string): string {
  const start = specText.indexOf(heading);
  if (start < 0) throw new Error(`spec text: heading not found: ${heading}`);
  const rest = specText.slice(start + heading.length);
  const end = rest.search(/\n#{2,4} /);
  return end < 0 ? rest : rest.slice(0, end);
}
