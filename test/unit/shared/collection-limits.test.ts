/**
 * How big a collection the workbench imports (main/shared/collection-limits.ts): the file-count
 * bound of a Bruno folder lets every folder the workbench exports back in, since no file the
 * exporter writes is smaller than MIN_EXPORTED_BRU_BYTES.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exportBruno } from '../../../main/core/collections/bruno';
import {
  MAX_BRUNO_FILES,
  MAX_COLLECTION_FILE_CHARS,
  MIN_EXPORTED_BRU_BYTES,
} from '../../../main/shared/collection-limits';

describe('the Bruno folder bound', () => {
  it('no file the exporter writes (but bruno.json and collection.bru) is under the smallest size', () => {
    // The smallest collection the workbench holds: one-letter names, an empty path, no extras.
    const files = exportBruno({
      name: 'c',
      variables: [],
      items: [
        {
          kind: 'folder',
          id: 'f',
          name: 'x',
          items: [
            { kind: 'folder', id: 'g', name: 'y', items: [] },
            {
              kind: 'request',
              id: 'r',
              name: 'r',
              request: { method: 'GET', path: '' },
              savedAt: '',
            },
          ],
        },
      ],
    });
    const sizes = files
      .filter((f) => f.path !== 'bruno.json' && f.path !== 'collection.bru')
      .map((f) => Buffer.byteLength(f.text));
    expect(sizes).toHaveLength(3);
    expect(Math.min(...sizes)).toBe(MIN_EXPORTED_BRU_BYTES);
  });

  it('admits as many files as the size limit holds of the smallest, and 20,000 requests', () => {
    expect((MAX_BRUNO_FILES - 2) * MIN_EXPORTED_BRU_BYTES).toBeGreaterThanOrEqual(
      MAX_COLLECTION_FILE_CHARS,
    );
    expect(MAX_BRUNO_FILES).toBeGreaterThan(20_000 + 2);
  });

  it('is the one docs/collections.md names', () => {
    const doc = readFileSync(new URL('../../../docs/collections.md', import.meta.url), 'utf8');
    expect(doc).toContain(`read up to ${MAX_BRUNO_FILES.toLocaleString('en-US')} files`);
    expect(doc).toContain(`is under ${MIN_EXPORTED_BRU_BYTES} bytes`);
  });
});
