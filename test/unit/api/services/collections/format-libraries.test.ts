/**
 * The collection formats' libraries are optional peer dependencies
 * (main/api/services/collections/format-libraries.ts): a missing one is refused in one line that names the
 * `npm install` to run. The import failing is real: a module of a temporary folder's
 * node_modules (which Vitest leaves to Node) imports the package, which Node cannot find there, as
 * in an install that left it out.
 */
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import packageJson from '../../../../../package.json' with { type: 'json' };
import { CallRefused } from '../../../../../main/api/dispatch';
import {
  FORMAT_LIBRARIES,
  FORMAT_LIBRARIES_INSTALL,
  withFormatLibraries,
} from '../../../../../main/api/services/collections/format-libraries';

const folder = join(mkdtempSync(join(tmpdir(), 'format-libraries-')), 'node_modules', 'probe');
mkdirSync(folder, { recursive: true });

/** Imports `name` from a folder where it is not installed: Node's own "Cannot find package". */
function importMissing(name: string): () => Promise<unknown> {
  const file = join(folder, `imports-${name.replace(/\W/g, '-')}.mjs`);
  writeFileSync(file, `import '${name}';\n`);
  return () => import(/* @vite-ignore */ pathToFileURL(file).href);
}

describe('the optional format libraries', () => {
  it('are optional peers, not installed dependencies, at the versions the command names', () => {
    for (const name of FORMAT_LIBRARIES) {
      expect(packageJson.dependencies, name).not.toHaveProperty([name]);
      expect(packageJson.peerDependenciesMeta[name], name).toEqual({ optional: true });
      expect(FORMAT_LIBRARIES_INSTALL).toContain(`${name}@${packageJson.peerDependencies[name]}`);
    }
  });

  for (const name of FORMAT_LIBRARIES)
    it(`refuses in one line naming the install command when ${name} is missing`, async () => {
      const refused = await withFormatLibraries(importMissing(name)).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(CallRefused);
      const message = (refused as CallRefused).message;
      expect(message).toContain(`optional package ${name}`);
      expect(message).toContain('`npm install postman-collection@^5.3.1 @usebruno/lang@^0.39.0`');
      expect(message).not.toMatch(/\n/);
    });

  it('passes any other failure on as it was', async () => {
    const refused = await withFormatLibraries(importMissing('not-a-format-library')).catch(
      (e: unknown) => e,
    );
    expect(refused).not.toBeInstanceOf(CallRefused);
    expect((refused as Error).message).toMatch(/Cannot find package 'not-a-format-library'/);
  });

  it('loads what is installed', async () => {
    await expect(withFormatLibraries(async () => 'loaded')).resolves.toBe('loaded');
  });
});
