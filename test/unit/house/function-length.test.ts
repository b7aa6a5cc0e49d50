/**
 * Hand-written source stays readable in one sitting: no function over 150 lines and no file over
 * 450 (a file whose header comment says `@generated` is written by a tool, not by hand). Functions
 * are found with the TypeScript compiler's parser, so a function is whatever the language says
 * it is (declarations, methods, arrows, function expressions), counted from its first token to
 * its last line, the functions nested in it included. The tests are not measured.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** The hand-written source: everything under these folders but the tests. */
const SOURCE_ROOTS = ['main', 'renderer/src', 'suites', 'preload', 'bench'];

const MAX_FUNCTION_LINES = 150;
const MAX_FILE_LINES = 450;

/**
 * Functions over the limit that are still to be split, as `file: name`. The list only shrinks:
 * a function split below the limit must leave it, and a new long function is never added to it.
 */
const LONG_FUNCTIONS_LEFT: string[] = [];

/** Files over the limit that are still to be split; the list only shrinks, as the one above. */
const LONG_FILES_LEFT: string[] = [];

function sourceFiles(folder: string): string[] {
  return readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sourceFiles(path);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
}

const FILES = SOURCE_ROOTS.flatMap(sourceFiles).sort();

/**
 * What a function is called: its own name, or the name it is assigned to; an anonymous one
 * (a callback such as zustand's store creator) by the declaration that holds it.
 */
function nameOf(node: ts.SignatureDeclaration): string {
  if (node.name) return node.name.getText();
  let holder: ts.Node = node.parent;
  let direct = true;
  while (holder && !ts.isSourceFile(holder)) {
    if (
      (ts.isVariableDeclaration(holder) ||
        ts.isPropertyAssignment(holder) ||
        ts.isPropertyDeclaration(holder)) &&
      holder.name
    )
      return direct ? holder.name.getText() : `${holder.name.getText()} (anonymous)`;
    if (ts.isFunctionLike(holder)) break;
    direct = false;
    holder = holder.parent;
  }
  return '(anonymous)';
}

/** The functions of `text` over MAX_FUNCTION_LINES lines, as `file: name`. */
function longFunctions(file: string, text: string): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.end) - lineOf(node.getStart()) + 1;
      if (lines > MAX_FUNCTION_LINES) found.push(`${file}: ${nameOf(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A file's lines (a last line ending with a newline is not followed by another). */
function linesOf(text: string): number {
  return text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
}

/** Written by a tool: its header comment (the file's first comment) says `@generated`. */
function generated(text: string): boolean {
  const header = /^\s*(\/\*[\s\S]*?\*\/|(\/\/[^\n]*\n)+)/.exec(text)?.[0] ?? '';
  return header.includes('@generated');
}

describe('the length of functions and files', () => {
  const texts = new Map(FILES.map((file) => [file, readFileSync(join(ROOT, file), 'utf8')]));

  it('measures the hand-written source, not the tests', () => {
    expect(FILES).toContain('main/api/services/bank/calls.ts');
    expect(FILES).toContain('renderer/src/features/bank/components/SequenceDiagram.tsx');
    expect(FILES.filter((file) => file.startsWith('test/'))).toEqual([]);
  });

  it(`has no function over ${MAX_FUNCTION_LINES} lines but those still to be split`, () => {
    const long = [...texts].flatMap(([file, text]) => longFunctions(file, text)).sort();
    expect(long).toEqual([...LONG_FUNCTIONS_LEFT].sort());
  }, 120_000);

  it(`has no hand-written file over ${MAX_FILE_LINES} lines but those still to be split`, () => {
    const long = [...texts].filter(
      ([, text]) => linesOf(text) > MAX_FILE_LINES && !generated(text),
    );
    expect(
      long.map(([file]) => file),
      long.map(([file, text]) => `${file}: ${linesOf(text)} lines`).join('; '),
    ).toEqual(LONG_FILES_LEFT);
  });

  it('counts a function from its first token to its last line, and names an anonymous one', () => {
    const body = (lines: number) => Array.from({ length: lines - 2 }, () => '  work();').join('\n');
    const at = (lines: number) => `function f() {\n${body(lines)}\n}\n`;
    expect(longFunctions('x.ts', at(MAX_FUNCTION_LINES))).toEqual([]);
    expect(longFunctions('x.ts', `/** Why. */\n${at(MAX_FUNCTION_LINES + 1)}`)).toEqual([
      'x.ts: f',
    ]);
    const creator = `export const useStore = create((set) => {\n${body(MAX_FUNCTION_LINES + 1)}\n});\n`;
    expect(longFunctions('x.ts', creator)).toEqual(['x.ts: useStore (anonymous)']);
    const method = `const command = {\n  async run(argv) {\n${body(MAX_FUNCTION_LINES + 1)}\n  },\n};\n`;
    expect(longFunctions('x.ts', method)).toEqual(['x.ts: run']);
  });

  it('reads a file as generated only from its header comment', () => {
    expect(generated('/**\n * Examples.\n * @generated, not hand-written\n */\nexport {};\n')).toBe(
      true,
    );
    expect(generated('/** Hand-written. */\nconst note = "@generated";\n')).toBe(false);
    expect(linesOf('a\nb\n')).toBe(2);
  });
});
