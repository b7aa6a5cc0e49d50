/**
 * No two modules of main/, renderer/src/ or suites/ import each other, directly or around a ring,
 * type-only imports included (docs/architecture.md "The layer map"): a ring of modules has no
 * bottom, so none of them can be read, tested or moved on its own. A lazy `import('./x.js')` is an
 * edge too: it loads later, but the two modules still need each other to be read.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, extname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const ROOTS = ['main', 'renderer/src', 'suites'];

/** `import … from`, `import type … from`, `export … from` and a bare `import '…'`. */
const STATIC_IMPORT =
  /^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm;

/** `import('./x.js')` with a literal relative specifier. */
const LAZY_IMPORT = /\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The file a relative specifier names, as TypeScript resolves it (`x.js` is `x.ts`). */
function resolveSpecifier(importer: string, specifier: string): string | undefined {
  const target = resolve(dirname(importer), specifier);
  const extension = extname(target);
  const base = /^\.jsx?$/.test(extension) ? target.slice(0, -extension.length) : target;
  return [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')].find(
    (candidate) => existsSync(candidate),
  );
}

/** The rings of the import graph (its strongly connected parts of two or more modules). */
function rings(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (stack.includes(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const ring = stack.splice(stack.indexOf(node));
    if (ring.length > 1) found.push(ring.map((file) => relative(repoRoot, file)).sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the import graph', () => {
  it('has no ring of modules in main/, renderer/src/ or suites/', () => {
    const graph = new Map<string, string[]>();
    for (const file of ROOTS.flatMap((root) => sources(join(repoRoot, root)))) {
      const text = readFileSync(file, 'utf8');
      const targets = [...text.matchAll(STATIC_IMPORT), ...text.matchAll(LAZY_IMPORT)]
        .map((match) => resolveSpecifier(file, match[1]!))
        .filter((target): target is string => target !== undefined);
      graph.set(file, targets);
    }
    expect(rings(graph)).toEqual([]);
  });
});
