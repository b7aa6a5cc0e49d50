/**
 * One name per thing: an exported name is declared in one file of the source roots, so a reader
 * who meets it knows which thing it is (docs/architecture.md "Names"). A name two files export is
 * either two meanings under one name (rename one) or one meaning written twice (keep one source).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['main', 'renderer/src', 'suites', 'preload'];

/**
 * Each suite area's index exports its `checks`: the registry imports every area's list by that one
 * name (suites/registry.ts), so the name means the same in each.
 */
const ONE_NAME_BY_DESIGN = new Set(['checks']);

/** Every exported declaration's name in `file` (an overload's repeated name counted once). */
function exportedNames(file: string): Set<string> {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  const names = new Set<string>();
  for (const statement of source.statements) {
    if (
      !ts
        .getModifiers(statement as ts.HasModifiers)
        ?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    )
      continue;
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.add(declaration.name.text);
    if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    )
      names.add(statement.name.text);
  }
  return names;
}

const sourceFiles = execFileSync('git', ['ls-files', ...ROOTS], { encoding: 'utf8' })
  .split('\n')
  .filter((file) => /\.tsx?$/.test(file) && !file.endsWith('.d.ts'));

/** Each exported name declared in more than one of `files`, with those files. */
function declaredTwice(files: readonly string[]): Map<string, string[]> {
  const declaredIn = new Map<string, string[]>();
  for (const file of files)
    for (const name of exportedNames(file))
      declaredIn.set(name, [...(declaredIn.get(name) ?? []), file]);
  return new Map(
    [...declaredIn].filter(([name, where]) => where.length > 1 && !ONE_NAME_BY_DESIGN.has(name)),
  );
}

describe('exported names', () => {
  const twice = declaredTwice(sourceFiles);

  it('are declared in one file each', () => {
    expect([...twice].map(([name, where]) => `${name}: ${where.join(' ')}`)).toEqual([]);
  });

  it('finds a name planted in a second file, and not an overload', () => {
    const folder = mkdtempSync(join(tmpdir(), 'exported-names-'));
    const planted = join(folder, 'planted.ts');
    writeFileSync(
      planted,
      'export type RuleId = number;\nexport function f(a: string): string;\n' +
        'export function f(a: number): number;\nexport function f(a: unknown) { return a; }\n',
    );
    try {
      const found = declaredTwice([...sourceFiles, planted]);
      expect(found.get('RuleId')).toEqual(['main/shared/rule-ids.ts', planted]);
      expect(found.has('f')).toBe(false);
    } finally {
      rmSync(folder, { recursive: true });
    }
  });
});
