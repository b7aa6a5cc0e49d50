/**
 * docs/architecture.md names files and folders to send a reader to them: each must exist. A name
 * in backquotes that looks like a path (it has a `/` or a file extension) is looked up from the
 * repository root, or from the folder the page is talking about there (the bank's, the runner's,
 * the CLI's, the services'); a bare file name, as a table row lists the files of its folder, must
 * be the name of some file of the repository. `<area>` stands for any folder and `**` for anything
 * below: the part before them must exist.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const PAGE = 'docs/architecture.md';

/** The folders a short name on the page is relative to, besides the repository root. */
const BASES = [
  '',
  'docs',
  'main/core',
  'main/core/bank',
  'main/core/runner',
  'main/core/runner/session',
  'main/hosts/cli',
  'main/api/services',
];

/** The folders whose files and folders a bare name may be. */
const ROOTS = [
  'main',
  'preload',
  'renderer',
  'suites',
  'bench',
  'test',
  'eslint',
  'scripts',
  'docs',
];

/** Names with a `/` that are no path: the lint rule's id. */
const NOT_PATHS = new Set(['workbench/layers']);

/** Every file and folder name under ROOTS (folders with a trailing `/`). */
function repositoryNames(): Set<string> {
  const names = new Set<string>();
  for (const root of ROOTS)
    for (const entry of readdirSync(root, { recursive: true, withFileTypes: true }))
      names.add(entry.isDirectory() ? `${entry.name}/` : entry.name);
  return names;
}

const PATH_LIKE = /^[\w.@-][\w.@<>*/-]*$/;
const FILE_EXTENSION = /\.(ts|tsx|js|mjs|md|json|yaml|yml|xsd|db)$/;

/** The backquoted names of the page that look like paths. */
function pathsNamed(text: string): string[] {
  const names = new Set<string>();
  for (const [, name] of text.matchAll(/`([^`\n]+)`/g)) {
    if (!name || !PATH_LIKE.test(name) || NOT_PATHS.has(name)) continue;
    if (name.includes('/') || FILE_EXTENSION.test(name)) names.add(name);
  }
  return [...names];
}

/** The part of a name that must exist: before any `<placeholder>` or `*` glob. */
function fixedPart(name: string): string {
  const cut = name.search(/[<*]/);
  return cut < 0 ? name : name.slice(0, cut);
}

const bareNames = repositoryNames();

function exists(name: string): boolean {
  const fixed = fixedPart(name);
  if (/^[^/]+\/?$/.test(fixed) && bareNames.has(fixed)) return true;
  return BASES.some((base) => existsSync(join(base, fixed)));
}

describe(PAGE, () => {
  const text = readFileSync(PAGE, 'utf8');

  it('names only files and folders that exist', () => {
    expect(pathsNamed(text).filter((name) => !exists(name))).toEqual([]);
  });

  it('is read as a path list: names with and without folders, placeholders and globs', () => {
    expect(
      pathsNamed('`main/core/bank/bank.ts`, `run.ts`, `suites/<area>/`, `x.y`, `a b/c`'),
    ).toEqual(['main/core/bank/bank.ts', 'run.ts', 'suites/<area>/']);
    expect(exists('main/shared/**')).toBe(true);
    expect(exists('stages/session.ts')).toBe(true);
    expect(exists('stages/no-such-stage.ts')).toBe(false);
    expect(exists('authorisation-kinds.ts')).toBe(true);
    expect(exists('no-such-file.ts')).toBe(false);
  });
});
