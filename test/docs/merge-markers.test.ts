/**
 * No doc carries an unresolved merge: a line starting with `<<<<<<<` or `>>>>>>>`, or `=======`
 * alone, is left from a merge that was never finished, and a shell block holding one would run
 * both sides (or neither) of it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');

/** The lines of a Markdown text that are merge-conflict markers, as `doc:line: text`. */
function conflictMarkers(doc: string, markdown: string): string[] {
  return markdown
    .split('\n')
    .map((text, index) => ({ text: text.replace(/\r$/, ''), line: index + 1 }))
    .filter(({ text }) => /^(<{7}|>{7})/.test(text) || text === '='.repeat(7))
    .map(({ text, line }) => `${doc}:${line}: ${text}`);
}

function markdownUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return markdownUnder(path);
    return entry.name.endsWith('.md') ? [path] : [];
  });
}

const docs = [
  join(ROOT, 'README.md'),
  join(ROOT, 'SECURITY.md'),
  ...markdownUnder(join(ROOT, 'docs')),
].map((path) => relative(ROOT, path));

describe('merge-conflict markers in the docs', () => {
  it('finds each kind of marker line, and no heading underline or longer rule', () => {
    const text = [
      'a',
      '<<<<<<< HEAD',
      'b',
      '=======',
      'c',
      '>>>>>>> branch',
      'Title',
      '========',
      '=== x',
    ];
    expect(conflictMarkers('x.md', text.join('\n'))).toEqual([
      'x.md:2: <<<<<<< HEAD',
      'x.md:4: =======',
      'x.md:6: >>>>>>> branch',
    ]);
  });

  it('README.md, SECURITY.md and every docs/**/*.md hold none', () => {
    expect(docs).toContain('docs/performance.md');
    const found = docs.flatMap((doc) =>
      conflictMarkers(doc, readFileSync(join(ROOT, doc), 'utf8')),
    );
    expect(found).toEqual([]);
  });
});
