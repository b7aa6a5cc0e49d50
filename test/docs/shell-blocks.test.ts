/**
 * How the docs test finds the blocks a user pastes: ```sh fences at the left margin, with the
 * skip marker on the line before (blank lines between allowed), and how it ends what a block
 * left running.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lastBlock, pastedInOrder, runShellBlock, shellBlocks } from './shell-blocks.js';

const DOC = [
  '# Title',
  '```sh',
  'workbench --help',
  '```',
  '<!-- docs-test: skip — needs a real bank -->',
  '',
  '```sh',
  'workbench run --target https://bank.example',
  '```',
  '  ```sh',
  '  indented: an example inside a list',
  '  ```',
  '```json',
  '{}',
  '```',
].join('\n');

describe('shell blocks of a doc', () => {
  it('finds the sh blocks at the margin, with their line and skip reason', () => {
    expect(shellBlocks('README.md', DOC)).toEqual([
      { doc: 'README.md', line: 2, text: 'workbench --help' },
      {
        doc: 'README.md',
        line: 7,
        text: 'workbench run --target https://bank.example',
        skip: 'needs a real bank',
      },
    ]);
  });

  it('refuses a block without its closing fence', () => {
    expect(() => shellBlocks('x.md', '```sh\nls\n')).toThrow('x.md:1');
  });

  it('fails on a failing command, and ends a background process by its group', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'shell-block-'));
    try {
      const failed = await runShellBlock('false\necho never', {
        cwd,
        env: process.env,
        timeoutMs: 10_000,
      });
      expect(failed.code).toBe(1);
      expect(failed.output).not.toContain('never');

      const started = Date.now();
      const left = await runShellBlock('sleep 30 &\necho $! > pid', {
        cwd,
        env: process.env,
        timeoutMs: 10_000,
      });
      expect(left.code).toBe(0);
      expect(Date.now() - started).toBeLessThan(8000);
      const pid = Number(readFileSync(join(cwd, 'pid'), 'utf8'));
      expect(() => process.kill(pid, 0)).toThrow(); // the background sleep is gone

      const slow = await runShellBlock('sleep 30', { cwd, env: process.env, timeoutMs: 500 });
      expect(slow.timedOut).toBe(true);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 30_000);

  it('pastes a page in order into one shell: a job one block leaves is there for the next', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'shell-block-'));
    const page = [
      '```sh',
      'sleep 60 &',
      '```',
      '<!-- docs-test: skip — not pasted -->',
      '```sh',
      'exit 3',
      '```',
      '```sh',
      'wait',
      '```',
    ].join('\n');
    try {
      const blocks = shellBlocks('x.md', page);
      const text = pastedInOrder(blocks);
      expect(text).not.toContain('exit 3');
      // Alone, each block ends at once; pasted together, `wait` waits for the first one's job.
      for (const block of [blocks[0]!, blocks[2]!]) {
        const alone = await runShellBlock(block.text, { cwd, env: process.env, timeoutMs: 10_000 });
        expect(alone.timedOut).toBe(false);
      }
      const pasted = await runShellBlock(text, {
        cwd,
        env: process.env,
        timeoutMs: 2000,
        perBlock: true,
      });
      expect(pasted.timedOut).toBe(true);
      expect(lastBlock(pasted.output)).toBe('x.md:8');
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  }, 30_000);
});
