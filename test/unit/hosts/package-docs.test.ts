/**
 * The npm package ships every doc its Markdown links to: README.md and each shipped doc, read
 * for relative links, against the file list `npm pack` would pack. And the working files a user
 * makes beside the clone (reports, packed tarballs) are ignored by git.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const exec = promisify(execFile);

/** Relative link targets of a Markdown text (no URLs, no in-page anchors), anchors cut. */
export function relativeLinks(markdown: string): string[] {
  const targets = [...markdown.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!);
  return targets
    .filter((t) => !/^[a-z]+:/i.test(t) && !t.startsWith('#'))
    .map((t) => t.replace(/#.*$/, ''));
}

describe('the packaged docs', () => {
  it('every relative link of a shipped Markdown file points into the package', async () => {
    const { stdout } = await exec('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
      maxBuffer: 16 * 1024 * 1024,
    });
    const [{ files }] = JSON.parse(stdout) as [{ files: { path: string }[] }];
    const packed = new Set(files.map((f) => f.path));
    const missing: string[] = [];
    for (const doc of [...packed].filter((p) => p.endsWith('.md'))) {
      for (const link of relativeLinks(readFileSync(doc, 'utf8'))) {
        const target = normalize(join(dirname(doc), link)).replace(/\/$/, '');
        const shipped = packed.has(target) || [...packed].some((p) => p.startsWith(`${target}/`));
        if (!shipped) missing.push(`${doc} → ${link}`);
      }
    }
    expect(packed.has('README.md')).toBe(true);
    expect(missing).toEqual([]);
  }, 60_000);

  it('reports and packed tarballs are not committed by accident', () => {
    const ignored = readFileSync('.gitignore', 'utf8').split('\n');
    expect(ignored).toEqual(expect.arrayContaining(['workbench-report/', '*.tgz']));
  });
});
