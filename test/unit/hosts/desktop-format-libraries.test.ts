/**
 * The desktop app ships the collection formats' libraries. They are optional peers of the npm
 * package (main/api/services/collections/format-libraries.ts) and so devDependencies of the clone, which
 * electron-builder leaves out of the app's node_modules; electron-builder.json copies each package
 * of their dependency closure (from package-lock.json) into the app's resources/node_modules,
 * where Node finds them from the app's out/main, one folder up from app.asar.
 */
import { describe, expect, it } from 'vitest';
import builder from '../../../electron-builder.json' with { type: 'json' };
import lock from '../../../package-lock.json' with { type: 'json' };
import { FORMAT_LIBRARIES } from '../../../main/api/services/collections/format-libraries';

type LockEntry = {
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
};
const packages = lock.packages as Record<string, LockEntry>;

/** Where Node finds `name` from the package at `from`: its own node_modules, then each parent's. */
function resolved(from: string, name: string): string | undefined {
  for (let base = from; ;) {
    const path = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[path]) return path;
    if (!base) return undefined;
    const parent = base.lastIndexOf('/node_modules/');
    base = parent < 0 ? '' : base.slice(0, parent);
  }
}

/** The top-level folders of node_modules that the libraries need, themselves included. */
function closure(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    const entry = packages[path]!;
    for (const name of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolved(path, name);
      if (found) visit(found);
    }
  };
  for (const name of names) visit(`node_modules/${name}`);
  // A package nested under another is copied with the folder it is nested in.
  return [...seen].filter((path) => !path.slice('node_modules/'.length).includes('/node_modules/'));
}

describe('the desktop build', () => {
  it('copies every package the collection formats need into resources/node_modules', () => {
    const copied = (builder.extraResources ?? []).map((set) => {
      expect(set.to).toBe(set.from);
      return set.from;
    });
    const needed = closure(FORMAT_LIBRARIES);
    expect(needed).toContain('node_modules/@faker-js/faker');
    expect(copied.sort()).toEqual(needed.sort());
  });
});
