/**
 * docs/sandbox-data.md is generated from the sandbox data (the file and the API reference
 * cannot drift), then formatted by Prettier like every file of the repository.
 * UPDATE_SANDBOX_DOCS=1 rewrites the file instead of comparing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { sandboxDataDocument } from '../../../main/core/bank/handlers/sandbox/data-description.js';

const FILE = fileURLToPath(new URL('../../../docs/sandbox-data.md', import.meta.url));

describe('docs/sandbox-data.md', () => {
  it('is the generated description of the initial and fixed test data', async () => {
    const options = (await prettier.resolveConfig(FILE)) ?? {};
    const expected = await prettier.format(sandboxDataDocument(), {
      ...options,
      parser: 'markdown',
    });
    if (process.env.UPDATE_SANDBOX_DOCS === '1') writeFileSync(FILE, expected);
    expect(readFileSync(FILE, 'utf8')).toBe(expected);
  });
});
