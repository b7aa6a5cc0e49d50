/**
 * The spec documents as tests read them, from the repository's own docs/spec/ (the interface
 * spec, decisions.md and the Berlin Group 1.3.8 OpenAPI), so a clone on its own passes. Lists
 * are read straight from the spec text, so a dropped or added entry fails a test.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const SPEC_DIR = join(import.meta.dirname, '../../../docs/spec');

export const specText = readFileSync(join(SPEC_DIR, 'interface-spec.md'), 'utf8');
export const decisionsText = readFileSync(join(SPEC_DIR, 'decisions.md'), 'utf8');
/** Berlin Group NextGenPSD2 1.3.8, for what the interface spec leaves "not shown". */
export const berlinGroupOpenApiText = readFileSync(
  join(SPEC_DIR, 'berlin-group/psd2-api-1.3.8.openapi.yaml'),
  'utf8',
);

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
