/**
 * The package's library entry (package.json `exports`, main/library.ts) as it ships: the built
 * out/main/library.js and every chunk it imports, statically or on demand, never import Electron,
 * which the installed package does not have. Reads the build (`npm run build` first, as `npm test`
 * does); the same walk from the Electron host's out/main/index.js finds Electron, so it can see it.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../package.json' with { type: 'json' };

const ROOT = resolve(import.meta.dirname, '../../..');
const exec = promisify(execFile);

/** `from "x"`, `import "x"` and `import("x")` of a built chunk. */
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(\s*|^import\s*)"([^"]+)"/gm;

/** The packages a built module's graph imports: its own chunks followed, the rest collected. */
function packagesImportedFrom(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      if (specifier!.startsWith('.')) visit(resolve(dirname(file), specifier!));
      else packages.add(specifier!);
    }
  };
  visit(entry);
  return packages;
}

describe('the library entry', () => {
  const entry = join(ROOT, packageJson.exports['.']);

  it('is the build of main/library.ts', () => {
    expect(packageJson.exports['.']).toBe('./out/main/library.js');
    expect(existsSync(entry), 'run npm run build first').toBe(true);
  });

  it('imports no electron in its whole module graph', () => {
    const packages = packagesImportedFrom(entry);
    expect(packages).toContain('better-sqlite3'); // the walk reached the bank
    expect([...packages].filter((name) => name.startsWith('electron'))).toEqual([]);
  });

  it('is told apart from the Electron host, whose graph does import electron', () => {
    expect(packagesImportedFrom(join(ROOT, 'out/main/index.js'))).toContain('electron');
  });

  it("loads by the package's name in Node and has what docs/sca.md uses", async () => {
    const names = ['CHECKS', 'createTppIdentity', 'embeddedTarget', 'runChecks'];
    const { stdout } = await exec(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        "const lib = await import('psd2-workbench'); console.log(JSON.stringify(Object.keys(lib)));",
      ],
      { cwd: ROOT },
    );
    const exported = JSON.parse(stdout) as string[];
    expect(exported).toEqual(expect.arrayContaining([...names, 'suitePsuAgentFactory']));
  });
});
