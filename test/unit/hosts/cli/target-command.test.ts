/**
 * `workbench target init --bank-json FILE` right after `workbench bank --json > FILE &`: the line
 * may not be there yet (the shell may not even have created FILE), so it is waited for, up to a
 * deadline, and a file that never gets it is named with what went wrong.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bankJsonLine, readBankJson } from '../../../../main/hosts/cli/target-command.js';
import { UsageError } from '../../../../main/hosts/cli/io.js';

const LINE = {
  url: 'http://127.0.0.1:4242',
  health: 'http://127.0.0.1:4242/health',
  mode: 'sandbox',
  pid: 1,
  admin: { url: 'http://127.0.0.1:4242/admin', token: 't' },
};

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bank-json-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('target init --bank-json waits for the bank line', () => {
  it('reads a line that is already there at once', async () => {
    const file = join(dir, 'bank.json');
    await writeFile(file, JSON.stringify(LINE) + '\n');
    const started = Date.now();
    expect(await readBankJson(file, 30_000)).toEqual({
      url: LINE.url,
      mode: 'sandbox',
      admin: LINE.admin,
    });
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('waits for a file the shell has not created yet and a line written in two parts', async () => {
    const file = join(dir, 'bank.json');
    const text = JSON.stringify(LINE) + '\n';
    setTimeout(() => void writeFile(file, text.slice(0, 20)), 200);
    setTimeout(() => void appendFile(file, text.slice(20)), 500);
    const started = Date.now();
    expect((await readBankJson(file, 10_000)).url).toBe(LINE.url);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('gives up at the deadline naming the file and the likely cause', async () => {
    const file = join(dir, 'bank.json');
    await writeFile(file, '');
    const started = Date.now();
    const error = await readBankJson(file, 400).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UsageError);
    expect((error as Error).message).toContain(`'${file}' holds no JSON line`);
    expect((error as Error).message).toContain('after waiting 0.4 s');
    expect((error as Error).message).toContain('is the bank running');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a missing file after the deadline names ENOENT', async () => {
    const error = await readBankJson(join(dir, 'none.json'), 0).catch((e: unknown) => e);
    expect((error as Error).message).toMatch(/cannot read '.*none\.json' \(ENOENT\)/);
  });

  it('a line without url or mode is not the bank line', () => {
    expect(bankJsonLine('{"url":"http://x"}\n')).toBeUndefined();
    expect(bankJsonLine('{"url":"http://x","mode":"sandbox"')).toBeUndefined();
    expect(bankJsonLine('listening\n{"url":"http://x","mode":"production"}\n')).toMatchObject({
      mode: 'production',
    });
  });
});
