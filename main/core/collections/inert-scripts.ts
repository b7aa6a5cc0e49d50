/**
 * The scripts of Postman and Bruno files (Postman `event` lists, Bruno `script:pre-request`,
 * `script:post-response` and `tests` blocks) as inert text on the request, folder or collection
 * that carried them, and back into each format unchanged. Nothing here runs a script, and
 * nothing elsewhere may: a collection file is untrusted input. Pure.
 */
import { type ImportNotes } from './import-notes.js';
import type { InertScript, ScriptPhase } from './model.js';

/** Postman's `listen` names and the phases they stand for (Postman runs `test` after the answer). */
const POSTMAN_PHASE: Readonly<Record<string, ScriptPhase>> = {
  prerequest: 'pre-request',
  test: 'tests',
};
const POSTMAN_LISTEN: Readonly<Record<ScriptPhase, string>> = {
  'pre-request': 'prerequest',
  'post-response': 'test',
  tests: 'test',
};

/** A Postman event as the SDK or postman-plain.ts reads it (the fields used here). */
export interface PostmanEventLike {
  listen?: string;
  disabled?: boolean;
  script?: { exec?: string[] | string };
}

/** A Postman event list as inert scripts; an event of another kind (or disabled) is noted. */
export function scriptsFromPostman(
  events: readonly PostmanEventLike[],
  notes: ImportNotes,
): InertScript[] | undefined {
  const scripts: InertScript[] = [];
  for (const event of events) {
    const phase = POSTMAN_PHASE[event.listen ?? ''];
    const exec = event.script?.exec ?? [];
    const text = Array.isArray(exec) ? exec.join('\n') : exec;
    if (!phase || event.disabled) {
      notes.add(`events:other`, (n) => `Left out ${n} disabled or unknown script event(s).`);
      continue;
    }
    if (text.trim()) scripts.push({ phase, text });
  }
  return scripts.length > 0 ? scripts : undefined;
}

/** Inert scripts as a Postman event list, each with its lines as `exec`. */
export function postmanEvents(scripts: readonly InertScript[] | undefined) {
  return (scripts ?? []).map(({ phase, text }) => ({
    listen: POSTMAN_LISTEN[phase],
    script: { type: 'text/javascript', exec: text.split('\n') },
  }));
}

/** What `@usebruno/lang` reads from and writes to a file's script blocks. */
export interface BruScripts {
  script?: { req?: string; res?: string };
  tests?: string;
}

/** The script blocks of a `.bru` file (a request, `folder.bru` or `collection.bru`). */
export function scriptsFromBruno(bru: BruScripts): InertScript[] | undefined {
  const blocks: [ScriptPhase, string | undefined][] = [
    ['pre-request', bru.script?.req],
    ['post-response', bru.script?.res],
    ['tests', bru.tests],
  ];
  const scripts = blocks
    .filter((block): block is [ScriptPhase, string] => Boolean(block[1]?.trim()))
    .map(([phase, text]) => ({ phase, text }));
  return scripts.length > 0 ? scripts : undefined;
}

/** Inert scripts as Bruno's blocks; scripts of one phase (from Postman) share a block. */
export function brunoBlocks(scripts: readonly InertScript[] | undefined): BruScripts {
  const of = (phase: ScriptPhase) => {
    const texts = (scripts ?? []).filter((s) => s.phase === phase).map((s) => s.text);
    return texts.length > 0 ? texts.join('\n') : undefined;
  };
  const req = of('pre-request');
  const res = of('post-response');
  const tests = of('tests');
  return {
    ...(req || res ? { script: { ...(req ? { req } : {}), ...(res ? { res } : {}) } } : {}),
    ...(tests ? { tests } : {}),
  };
}

/** Notes that `what` ("3 requests", "the collection") kept scripts the workbench will not run. */
export function scriptsKept(notes: ImportNotes, key: string, what: (n: number) => string): void {
  notes.add(
    `scripts:${key}`,
    (n) =>
      `Kept the scripts and tests of ${what(n)} as text, not run: the workbench never runs collection scripts; they go back out unchanged on export.`,
  );
}
