/**
 * The evidence line PSU steps leave when they complete an SCA: which pages it played and where
 * the bank sent the browser back. Written by the runner (main/core/runner/targets/psu-adapter.ts) and
 * read back by the sequence picture of a check's evidence — one format, in one place.
 */

export interface PsuPlayedNote {
  /** How the PSU was played: `headless` (HTTP) or `browser`. */
  how: string;
  /** The PSU steps' name, e.g. `workbench-bank`. */
  script: string;
  /** The pages submitted, by step name, in order (`?` for a page without one). */
  played: string[];
  /** The URL the bank sent the PSU's browser back to (TPP-Redirect-URI with §6.1/§6.2 query). */
  redirectUrl: string;
}

const SEPARATOR = ' → ';
const NO_PAGE = 'no page';

export function psuPlayedNote(note: PsuPlayedNote): string {
  const played = note.played.length > 0 ? note.played.join(SEPARATOR) : NO_PAGE;
  return `PSU (${note.how}, script ${note.script}): played ${played}; sent back to ${note.redirectUrl}`;
}

const NOTE = /^PSU \(([^,]+), script ([^)]+)\): played (.*); sent back to (\S+)$/;

/** The note's parts, or undefined for any other note. */
export function parsePsuPlayedNote(text: string): PsuPlayedNote | undefined {
  const match = NOTE.exec(text);
  if (!match) return undefined;
  const played = match[3] === NO_PAGE ? [] : match[3]!.split(SEPARATOR);
  return { how: match[1]!, script: match[2]!, played, redirectUrl: match[4]! };
}
