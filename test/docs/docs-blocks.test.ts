/**
 * Docs that are tested: every ```sh block of README.md and docs/*.md runs as a user would paste
 * it, in an empty folder with `workbench` on the PATH (a shim calling this clone's
 * bin/workbench.js; run `npm run build` first, as `npm test` does) and `psd2-workbench` importable
 * from code (node_modules above the folder links this clone, as an install of the package would).
 * A doc's blocks run in order in one folder, since a later block uses what an earlier one made
 * (`certs/`). Then a page with more
 * than one such block runs again as a reader pastes it: all its blocks in order in ONE shell, in a
 * fresh folder, so a job one block starts and another waits for, or a file an earlier block left
 * that a later one takes for its own, shows. (A page with one block would repeat its block run:
 * that run serves as both.) A block that needs a
 * real bank, a person, the network or the clone itself is marked in the doc
 * (`<!-- docs-test: skip — reason -->`) and reported skipped with that reason.
 */
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  lastBlock,
  pastedInOrder,
  runShellBlock,
  shellBlocks,
  type BlockRun,
  type ShellBlock,
} from './shell-blocks.js';
import { freePort } from '../support/free-port.js';

const ROOT = resolve(import.meta.dirname, '../..');
/** Each block's limit: a full run of the suites against a `workbench bank` takes 40–100 s on 2 busy cores. */
const BLOCK_TIMEOUT_MS = 240_000;

const docs = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];
const blocksByDoc = new Map<string, ShellBlock[]>(
  docs.map((doc) => [doc, shellBlocks(doc, readFileSync(join(ROOT, doc), 'utf8'))]),
);

const work = mkdtempSync(join(tmpdir(), 'docs-blocks-'));
const shims = join(work, 'bin');
mkdirSync(shims);
writeFileSync(
  join(shims, 'workbench'),
  `#!/bin/sh\nexec "${process.execPath}" "${join(ROOT, 'bin', 'workbench.js')}" "$@"\n`,
);
chmodSync(join(shims, 'workbench'), 0o755);
const packageLink = join(work, 'node_modules', 'psd2-workbench');
mkdirSync(dirname(packageLink));
symlinkSync(ROOT, packageLink, 'dir');
const env: NodeJS.ProcessEnv = {
  ...process.env,
  PATH: [shims, process.env.PATH ?? ''].join(delimiter),
};
// A bank started by these blocks is not under a package runner: it must not stop with its shell.
delete env.npm_lifecycle_event;
// A block whose bank takes a fixed port reads it from BANK_PORT (8080 by default): a free one
// here, so that two test runs side by side never take the same port.
beforeAll(async () => {
  env.BANK_PORT = String(await freePort());
});
afterAll(() => {
  // The link first, on its own: the clean-up below must never reach into the clone.
  unlinkSync(packageLink);
  rmSync(work, { recursive: true, force: true });
});

describe('every ```sh block of the docs', () => {
  it('has blocks to run and names the reason of every skipped one', () => {
    const all = [...blocksByDoc.values()].flat();
    expect(all.filter((b) => !b.skip).length).toBeGreaterThan(0);
    expect(existsSync(join(ROOT, 'out', 'main', 'cli.js')), 'run npm run build first').toBe(true);
  });

  for (const [doc, blocks] of blocksByDoc) {
    if (blocks.length === 0) continue;
    // The blocks of one doc run in order in one folder; the docs run side by side.
    const folder = join(work, doc.replace(/[^A-Za-z0-9]+/g, '-'));
    let chain: Promise<unknown> = Promise.resolve();
    const runAfterThePrevious = (start: () => Promise<BlockRun>) => {
      const run = chain.then(start);
      chain = run.catch(() => undefined);
      return run;
    };
    const expectRan = (name: string, result: BlockRun, where = name) => {
      const tail = result.output.split('\n').slice(-40).join('\n');
      expect(result.timedOut, `${where} ran over ${BLOCK_TIMEOUT_MS / 1000} s:\n${tail}`).toBe(
        false,
      );
      expect(result.code, `${where} failed (exit ${result.code}):\n${tail}`).toBe(0);
    };
    for (const block of blocks) {
      const name = `${doc}:${block.line}`;
      if (block.skip) {
        it.skip(`${name} (skipped: ${block.skip})`, () => undefined);
        continue;
      }
      const run = () => {
        mkdirSync(folder, { recursive: true });
        return runShellBlock(block.text, { cwd: folder, env, timeoutMs: BLOCK_TIMEOUT_MS });
      };
      it.concurrent(
        name,
        async () => expectRan(name, await runAfterThePrevious(run)),
        BLOCK_TIMEOUT_MS * 4,
      );
    }
    const pasted = blocks.filter((b) => !b.skip);
    if (pasted.length < 2) continue;
    // After the block runs, not beside them: blocks may take a fixed port (--port 8080).
    const inOrder = () => {
      const cwd = `${folder}-in-order`;
      mkdirSync(cwd, { recursive: true });
      return runShellBlock(pastedInOrder(pasted), {
        cwd,
        env,
        timeoutMs: BLOCK_TIMEOUT_MS,
        perBlock: true,
      });
    };
    const name = `${doc} pasted in order into one shell (${pasted.length} blocks)`;
    it.concurrent(
      name,
      async () => {
        const result = await runAfterThePrevious(inOrder);
        expectRan(name, result, `${name}, in block ${lastBlock(result.output)},`);
      },
      BLOCK_TIMEOUT_MS * (4 + pasted.length),
    );
  }
});
